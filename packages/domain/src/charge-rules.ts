import { readDepositorName } from './bank-sms';
import { formatWon } from './format';
import { hasInvisibleCharacter } from './invisible-characters';
import type { PaymentTypeAvailability } from './settings';

/**
 * Point charges (bank-transfer top-ups): kinds and statuses in docs/product.md#charges-and-deposits,
 * rules in docs/product.md#charge-rules. The charge form and the server check the same rules with the
 * same Korean messages, and compute the payable amount with the same function.
 */

/**
 * The receipt a charge asks for (docs/product.md#charges-and-deposits). On the wire and in the
 * database its value is `feeType` / `charges.fee_type`, names the product specification fixed.
 */
export const ReceiptKind = {
  /** 현금영수증 */
  CASH_RECEIPT: 0,
  /** 세금계산서: the transfer carries 10 % VAT on top of the points. */
  TAX_INVOICE: 1,
  /** 신청 안 함 */
  NONE: 2,
} as const;
export type ReceiptKind = (typeof ReceiptKind)[keyof typeof ReceiptKind];

export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  0: '현금영수증',
  1: '세금계산서',
  2: '신청 안 함',
};

/** Charge status (docs/product.md#charges-and-deposits), with the labels the history table shows. */
export const ChargeStatus = {
  PENDING: 0,
  SUCCESS: 1,
  FAIL: 2,
  /** Withdrawn by its member before a deposit came (충전 신청 취소): never credited afterwards. */
  WITHDRAWN: 3,
} as const;
export type ChargeStatus = (typeof ChargeStatus)[keyof typeof ChargeStatus];

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  0: '대기',
  1: '수락',
  2: '거절',
  3: '신청 취소',
};

/** An uncredited charge is cancelled after 3 hours (docs/product.md#charges-and-deposits). */
export const CHARGE_EXPIRY_HOURS = 3;
export const CHARGE_EXPIRY_MS = CHARGE_EXPIRY_HOURS * 60 * 60 * 1000;
/** Bank depositor names are short (banks print 7–10 characters); 20 leaves room for a company name. */
export const DEPOSITOR_NAME_MAX_LENGTH = 20;

/**
 * A depositor name holding a character no bank prints (invisible-characters.ts: control, format,
 * private-use characters, lone surrogates, Hangul fillers) is refused rather than stripped: the member
 * retypes the name, and nothing is ever matched on a name nobody can read.
 */
export const DEPOSITOR_NAME_INVISIBLE_MESSAGE =
  '입금자명에 보이지 않는 문자(제어 문자, 방향 전환·폭 없는 공백 같은 서식 문자)는 쓸 수 없습니다. 통장에 찍히는 이름 그대로 입력해 주세요.';

/** True when `name` holds a character refused in a depositor name (the one rule of invisible-characters.ts). */
export function hasInvisibleNameCharacter(name: string): boolean {
  return hasInvisibleCharacter(name);
}

export const CHARGE_MESSAGES = {
  NAME_REQUIRED: '이름을 입력해 주세요.',
  NAME_TOO_LONG: `입금자명은 ${DEPOSITOR_NAME_MAX_LENGTH}자 이하로 입력해 주세요.`,
  NAME_INVISIBLE: DEPOSITOR_NAME_INVISIBLE_MESSAGE,
  NAME_UNREADABLE:
    '입금자명이 은행 문자에서 이름으로 읽히지 않는 글자(잔액, 12-34·*12 같은 계좌번호 모양, 날짜·시각)로만 되어 있습니다. 통장에 찍히는 이름을 입력해 주세요.',
  AMOUNT_REQUIRED: '충전금액을 설정해주세요',
  AMOUNT_NOT_INTEGER: '충전금액은 1원 단위의 정수로 입력해 주세요.',
  RECEIPT_KIND_UNAVAILABLE: '선택할 수 없는 증빙 유형입니다.',
  COMPANY_REQUIRED: '상호(법인명)를 입력해 주세요.',
  BUSINESS_NUMBER_INVALID: '올바른 사업자등록번호 10자리를 입력해 주세요.',
  LEADER_REQUIRED: '대표자명을 입력해 주세요.',
  INVOICE_PHONE_INVALID: '담당자 연락처를 올바르게 입력해 주세요.',
  JOB_TYPE_REQUIRED: '업태를 입력해 주세요.',
  JOB_TYPE2_REQUIRED: '종목을 입력해 주세요.',
  ADDRESS_REQUIRED: '사업장 주소를 입력해 주세요.',
  EMAIL_INVALID: '세금계산서를 받을 이메일을 올바르게 입력해 주세요.',
  CASH_PHONE_INVALID: '현금영수증을 받을 휴대전화 번호를 올바르게 입력해 주세요.',
  FAILED: '오류가 발생했습니다 잠시 후 시도해 주세요.',
  SUCCESS: '아래 정보를 확인해주세요.',
} as const;

