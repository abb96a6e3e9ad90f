import type { ConsoleSettingKey, FlagKey, PaymentTypeAvailability } from './settings';
import { isKoreanBankCode } from './toss-transfer';

/**
 * How the console's settings form presents each key (docs/product.md#site-settings): its group, Korean label
 * and a line on what it does. Typed as a Record over SettingKey, so a key added to SETTING_KEYS without a
 * label fails to compile (and admin-settings.test.ts checks the same at run time).
 */
export const SETTING_GROUPS = [
  { id: 'site', label: '사이트 정보', description: '하단(푸터)에 보이는 회사 정보입니다.' },
  { id: 'design', label: '디자인', description: '회원 사이트의 색상입니다.' },
  { id: 'features', label: '기능', description: '주문 화면과 메뉴에 보이는 기능을 켜고 끕니다.' },
  { id: 'signup', label: '회원가입·로그인', description: '가입과 로그인 때 거치는 단계입니다.' },
  { id: 'charge', label: '충전', description: '포인트 충전 화면의 입금 계좌와 선택지입니다.' },
  { id: 'external', label: '외부 연결', description: '카카오톡 채널과 네이버·카카오 로그인 연동 값입니다.' },
  {
    id: 'watch',
    label: '확인 필요 기준',
    description: '확인 필요 화면에 올릴 기준입니다. 운영자에게만 보이며, 비워두면 기본값을 씁니다.',
  },
  {
    id: 'notify',
    label: '운영자 알림',
    description: '운영자에게 보내는 이메일·텔레그램 알림입니다. 알림 화면에서 설정합니다.',
  },
] as const;
export type SettingGroupId = (typeof SETTING_GROUPS)[number]['id'];

export interface SettingLabel {
  group: SettingGroupId;
  label: string;
  description: string;
  /** A long text (an address, a notice-like line) gets a textarea. */
  multiline?: boolean;
  placeholder?: string;
}

