import {
  ChargeStatus,
  DEPOSITOR_NAME_INVISIBLE_MESSAGE,
  hasInvisibleNameCharacter,
  ReceiptKind,
} from './charge-rules';

/**
 * The console's points screens (charges, deposits, receipts, a member's ledger, balance adjustments):
 * labels, the receipt amounts an operator types into 홈택스, and the rules for a deposit an operator
 * enters by hand and for a manual balance adjustment. The screens and the server use the same
 * functions, so a CSV and the table never disagree and the form refuses what the server would.
 */

/** Deposit states as the console names them (contract/points.ts DEPOSIT_STATUSES). */
export const DEPOSIT_STATUS_LABELS = {
  RECEIVED: '확인 중',
  MATCHED: '충전 완료',
  UNMATCHED: '미확인',
  LATE: '기한 후 입금',
  UNPARSED: '해석 불가',
  DUPLICATE: '중복 의심',
} as const;

/** Where a deposit came from. */
export const DEPOSIT_SOURCE_LABELS = {
  webhook: '입금 알림',
  'bank-sms': '은행 문자',
  operator: '직접 등록',
} as const;

/** The receipts an operator issues: every ReceiptKind but NONE, which asks for none. */
export const ISSUABLE_RECEIPT_KINDS = [ReceiptKind.TAX_INVOICE, ReceiptKind.CASH_RECEIPT] as const;
export type IssuableReceiptKind = (typeof ISSUABLE_RECEIPT_KINDS)[number];

export function isIssuableReceiptKind(kind: number): kind is IssuableReceiptKind {
  return kind === ReceiptKind.TAX_INVOICE || kind === ReceiptKind.CASH_RECEIPT;
}

/** The receipt detail fields (charges.fee_value) with the labels 홈택스 uses, in its order. */
export const RECEIPT_DETAIL_LABELS = {
  company: '상호(법인명)',
  businessNumber: '사업자등록번호',
  leader: '대표자명',
  jobType: '업태',
  jobType2: '종목',
  address: '사업장 주소',
  email: '이메일',
  phone: '연락처',
} as const;

export interface ReceiptAmounts {
  /** 공급가액 */
  supply: number;
  /** 부가세 */
  vat: number;
  /** 합계: what the member transferred. */
  total: number;
}

/**
 * The amounts of the document to issue. A tax invoice's transfer carried 10 % VAT on top of the
 * points (payable = point × 1.1), so 공급가액 is the points and 부가세 the rest. A cash receipt is
 * issued for the amount paid, VAT included: 부가세 = 합계 / 11 rounded down, as 홈택스 computes it.
 */
export function receiptAmounts(kind: IssuableReceiptKind, point: number, payable: number): ReceiptAmounts {
  if (kind === ReceiptKind.TAX_INVOICE) return { supply: point, vat: payable - point, total: payable };
  const vat = Math.floor(payable / 11);
  return { supply: payable - vat, vat, total: payable };
}

/** A charge's state in the console: a FAIL decided by an operator was refused, else it lapsed; WITHDRAWN by its member. */
export function adminChargeStateLabel(status: ChargeStatus, decidedBy: string | null): string {
  if (status === ChargeStatus.PENDING) return '대기';
  if (status === ChargeStatus.SUCCESS) return '수락';
  if (status === ChargeStatus.WITHDRAWN) return '회원 취소';
  return decidedBy ? '거절' : '만료';
}

