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
  'provider.create': '공급사 추가',
  'provider.update': '공급사 수정',
  'provider.delete': '공급사 삭제',
  'provider.enable': '공급사 사용',
  'provider.disable': '공급사 사용 중지',
  'provider.import': '공급사 서비스 가져오기',
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
  platform: '플랫폼',
  category: '카테고리',
  service: '서비스',
  notice: '공지',
  faq: 'FAQ',
  popup: '팝업',
  'register-route': '가입 경로',
  receipt: '증빙',
};

export function auditTargetLabel(targetType: string): string {
  return Object.hasOwn(AUDIT_TARGET_LABELS, targetType) ? AUDIT_TARGET_LABELS[targetType]! : targetType;
}