export const SETTING_LABELS: Record<ConsoleSettingKey, SettingLabel> = {
  FOOTER_COMPANY: {
    group: 'site',
    label: '상호',
    description: '하단과 약관, 안내 메일에 쓰이는 회사 이름입니다.',
  },
  FOOTER_ADDRESS: {
    group: 'site',
    label: '주소',
    description: '하단에 보이는 사업장 주소입니다.',
    multiline: true,
  },
  FOOTER_CORPORATION_NUMBER: {
    group: 'site',
    label: '사업자등록번호',
    description: '하단에 보이는 사업자등록번호입니다.',
    placeholder: '123-45-67890',
  },
  FOOTER_CORPORATION_MARKET_NUMBER: {
    group: 'site',
    label: '통신판매업신고번호',
    description: '하단에 보이는 통신판매업 신고번호입니다.',
  },
  FOOTER_CEO: { group: 'site', label: '대표자', description: '하단에 보이는 대표자 이름입니다.' },
  FOOTER_CEO_PHONE_NUMBER: {
    group: 'site',
    label: '대표번호',
    description: '하단에 보이는 고객 문의 전화번호입니다.',
    placeholder: '02-1234-5678',
  },
  SITE_MAIN_COLOR: {
    group: 'design',
    label: '대표 색상',
    description: '버튼과 강조 색입니다. 마우스를 올렸을 때는 20% 어두운 색이 쓰입니다.',
  },
  ENABLE_SERVICE_CHECK: {
    group: 'features',
    label: '서비스 점검 중',
    description: '켜면 모든 상품의 주문이 막히고 주문 화면에 주문불가로 표시됩니다.',
  },
  ALLOW_OVERLAPPING_ORDERS: {
    group: 'features',
    label: '같은 링크 중복 주문 허용',
    description:
      '끄면 같은 상품·같은 링크로 진행 중인 주문이 있을 때 새 주문을 거절합니다(누가 주문했든). 켜면 앞 주문이 끝나기 전에도 같은 링크로 다시 주문할 수 있습니다.',
  },
  ENABLE_VISIBLE_SERVICE_ID: {
    group: 'features',
    label: '상품 번호 표시',
    description: '켜면 주문 화면의 상품 이름 앞에 [번호]가 붙습니다. API 이용자가 번호를 찾기 쉬워집니다.',
  },
  ENABLE_QNA: {
    group: 'features',
    label: 'FAQ 메뉴',
    description: '켜면 회원 메뉴에 자주 묻는 질문(/qna)이 보입니다.',
  },
  ENABLE_PHONE_NUMBER: {
    group: 'signup',
    label: '휴대전화 인증',
    description: '켜면 회원가입 때 휴대전화 번호와 문자 인증번호 5자리를 받습니다.',
  },
  ENABLE_EMAIL_VERIFY: {
    group: 'signup',
    label: '이메일 인증',
    description: '켜면 회원가입 때 이메일 인증번호를 받고, 로그인 화면에 아이디·비밀번호 찾기가 보입니다.',
  },
  ENABLE_REFERRAL: {
    group: 'signup',
    label: '추천인 코드',
    description:
      '켜면 회원가입 때 추천인 코드(선택)를 입력할 수 있고, 추천한 회원이 추천받은 회원의 완료된 주문 금액의 일정 비율을 포인트로 적립받습니다.',
  },
  REFERRAL_REWARD_PERCENT: {
    group: 'signup',
    label: '추천인 적립률 (%)',
    description:
      '추천받은 회원이 완료된 주문에 쓴 금액의 몇 %를 추천한 회원에게 적립할지입니다. 0~50, 비워두면 적립하지 않습니다.',
    placeholder: '3',
  },
  REFERRAL_HOLD_DAYS: {
    group: 'signup',
    label: '추천인 적립 대기 (일)',
    description:
      '주문이 끝난 뒤 적립까지 기다리는 날 수입니다. 이 사이에 환불된 만큼은 적립하지 않습니다. 비워두면 7일.',
    placeholder: '7',
  },
  ENABLE_SNS_NAVER: {
    group: 'signup',
    label: '네이버 로그인',
    description:
      '켜면 로그인·회원가입에 네이버 버튼이 보입니다. 네이버 Client ID와 서버의 NAVER_CLIENT_SECRET이 있어야 적용됩니다.',
  },
  ENABLE_SNS_KAKAO: {
    group: 'signup',
    label: '카카오 로그인',
    description:
      '켜면 로그인·회원가입에 카카오 버튼이 보입니다. 카카오 JavaScript 키와 서버의 KAKAO_APP_ID가 있어야 적용됩니다.',
  },
  BANKING_NAME: {
    group: 'charge',
    label: '입금 은행',
    description: '충전 안내에 보이는 은행 이름입니다.',
    placeholder: '국민은행',
  },
  BANKING_ACCOUNT_NUMBER: {
    group: 'charge',
    label: '입금 계좌번호',
    description: '회원이 충전 금액을 보낼 계좌번호입니다.',
  },
  BANKING_DISPLAY_TEXT: {
    group: 'charge',
    label: '예금주 표시',
    description:
      "충전 안내의 '예금주' 칸에 보이는 이름입니다(예: (주)소셜부스트). 앞에 '예금주'를 붙이지 않아도 됩니다.",
  },
  BANKING_BANKING_CODE: {
    group: 'charge',
    label: '은행 코드',
    description: '토스 송금 바로가기가 은행을 고를 때 쓰는 은행 코드(숫자 3자리, 예: 국민은행 004)입니다.',
    placeholder: '004',
  },
  POINT_CHARGE_BUTTON_OPTIONS: {
    group: 'charge',
    label: '충전 금액 버튼',
    description: '충전 화면에서 눌러서 금액을 더하는 버튼들입니다. 원 단위, 최대 12개.',
  },
  CHARGE_BONUS_TIERS: {
    group: 'charge',
    label: '충전 보너스',
    description:
      "이 금액 이상 충전하면 충전 포인트의 몇 %를 보너스로 더 줍니다. '금액:퍼센트'를 쉼표로 구분합니다. 비워두면 보너스가 없습니다. 보너스는 현금으로 환불되지 않습니다.",
    placeholder: '100000:3, 500000:5',
  },
  ENABLE_PAYMENT_FEE: {
    group: 'charge',
    label: '증빙 발행',
    description: '끄면 세금계산서·현금영수증을 받지 않습니다. 켜면 아래 증빙 종류에서 고른 것을 받습니다.',
  },
  ENABLE_PAYMENT_TYPE: {
    group: 'charge',
    label: '증빙 종류',
    description: '충전 때 회원이 고를 수 있는 증빙입니다. 세금계산서는 입금액이 1.1배가 됩니다.',
  },
  ENABLE_CHARGE_DISTINCT_AMOUNT: {
    group: 'charge',
    label: '같은 이름·금액 신청 구분',
    description:
      '입금은 입금자명과 금액으로 찾습니다. 끄면 다른 회원이 같은 입금자명·금액으로 입금을 기다릴 때 새 신청을 거절하고 다른 금액을 권합니다. 켜면 거절하지 않고 입금하실 금액에 1~99원을 더해 구분하며, 더한 금액도 포인트로 충전됩니다.',
  },
  ENABLE_TOSS_PAYMENT: {
    group: 'charge',
    label: '토스 송금 바로가기',
    description:
      '켜면 휴대폰의 입금 안내에 토스 앱의 송금 화면을 여는 버튼이 보입니다. 은행·계좌번호·금액이 채워지며, 은행 코드가 있어야 적용됩니다.',
  },
  SITE_KAKAO_CHANNEL_LINK: {
    group: 'external',
    label: '카카오톡 채널 주소',
    description: '오른쪽 아래 상담 버튼이 여는 주소입니다. 비워두면 버튼이 보이지 않습니다.',
    placeholder: 'https://pf.kakao.com/_xxxx',
  },
  SITE_KAKAO_TEXT: {
    group: 'external',
    label: '상담 버튼 문구',
    description: '상담 버튼에 보이는 글자입니다. 비워두면 "채팅 상담"으로 보입니다.',
  },
  SNS_NAVER_CLIENT_ID: {
    group: 'external',
    label: '네이버 Client ID',
    description: '네이버 개발자센터에서 받은 애플리케이션의 Client ID입니다.',
  },
  SNS_NAVER_STATE: {
    group: 'external',
    label: '네이버 state 값',
    description: '네이버 로그인 요청에 실어 보내는 고정 state 값입니다.',
  },
  SNS_NAVER_REDIRECT_URL: {
    group: 'external',
    label: '네이버 Callback URL',
    description: '네이버에 등록한 Callback URL입니다. 비워두면 이 사이트의 /auth/naver가 쓰입니다.',
    placeholder: 'https://example.com/auth/naver',
  },
  SNS_KAKAO_TOKEN: {
    group: 'external',
    label: '카카오 JavaScript 키',
    description: '카카오 로그인 SDK를 여는 JavaScript 키입니다.',
  },
  // The watch's thresholds (operator-only; ops-watch.ts WATCH_DEFAULTS when empty).
  WATCH_NOT_TAKEN_MINUTES: {
    group: 'watch',
    label: '공급사 미접수 (분)',
    description: '주문 후 이 시간(분)이 지나도록 공급사가 접수하지 않으면 올립니다. 기본 15분.',
    placeholder: '15',
  },
  WATCH_STALLED_HOURS: {
    group: 'watch',
    label: '진행 멈춤 (시간)',
    description: '공급사에 접수된 주문이 주문 후 이 시간이 지나도록 끝나지 않으면 올립니다. 기본 48시간.',
    placeholder: '48',
  },
  WATCH_STALLED_HOURS_BY_SERVICE: {
    group: 'watch',
    label: '상품별 진행 멈춤 (시간)',
    description: '오래 걸리는 상품만 따로 정합니다. 상품번호=시간을 쉼표로 구분합니다.',
    placeholder: '12=96, 15=168',
  },
  WATCH_CANCEL_WAITING_HOURS: {
    group: 'watch',
    label: '공급사 취소 대기 (시간)',
    description: '공급사가 취소 요청을 받은 뒤 이 시간이 지나도록 취소하지 않으면 올립니다. 기본 24시간.',
    placeholder: '24',
  },
  WATCH_REFILL_WAITING_HOURS: {
    group: 'watch',
    label: '리필 지연 (시간)',
    description: '리필 요청 후 이 시간이 지나도록 끝나지 않으면 올립니다. 기본 72시간.',
    placeholder: '72',
  },
  WATCH_DEPOSIT_MINUTES: {
    group: 'watch',
    label: '미확인 입금 (분)',
    description: '입금이 들어온 뒤 이 시간(분)이 지나도록 충전 신청과 연결되지 않으면 올립니다. 기본 30분.',
    placeholder: '30',
  },
  WATCH_CHARGE_LAPSE_MINUTES: {
    group: 'watch',
    label: '충전 신청 만료 임박 (분)',
    description: '입금 대기 중인 충전 신청이 이 시간(분) 안에 만료되면 올립니다. 기본 30분.',
    placeholder: '30',
  },
  WATCH_PROVIDER_MIN_BALANCE: {
    group: 'watch',
    label: '공급사 최소 잔액',
    description:
      '공급사 잔액이 이보다 적으면 올립니다. 공급사의 통화 단위(원화 공급사는 원)입니다. 기본 10,000.',
    placeholder: '10000',
  },
  WATCH_PROVIDER_FAILURES: {
    group: 'watch',
    label: '공급사 호출 실패 (건)',
    description: '최근 1시간 안에 마지막 호출이 실패한 주문이 이 수 이상이면 올립니다. 기본 3건.',
    placeholder: '3',
  },
  WATCH_INQUIRY_WAITING_HOURS: {
    group: 'watch',
    label: '1:1 문의 답변 대기 (시간)',
    description: '회원이 문의하거나 다시 물은 뒤 이 시간이 지나도록 답변하지 않으면 올립니다. 기본 24시간.',
    placeholder: '24',
  },
  // Operator notifications (operator-only; edited on the console's 알림 screen).
  NOTIFY_EMAILS: {
    group: 'notify',
    label: '알림 받을 이메일',
    description: '알림을 받을 이메일 주소입니다. 쉼표나 줄바꿈으로 구분해 5개까지 적습니다.',
    multiline: true,
  },
  NOTIFY_TELEGRAM: {
    group: 'notify',
    label: '텔레그램 알림',
    description: '알림을 운영자 텔레그램 채팅으로도 보냅니다.',
  },
  NOTIFY_KINDS: {
    group: 'notify',
    label: '알림 종류',
    description:
      '알림을 보낼 일의 종류입니다. 비워두면 큰 금액 충전, 확인되지 않은 입금, 공급사 점검, 동기화로 판매 중지된 상품입니다.',
  },
  NOTIFY_LARGE_CHARGE_WON: {
    group: 'notify',
    label: '큰 금액 충전 기준 (원)',
    description: '이 금액 이상 충전이 입금 확인되면 알립니다. 기본 1,000,000원.',
    placeholder: '1000000',
  },
};

