import { SETTING_LABELS, settingChoiceLabel } from './admin-settings';
import { formatSeoulDateTime } from './datetime';
import { formatWon } from './format';
import { formatUnitPrice } from './order-rules';
import { isSettingKey, settingKind } from './settings-rules';

/**
 * The audit log's vocabulary: every operator action is recorded as `<target>.<verb>`; the console shows
 * it by its Korean label. An action missing here still shows, as its raw name (auditActionLabel), so a
 * new action never disappears from the log — but add its label when you add the action.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'charge.accept': '충전 수락',
  'charge.reject': '충전 거절',
  'deposit.attach': '입금 연결',
  'deposit.create': '입금 등록',
  'deposit.dismiss': '입금 정리',
  'point.adjust': '잔액 조정',
  'receipt.issue': '증빙 발행 처리',
  'receipt.unissue': '증빙 발행 취소',
  'setting.update': '설정 변경',
  'order.cancel': '주문 취소',
  'order.force-refund': '강제 환불',
  'order.refill': '리필 요청',
  'order.partial': '부분 완료 처리',
  'order.resend': '주문 재전송',
  'auto-order.cancel': '자동 주문 취소',
  'refill.resend': '리필 재전송',
  'refill.reject': '리필 거절',
  'member.suspend': '회원 정지',
  'member.restore': '회원 정지 해제',
  'member.api-key-reset': 'API 키 초기화',
  'member.discount': '회원 할인 변경',
  'member.update': '회원 정보 변경',
  // 회원 등급 and custom rates (docs/product.md#member-grades-and-custom-rates).
  'member.grade': '회원 등급 변경',
  'member.rate': '회원 단가 설정',
  'member.rate-delete': '회원 단가 삭제',
  'grade.create': '등급 추가',
  'grade.update': '등급 수정',
  'grade.delete': '등급 삭제',
  // Referral rewards (docs/product.md#referral-rewards-and-charge-bonuses): 보류 and 승인.
  'referral-reward.withhold': '추천인 적립 보류',
  'referral-reward.release': '추천인 적립 승인',
  'provider.create': '공급사 추가',
  'provider.update': '공급사 수정',
  'provider.delete': '공급사 삭제',
  'provider.enable': '공급사 사용',
  'provider.disable': '공급사 사용 중지',
  'provider.import': '공급사 서비스 가져오기',
  // Catalog sync (docs/product.md#operator-console): the system's changes and the operator's settings.
  'service.sync': '공급사 동기화',
  'provider.sync-settings': '동기화 설정',
  'provider.sync-apply': '의심 동기화 적용',
  'exchange-rate.set': '환율 설정',
  // Provider health (docs/product.md#operator-console): 신규 주문 전송 중지 on and off.
  'provider.pause-sending': '신규 주문 전송 중지',
  'provider.resume-sending': '신규 주문 전송 재개',
  'platform.create': '플랫폼 추가',
  'platform.update': '플랫폼 수정',
  'platform.delete': '플랫폼 삭제',
  'platform.reorder': '플랫폼 순서 변경',
  'category.create': '카테고리 추가',
  'category.update': '카테고리 수정',
  'category.delete': '카테고리 삭제',
  'category.reorder': '카테고리 순서 변경',
  'service.create': '서비스 추가',
  'service.update': '서비스 수정',
  'service.delete': '서비스 삭제',
  'service.reorder': '서비스 순서 변경',
  'notice.create': '공지 추가',
  'notice.update': '공지 수정',
  'notice.delete': '공지 삭제',
  'faq.create': 'FAQ 추가',
  'faq.update': 'FAQ 수정',
  'faq.delete': 'FAQ 삭제',
  'faq.reorder': 'FAQ 순서 변경',
  'popup.create': '팝업 추가',
  'popup.update': '팝업 수정',
  'popup.delete': '팝업 삭제',
  'register-route.create': '가입 경로 추가',
  'register-route.update': '가입 경로 수정',
  'register-route.delete': '가입 경로 삭제',
  'register-route.reorder': '가입 경로 순서 변경',
  'saved-answer.create': '자주 쓰는 답변 추가',
  'saved-answer.update': '자주 쓰는 답변 수정',
  'saved-answer.delete': '자주 쓰는 답변 삭제',
  'saved-answer.reorder': '자주 쓰는 답변 순서 변경',
};

/** The Korean label of an action, or the action itself when it has none yet. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action]! : action;
}

/** What an audit entry's `targetType` names, in Korean; unknown ones show as they are. */
export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  charge: '충전 신청',
  deposit: '입금',
  member: '회원',
  account: '회원',
  order: '주문',
  'auto-order': '자동 주문',
  refill: '리필',
  setting: '설정',
  provider: '공급사',
  'exchange-rate': '환율',
  platform: '플랫폼',
  category: '카테고리',
  service: '서비스',
  notice: '공지',
  faq: 'FAQ',
  popup: '팝업',
  'register-route': '가입 경로',
  receipt: '증빙',
  grade: '회원 등급',
  'referral-reward': '추천인 적립',
};