/** A deposit an operator enters by hand (a transfer seen in the bank's app that no relay reported). */
export const OPERATOR_DEPOSIT_MESSAGES = {
  NAME_REQUIRED: '입금자명을 입력해주세요.',
  NAME_TOO_LONG: '입금자명은 40자 이하로 입력해주세요.',
  NAME_INVISIBLE: DEPOSITOR_NAME_INVISIBLE_MESSAGE,
  AMOUNT_INVALID: '입금액은 1원 이상의 정수로 입력해주세요.',
  AMOUNT_TOO_LARGE: '입금액은 10억 원 이하로 입력해주세요.',
  DATE_INVALID: '입금 시각을 올바르게 입력해주세요.',
  DATE_IN_FUTURE: '입금 시각은 현재보다 늦을 수 없습니다.',
  MEMO_REQUIRED: '등록 사유를 입력해주세요.',
  /** The same Idempotency-Key sent again with another name or amount. */
  KEY_REUSED: '같은 요청 키로 다른 내용의 입금이 이미 등록되었습니다. 화면을 새로 고친 뒤 다시 시도해주세요.',
} as const;

export const OPERATOR_DEPOSIT_MAX_WON = 1_000_000_000;
/** The clocks of the operator's browser and the server may disagree by a little. */
const FUTURE_SLACK_MS = 5 * 60_000;

export interface OperatorDepositInput {
  depositorName: string;
  amount: number;
  /** ISO time; absent or '' means now. */
  depositedAt?: string | null;
  memo: string;
}

/** The first failing rule's message in form order, or null. */
export function validateOperatorDeposit(input: OperatorDepositInput, now: Date): string | null {
  const m = OPERATOR_DEPOSIT_MESSAGES;
  const name = input.depositorName.trim();
  if (!name) return m.NAME_REQUIRED;
  if (name.length > 40) return m.NAME_TOO_LONG;
  if (hasInvisibleNameCharacter(input.depositorName)) return m.NAME_INVISIBLE;
  if (!Number.isSafeInteger(input.amount) || input.amount < 1) return m.AMOUNT_INVALID;
  if (input.amount > OPERATOR_DEPOSIT_MAX_WON) return m.AMOUNT_TOO_LARGE;
  if (input.depositedAt) {
    const at = Date.parse(input.depositedAt);
    if (Number.isNaN(at)) return m.DATE_INVALID;
    if (at > now.getTime() + FUTURE_SLACK_MS) return m.DATE_IN_FUTURE;
  }
  if (!input.memo.trim()) return m.MEMO_REQUIRED;
  return null;
}

/** Idempotency-Key: printable ASCII, at most 100 characters (a UUID per opened form). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,100}$/;

/** Receipts still to issue, or already issued (the 증빙 발행 screen's tabs). */
export const RECEIPT_STATUS_LABELS = { todo: '미처리', done: '처리완료' } as const;

export const RECEIPT_MESSAGES = {
  NOT_CREDITED: '입금이 확인된(수락된) 충전 신청만 증빙 발행을 처리할 수 있습니다.',
  NOT_REQUESTED: '증빙을 신청하지 않은 충전 신청입니다.',
} as const;

/** A manual balance adjustment (잔액 조정): a non-zero whole number of won and a reason. */
export const POINT_ADJUSTMENT_MESSAGES = {
  DELTA_INVALID: '조정 금액은 0이 아닌 정수(원)로 입력해주세요.',
  DELTA_TOO_LARGE: '한 번에 조정할 수 있는 금액은 1억 원까지입니다.',
  MEMO_REQUIRED: '조정 사유를 입력해주세요.',
  MEMBER_NOT_FOUND: '회원을 찾을 수 없습니다.',
  /** The same Idempotency-Key sent again with another member, amount or reason. */
  KEY_REUSED: '같은 요청 키로 다른 내용의 조정이 이미 처리되었습니다. 화면을 새로 고친 뒤 다시 시도해주세요.',
} as const;

export const POINT_ADJUSTMENT_MAX = 100_000_000;

export function validatePointAdjustment(input: { delta: number; memo: string }): string | null {
  const m = POINT_ADJUSTMENT_MESSAGES;
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) return m.DELTA_INVALID;
  if (Math.abs(input.delta) > POINT_ADJUSTMENT_MAX) return m.DELTA_TOO_LARGE;
  if (input.memo.trim().length === 0) return m.MEMO_REQUIRED;
  return null;
}