/** The Korean names of ENABLE_PAYMENT_TYPE's choices (which receipt types a charge may ask for). */
export const PAYMENT_TYPE_LABELS: Record<PaymentTypeAvailability, string> = {
  ALL: '모두 (발행 안 함, 현금영수증, 세금계산서)',
  CASH_AND_FEE: '현금영수증·세금계산서 중 하나 필수',
  FEE: '세금계산서만',
  CASH: '현금영수증만',
  NO_FEE: '발행 안 함',
};

/** The Korean name of an enum setting's choice, or the choice itself. */
export function settingChoiceLabel(key: ConsoleSettingKey, choice: string): string {
  if (key === 'ENABLE_PAYMENT_TYPE' && Object.hasOwn(PAYMENT_TYPE_LABELS, choice))
    return PAYMENT_TYPE_LABELS[choice as PaymentTypeAvailability];
  return choice;
}

/**
 * Server variables (its environment) that some settings need to take effect. The console is
 * told which of them are not set — their names, never their values (GET /admin/api/settings/config-status).
 */
export const SERVER_VARIABLES = [
  'NAVER_CLIENT_SECRET',
  'KAKAO_APP_ID',
  'SMTP_HOST',
  'SMTP_FROM',
  'SMS_WEBHOOK_URL',
  'SMS_WEBHOOK_SECRET',
  'DEPOSIT_WEBHOOK_SECRET',
] as const;
export type ServerVariable = (typeof SERVER_VARIABLES)[number];