export function auditTargetLabel(targetType: string): string {
  return Object.hasOwn(AUDIT_TARGET_LABELS, targetType) ? AUDIT_TARGET_LABELS[targetType]! : targetType;
}

/**
 * The Korean names of the fields an audit entry's before / after carry (the presenters' keys: a service,
 * a notice, a provider, a charge, an order…), so the log reads '상단 고정: 아니오 → 예' and not
 * 'isTop: false → true'. One map for every target: the same key means the same thing everywhere. A key
 * missing here shows as it is (auditFieldLabel), so a new field never disappears — but add its label.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: '번호',
  ids: '순서',
  value: '값',
  text: '이름',
  name: '이름',
  title: '제목',
  answer: '답변',
  content: '내용',
  isTop: '상단 고정',
  bgColor: '배경색',
  imageUrl: '이미지 주소',
  contentType: '파일 형식',
  bytes: '파일 크기(바이트)',
  enabled: '사용',
  visible: '회원에게 노출',
  createdAt: '작성일시',
  updatedAt: '수정일시',
  sortOrder: '순서',
  platformId: '플랫폼 번호',
  platformText: '플랫폼',
  categoryId: '카테고리 번호',
  categoryText: '카테고리',
  categoryCount: '카테고리 수',
  serviceCount: '상품 수',
  serviceId: '상품 번호',
  serviceText: '상품',
  providerId: '공급사 번호',
  providerName: '공급사',
  providerServiceId: '공급사 상품 번호',
  providerOrderId: '공급사 주문 번호',
  providerRefillId: '공급사 리필 번호',
  unitPriceMilli: '단가',
  min: '최소 수량',
  max: '최대 수량',
  notice: '안내 문구',
  enableAuto: '자동 주문',
  isReadOnly: '읽기 전용',
  type: '종류',
  refill: '리필',
  refillDays: '리필 기간(일)',
  cancel: '취소 가능',
  cancellable: '회원 취소 허용',
  apiUrl: 'API 주소',
  apiKey: 'API 키',
  maskedKey: 'API 키',
  keyChanged: 'API 키 변경',
  markupPercent: '마진(%)',
  // Catalog sync (docs/product.md#operator-console).
  syncDisabled: '동기화 중지 사유',
  pricePinned: '단가 고정',
  syncIntervalMinutes: '자동 동기화 간격(분)',
  syncReenable: '돌아오면 다시 주문 받기',
  marginGuard: '원가보다 싸지면',
  // Provider health (docs/product.md#operator-console).
  sendingPaused: '신규 주문 전송 중지',
  failoverProviderId: '대체 공급사',
  failoverProviderName: '대체 공급사 이름',
  failoverProviderServiceId: '대체 공급사 상품 ID',
  wonPerUnit: '1단위당 원',
  currency: '통화',
  created: '추가한 상품',
  skipped: '건너뛴 상품',
  status: '상태',
  statusLabel: '상태',
  point: '잔액',
  delta: '변동',
  adjustmentId: '조정 번호',
  suspendedAt: '정지 일시',
  discount: '할인',
  memo: '메모',
  reason: '사유',
  amount: '금액',
  cost: '결제 금액',
  refunded: '환불 금액',
  balance: '잔액',
  balanceAfter: '변동 후 잔액',
  payable: '입금할 금액',
  totalAmount: '합계',
  supplyAmount: '공급가액',
  vatAmount: '부가세',
  depositorName: '입금자명',
  depositedAt: '입금일시',
  creditedAt: '충전일시',
  decidedBy: '처리',
  chargeId: '충전 신청 번호',
  depositId: '입금 번호',
  issuedAt: '발행일시',
  issuedBy: '발행한 운영자',
  feeType: '증빙 종류',
  feeValue: '증빙 정보',
  kind: '종류',
  duplicate: '중복',
  details: '상세',
  loginId: '아이디',
  memberLoginId: '회원 아이디',
  email: '이메일',
  phoneNumber: '휴대전화 번호',
  link: '링크',
  quantity: '수량',
  startCount: '시작 수량',
  remains: '남은 수량',
  runs: '실행 횟수',
  interval: '간격(분)',
  comments: '댓글',
  attempts: '시도 횟수',
  error: '오류',
  lastError: '마지막 오류',
  hasError: '오류 있음',
  finishedAt: '완료일시',
  cancelRequested: '취소 요청',
  cancelRequestedAt: '취소 요청 일시',
  nextRunAt: '다음 실행 일시',
  nextCheckAt: '다음 확인 일시',
  leasedUntil: '처리 중 기한',
  autoOrderId: '자동 주문 번호',
  orderId: '주문 번호',
  source: '출처',
};

export function auditFieldLabel(key: string): string {
  return Object.hasOwn(AUDIT_FIELD_LABELS, key) ? AUDIT_FIELD_LABELS[key]! : key;
}

/**
 * The target as an operator names it: a setting by its Korean label ('추천인 코드', not
 * 'ENABLE_REFERRAL'); every other target by its id.
 */