/** Maximum of one charge, written like every amount (₩, docs/product.md#display-constants). */
export function chargeTooLargeMessage(maxWon: number): string {
  return `1회 충전 금액은 최대 ${formatWon(maxWon)}입니다.`;
}

export function tooManyPendingChargesMessage(maxPending: number): string {
  return (
    `입금 대기 중인 충전 신청이 ${maxPending}건 있습니다. ` +
    `입금을 마치거나 3시간 뒤 자동 취소된 후 다시 신청해 주세요.`
  );
}

/**
 * A deposit is matched to a charge by (depositor name, payable amount) alone, so two PENDING charges
 * must never share both: the second is refused with an amount that would be free.
 */
export function ambiguousChargeMessage(suggestedPoint: number | null): string {
  const hint =
    suggestedPoint === null
      ? '충전 금액을 조금 다르게 입력해 주세요.'
      : `충전 금액을 조금 다르게 (예: ${suggestedPoint.toLocaleString('ko-KR')}원) 입력해 주세요.`;
  return `같은 입금자명과 입금액으로 입금 대기 중인 충전 신청이 있습니다. 입금을 정확히 확인할 수 있도록 ${hint}`;
}

/**
 * ENABLE_CHARGE_DISTINCT_AMOUNT: instead of refusing a charge whose (depositor, payable) another
 * member's pending charge holds, its amount is raised by the fewest won (1 to this many) that no
 * pending charge of that depositor holds; the extra won are credited with the points.
 */
export const DISTINCT_AMOUNT_MAX_EXTRA_WON = 99;

/**
 * The smallest extra (1 … maxExtra won) whose `payable + extra` no pending charge of this depositor
 * holds, or null when all of them are taken.
 */
export function distinctAmountExtraWon(
  payable: number,
  takenPayables: ReadonlySet<number>,
  maxExtra: number = DISTINCT_AMOUNT_MAX_EXTRA_WON,
): number | null {
  for (let extra = 1; extra <= Math.min(maxExtra, DISTINCT_AMOUNT_MAX_EXTRA_WON); extra += 1) {
    if (!takenPayables.has(payable + extra)) return extra;
  }
  return null;
}

/** The transfer panel's lead when the amount was raised: the exact figure matters, so it says so. */
export function distinctAmountMessage(extraWon: number, payable: number): string {
  return (
    `같은 입금자명과 금액으로 입금을 기다리는 다른 신청이 있어 입금하실 금액에 ${extraWon}원을 더했습니다. ` +
    `꼭 ${payable.toLocaleString('ko-KR')}원을 정확히 입금해 주세요. 더한 ${extraWon}원도 포인트로 충전됩니다.`
  );
}

/**
 * Which receipt types ENABLE_PAYMENT_TYPE offers: the value names exactly the offered kinds (ALL: all
 * three; CASH_AND_FEE: a receipt is required, either kind; NO_FEE: none at all). ENABLE_PAYMENT_FEE
 * off means the site issues no receipts whatever ENABLE_PAYMENT_TYPE says. An unknown value falls back
 * to no receipt, the choice that never promises a document the operator cannot issue.
 */
export function availableReceiptKinds(
  paymentType: string,
  paymentFeeEnabled: boolean,
): readonly ReceiptKind[] {
  if (!paymentFeeEnabled) return [ReceiptKind.NONE];
  const byType: Record<PaymentTypeAvailability, readonly ReceiptKind[]> = {
    ALL: [ReceiptKind.NONE, ReceiptKind.CASH_RECEIPT, ReceiptKind.TAX_INVOICE],
    CASH_AND_FEE: [ReceiptKind.CASH_RECEIPT, ReceiptKind.TAX_INVOICE],
    FEE: [ReceiptKind.TAX_INVOICE],
    CASH: [ReceiptKind.CASH_RECEIPT],
    NO_FEE: [ReceiptKind.NONE],
  };
  const key = paymentType.trim().toUpperCase();
  return Object.hasOwn(byType, key) ? byType[key as PaymentTypeAvailability] : [ReceiptKind.NONE];
}