export interface SettingServerNeed {
  /** All of these must be set for the setting to do what its label says. */
  variables: readonly ServerVariable[];
  /** What members get while one is missing, said before "— 서버에 … 설정 필요". */
  without: string;
  /** A flag the server reads as off while one is missing, whatever is stored (members see no change). */
  readAsOff?: true;
}

/**
 * The settings whose effect depends on server configuration (docs/product.md#operator-console): the
 * console says beside each one, while a variable is missing, that it does not work, instead of a bare
 * 저장됨. Operator notifications' channels are told on their own screen (알림), not here.
 */
export const SETTING_SERVER_NEEDS: Partial<Record<ConsoleSettingKey, SettingServerNeed>> = {
  ENABLE_SNS_NAVER: { variables: ['NAVER_CLIENT_SECRET'], without: '적용 안 됨', readAsOff: true },
  ENABLE_SNS_KAKAO: { variables: ['KAKAO_APP_ID'], without: '적용 안 됨', readAsOff: true },
  // Without a transport the codes go to the development outbox: sign-up asks for a code nobody receives.
  ENABLE_EMAIL_VERIFY: { variables: ['SMTP_HOST', 'SMTP_FROM'], without: '인증 메일이 회원에게 가지 않음' },
  ENABLE_PHONE_NUMBER: {
    variables: ['SMS_WEBHOOK_URL', 'SMS_WEBHOOK_SECRET'],
    without: '인증 문자가 회원에게 가지 않음',
  },
  // Without the deposit webhooks' secret no transfer is seen by itself: an operator enters each deposit.
  BANKING_ACCOUNT_NUMBER: { variables: ['DEPOSIT_WEBHOOK_SECRET'], without: '입금 자동 확인 안 됨' },
};