export function auditTargetName(targetType: string, targetId: string): string {
  if (targetType === 'setting' && isSettingKey(targetId)) return SETTING_LABELS[targetId].label;
  return targetId;
}

/** Won amounts among the fields (₩ with separators, as on the site). */
const MONEY_FIELDS = new Set([
  'point',
  'delta',
  'amount',
  'cost',
  'refunded',
  'balance',
  'balanceAfter',
  'payable',
  'totalAmount',
  'supplyAmount',
  'vatAmount',
]);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * One audit value in Korean: a setting's flag as 켜짐 / 꺼짐 and its choice by name, other yes/no
 * fields as 예 / 아니오, nothing as '없음', an empty text as '(빈 값)', won as ₩1,234, a unit price
 * as ₩0.35, an instant as yyyy-MM-dd HH:mm:ss in Seoul time; anything else as text or compact JSON.
 * `field` is the changed key ('' when the values are compared whole); `target` the entry's target.
 */
export function auditValueLabel(
  field: string,
  value: unknown,
  target: { type: string; id: string } = { type: '', id: '' },
): string {
  if (value === null || value === undefined) return '없음';
  if (
    target.type === 'setting' &&
    field === 'value' &&
    isSettingKey(target.id) &&
    typeof value === 'string'
  ) {
    const kind = settingKind(target.id);
    if (kind === 'flag' && (value === 'true' || value === 'false')) return value === 'true' ? '켜짐' : '꺼짐';
    if (kind === 'enum') return settingChoiceLabel(target.id, value);
  }
  if (typeof value === 'boolean') return value ? '예' : '아니오';
  if (typeof value === 'number') {
    if (field === 'unitPriceMilli') return formatUnitPrice(value);
    if (MONEY_FIELDS.has(field)) return formatWon(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (value === '') return '(빈 값)';
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatSeoulDateTime(value);
    return value;
  }
  return JSON.stringify(value);
}