/** What the member transfers (docs/product.md#charges-and-deposits): a tax invoice ×1.1 rounded half up, else ×1.0. */
export function payableAmountWon(point: number, receiptKind: ReceiptKind): number {
  if (receiptKind !== ReceiptKind.TAX_INVOICE) return point;
  // Integer arithmetic: point × 11 / 10, rounded half up, never a float 1.1.
  return Math.floor((point * 11 + 5) / 10);
}

/**
 * The one reading of a depositor name, for every channel (the charge form, the webhook, a bank
 * message, an operator's entry): the name as the bank-message parser reads it (readDepositorName:
 * NFKC, without the `잔액…`, `12-34`, `*nn` and `MM/DD HH:mm` it cuts out of a message), then without
 * spaces and in lower case, since a bank prints and a member types a name differently in width,
 * spacing and Latin case only. Deposits and charges are matched on this key, so `정우성잔액` and
 * `정우성` are one key: two pending charges of one amount under them are refused like any two alike
 * (docs/ARCHITECTURE.md "Charges and deposits").
 */
export function normalizeDepositorName(name: string): string {
  return readDepositorName(name).replace(/\s+/g, '').toLowerCase();
}

/**
 * Two depositor keys that may be one sender's text read two ways: one contains the other. The key of
 * a bank message is a part of the text the sender wrote (the parser cuts what it recognises from the
 * ends of the name, and refuses a message it would have to cut in the middle); the one reading above
 * removes those cuts, but a relay's own reading, or a bank shortening a long text, still leaves a part
 * of the same text. Reports of one amount and time under such names are not told apart by the name
 * (DepositIntake holds the second for an operator); an empty key (a name that was nothing but such
 * parts) may be any name.
 */
export function depositorKeysMayBeOne(a: string, b: string): boolean {
  return a.includes(b) || b.includes(a);
}

/** Digits only: '123-45-67890' → '1234567890'. */
export function digitsOnly(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '');
}

/**
 * A Korean business registration number (사업자등록번호): 10 digits whose last is the check digit of
 * the National Tax Service's weighted sum (weights 1,3,7,1,3,7,1,3,5, plus the carry of digit 9 × 5).
 */