/** The flags the server reads as off while `missing` holds one of the variables they need. */
export function flagsReadAsOff(missing: ReadonlySet<ServerVariable>): FlagKey[] {
  return Object.entries(SETTING_SERVER_NEEDS)
    .filter(([, need]) => need.readAsOff && need.variables.some((v) => missing.has(v)))
    .map(([key]) => key as FlagKey);
}

/**
 * The console's line beside a setting that does not take effect, or null when it does: a server variable
 * missing (`missing`, from the server), or, for 토스 송금 바로가기, no bank code to name the bank with
 * (the link is never shown without one). A switch that is off is told it would not work if turned on.
 */
export function settingNotEffective(
  key: ConsoleSettingKey,
  missing: readonly ServerVariable[],
  stored: (key: ConsoleSettingKey) => string,
  isOnFlag?: boolean,
): string | null {
  const prefix = isOnFlag === false ? '켜도 ' : '';
  const need = SETTING_SERVER_NEEDS[key];
  if (need && missing.length > 0) return `${prefix}${need.without} — 서버에 ${missing.join(', ')} 설정 필요`;
  if (key === 'ENABLE_TOSS_PAYMENT' && !isKoreanBankCode(stored('BANKING_BANKING_CODE').trim()))
    return `${prefix}적용 안 됨 — 은행 코드(숫자 3자리) 설정 필요`;
  return null;
}