export function isValidBusinessNumber(value: string): boolean {
  const digits = digitsOnly(value);
  if (digits.length !== 10 || /[^\d-\s]/.test(value.normalize('NFKC').trim())) return false;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += (d[i] ?? 0) * (weights[i] ?? 0);
  sum += Math.floor(((d[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** A Korean mobile number: 010/011/016/017/018/019 and 10–11 digits, hyphens and spaces allowed. */
export function isValidMobileNumber(value: string): boolean {
  if (/[^\d\s-]/.test(value.normalize('NFKC').trim())) return false;
  return /^01[016789]\d{7,8}$/.test(digitsOnly(value));
}

/** Any Korean telephone number (mobile, Seoul 02, area codes, 070, 15xx): 8–11 digits. */
export function isValidPhoneNumber(value: string): boolean {
  if (/[^\d\s-]/.test(value.normalize('NFKC').trim())) return false;
  const digits = digitsOnly(value);
  return /^0\d{8,10}$/.test(digits) || /^1[5-9]\d{6}$/.test(digits);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InvoiceDetails {
  company: string;
  businessNumber: string;
  leader: string;
  phone: string;
  jobType: string;
  jobType2: string;
  address: string;
  email: string;
}

export interface CashReceiptDetails {
  phone: string;
}

export interface ChargeInput {
  name: string;
  point: number;
  feeType: ReceiptKind;
  /** Invoice details for TAX_INVOICE, cash-receipt details for CASH_RECEIPT; ignored for NONE. */
  feeValue: Partial<InvoiceDetails> | null;
}

export interface ChargeLimits {
  /** From ENABLE_PAYMENT_TYPE and ENABLE_PAYMENT_FEE (availableReceiptKinds). */
  receiptKinds: readonly ReceiptKind[];
  maxWon: number;
}

/** The first failing rule's message in form order (name, amount, receipt, its details), or null. */
export function validateChargeRequest(input: ChargeInput, limits: ChargeLimits): string | null {
  const m = CHARGE_MESSAGES;
  const name = input.name.trim();
  if (!name) return m.NAME_REQUIRED;
  if (name.length > DEPOSITOR_NAME_MAX_LENGTH) return m.NAME_TOO_LONG;
  // The raw input: trim() would quietly drop a leading U+FEFF, which is refused like the others.
  if (hasInvisibleNameCharacter(input.name)) return m.NAME_INVISIBLE;
  // Its key would be empty: no bank message could ever be matched to it.
  if (normalizeDepositorName(name) === '') return m.NAME_UNREADABLE;
  if (!Number.isFinite(input.point) || input.point <= 0) return m.AMOUNT_REQUIRED;
  if (!Number.isSafeInteger(input.point)) return m.AMOUNT_NOT_INTEGER;
  if (input.point > limits.maxWon) return chargeTooLargeMessage(limits.maxWon);
  if (!limits.receiptKinds.includes(input.feeType)) return m.RECEIPT_KIND_UNAVAILABLE;
  const v = input.feeValue ?? {};
  const text = (s: string | undefined) => (s ?? '').trim();
  if (input.feeType === ReceiptKind.TAX_INVOICE) {
    if (!text(v.company)) return m.COMPANY_REQUIRED;
    if (!isValidBusinessNumber(text(v.businessNumber))) return m.BUSINESS_NUMBER_INVALID;
    if (!text(v.leader)) return m.LEADER_REQUIRED;
    if (!isValidPhoneNumber(text(v.phone))) return m.INVOICE_PHONE_INVALID;
    if (!text(v.jobType)) return m.JOB_TYPE_REQUIRED;
    if (!text(v.jobType2)) return m.JOB_TYPE2_REQUIRED;
    if (!text(v.address)) return m.ADDRESS_REQUIRED;
    if (!EMAIL.test(text(v.email))) return m.EMAIL_INVALID;
  }
  if (input.feeType === ReceiptKind.CASH_RECEIPT && !isValidMobileNumber(text(v.phone))) {
    return m.CASH_PHONE_INVALID;
  }
  return null;
}

/**
 * The receipt details kept with a charge: trimmed, numbers as digits, and only the fields its kind
 * uses (a stray invoice field on a cash receipt is not stored).
 */
export function receiptDetailsOf(
  receiptKind: ReceiptKind,
  feeValue: Partial<InvoiceDetails> | null,
): InvoiceDetails | CashReceiptDetails | null {
  const v = feeValue ?? {};
  const text = (s: string | undefined) => (s ?? '').trim();
  if (receiptKind === ReceiptKind.CASH_RECEIPT) return { phone: digitsOnly(text(v.phone)) };
  if (receiptKind !== ReceiptKind.TAX_INVOICE) return null;
  return {
    company: text(v.company),
    businessNumber: digitsOnly(text(v.businessNumber)),
    leader: text(v.leader),
    phone: digitsOnly(text(v.phone)),
    jobType: text(v.jobType),
    jobType2: text(v.jobType2),
    address: text(v.address),
    email: text(v.email),
  };
}

/**
 * A quick-add button's label (docs/product.md#point-charge-page): under 100 plain won, under 1,000 in
 * hundreds, under 10,000 in thousands, otherwise in ten-thousands: 50 → '+50원', 500 → '+5백원', 5000 → '+5천원',
 * 10000 → '+1만원', 15000 → '+1.5만원'.
 */
export function chargeButtonLabel(won: number): string {
  if (won < 100) return `+${won}원`;
  const units: [number, string][] = [
    [100, '백'],
    [1000, '천'],
    [10_000, '만'],
  ];
  const rounded = (size: number) => Math.round((won / size) * 10) / 10;
  let index = won < 1000 ? 0 : won < 10_000 ? 1 : 2;
  // 999 rounds to 10백: say 1천 instead.
  if (index < 2 && rounded(units[index]![0]) >= 10) index += 1;
  const [size, name] = units[index]!;
  return `+${rounded(size).toLocaleString('ko-KR')}${name}원`;
}

/** When a PENDING charge lapses (becomes FAIL) if no deposit has credited it. */
export function chargeExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CHARGE_EXPIRY_MS);
}

/**
 * The smallest amount above `point` (in steps of 10 won, as people round) whose payable amount no
 * other pending charge of this depositor already holds, or null if none nearby is free.
 */
export function suggestFreeChargePoint(
  point: number,
  receiptKind: ReceiptKind,
  takenPayables: ReadonlySet<number>,
  maxWon: number,
): number | null {
  for (let step = 1; step <= 50; step += 1) {
    const candidate = point + step * 10;
    if (candidate > maxWon) return null;
    if (!takenPayables.has(payableAmountWon(candidate, receiptKind))) return candidate;
  }
  return null;
}
