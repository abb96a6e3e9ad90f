/**
 * What a member pays (docs/product.md#member-grades-and-custom-rates): the service's price, less the
 * member's grade discount, or the member's own custom rate, which wins over the grade. The server
 * prices every order and list with memberUnitPriceMilli and the console and the forms check grades and
 * rates with the rules below, with the same Korean messages.
 *
 * Discounts are integer basis points (1 bp = 0.01 %, 1000 bp = 10 %): exact, no float. A discounted
 * unit price is rounded up to the next milli-won, as a total is rounded up to the next won
 * (orderCostWon), so a fraction is never given away.
 */
import { formatWon } from './format';
import { hasInvisibleCharacter } from './invisible-characters';

export const BP_PER_WHOLE = 10_000;
/** At most 90 % off: a grade or rate that gives a service away is a typo. */
export const DISCOUNT_MAX_BP = 9_000;
export const GRADE_NAME_MAX_LENGTH = 20;
export const GRADE_WINDOW_MAX_DAYS = 365;
export const GRADE_MIN_SPEND_MAX_WON = 1_000_000_000;
export const GRADES_MAX = 20;
/** The highest unit price a custom rate may set: the catalog's own ceiling. */
export const CUSTOM_RATE_MAX_PRICE_MILLI = 100_000_000;

export const PRICING_MESSAGES = {
  GRADE_NAME_REQUIRED: '등급 이름을 입력해주세요.',
  GRADE_NAME_TOO_LONG: `등급 이름은 ${GRADE_NAME_MAX_LENGTH}자까지 입력할 수 있습니다.`,
  GRADE_NAME_CONTROL: '등급 이름에 제어 문자나 보이지 않는 문자는 넣을 수 없습니다.',
  GRADE_NAME_TAKEN: '같은 이름의 등급이 이미 있습니다.',
  DISCOUNT_INVALID: `할인율은 0%에서 ${DISCOUNT_MAX_BP / 100}% 사이로, 소수점 둘째 자리까지 입력해주세요.`,
  MIN_SPEND_INVALID: `승급 기준 이용 금액은 0원에서 ${formatWon(GRADE_MIN_SPEND_MAX_WON)} 사이의 정수로 입력해주세요.`,
  WINDOW_INVALID: `이용 금액을 합산할 기간은 1일에서 ${GRADE_WINDOW_MAX_DAYS}일 사이로 입력해주세요.`,
  GRADES_TOO_MANY: `등급은 ${GRADES_MAX}개까지 만들 수 있습니다.`,
  GRADE_NOT_FOUND: '등급을 찾을 수 없습니다.',
  GRADE_IN_USE: '이 등급의 회원이 있어 삭제할 수 없습니다. 회원의 등급을 먼저 바꿔주세요.',
  RATE_EITHER: '회원 단가는 판매 단가나 할인율 중 하나만 입력해주세요.',
  RATE_PRICE_INVALID: '회원 단가는 0보다 큰 금액으로, 소수점 셋째 자리까지 입력해주세요.',
  RATE_SERVICE_NOT_FOUND: '서비스를 찾을 수 없습니다.',
  RATE_NOT_FOUND: '회원 단가를 찾을 수 없습니다.',
  MEMBER_NOT_FOUND: '회원을 찾을 수 없습니다.',
} as const;

/** 1050 → '10.5%', 1000 → '10%', 5 → '0.05%'. */
export function formatDiscountBp(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/** '10.5' → 1050, '3' → 300; null for anything else than 0–90 with at most two decimals. */
export function parseDiscountBp(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= DISCOUNT_MAX_BP ? bp : null;
}

const isDiscount = (bp: unknown): bp is number =>
  Number.isSafeInteger(bp) && (bp as number) >= 0 && (bp as number) <= DISCOUNT_MAX_BP;

/**
 * `priceMilli` less `discountBp`, rounded up to the milli-won (the member never gets a fraction the
 * list price does not give), never below 1 milli-won.
 */
export function discountedPriceMilli(priceMilli: number, discountBp: number): number {
  const whole = BigInt(BP_PER_WHOLE);
  const scaled = BigInt(priceMilli) * (whole - BigInt(discountBp));
  return Math.max(1, Number((scaled + whole - 1n) / whole));
}

/** A member's own rate for one service: a unit price, or a discount off the service's price. */
export interface CustomRate {
  unitPriceMilli: number | null;
  discountBp: number | null;
}

export interface MemberPricing {
  /** The member's grade discount; 0 without a grade. */
  gradeDiscountBp: number;
  /** The member's custom rates by service id. */
  rates: ReadonlyMap<number, CustomRate>;
}

/**
 * The unit price a member pays for a service listed at `listPriceMilli`: their custom rate for it if
 * any (it wins over the grade), else the list price less the grade discount. A custom price above the
 * list price is not charged: a reseller never pays more than a member without a rate.
 */
export function memberUnitPriceMilli(
  serviceId: number,
  listPriceMilli: number,
  pricing: MemberPricing | undefined,
): number {
  if (!pricing) return listPriceMilli;
  const rate = pricing.rates.get(serviceId);
  if (rate?.unitPriceMilli != null) return Math.min(rate.unitPriceMilli, listPriceMilli);
  if (rate?.discountBp != null) return discountedPriceMilli(listPriceMilli, rate.discountBp);
  if (pricing.gradeDiscountBp > 0) return discountedPriceMilli(listPriceMilli, pricing.gradeDiscountBp);
  return listPriceMilli;
}

/** What kind of own rate it is, as the console shows it beside the member's price: '10% 할인', '고정 단가'. */
export function customRateLabel(rate: CustomRate): string {
  if (rate.unitPriceMilli !== null) return '고정 단가';
  return `${formatDiscountBp(rate.discountBp ?? 0)} 할인`;
}

export interface GradeInput {
  name: string;
  discountBp: number;
  /** The spend over `windowDays` that earns it; null: given by the operator only. */
  minSpendWon: number | null;
  windowDays: number;
}

/** The first problem of a grade form (Korean), or null. */
export function validateGradeInput(input: GradeInput): string | null {
  const name = input.name.trim();
  if (!name) return PRICING_MESSAGES.GRADE_NAME_REQUIRED;
  if (name.length > GRADE_NAME_MAX_LENGTH) return PRICING_MESSAGES.GRADE_NAME_TOO_LONG;
  if (hasInvisibleCharacter(input.name)) return PRICING_MESSAGES.GRADE_NAME_CONTROL;
  if (!isDiscount(input.discountBp)) return PRICING_MESSAGES.DISCOUNT_INVALID;
  if (
    input.minSpendWon !== null &&
    (!Number.isSafeInteger(input.minSpendWon) ||
      input.minSpendWon < 0 ||
      input.minSpendWon > GRADE_MIN_SPEND_MAX_WON)
  ) {
    return PRICING_MESSAGES.MIN_SPEND_INVALID;
  }
  if (
    !Number.isSafeInteger(input.windowDays) ||
    input.windowDays < 1 ||
    input.windowDays > GRADE_WINDOW_MAX_DAYS
  )
    return PRICING_MESSAGES.WINDOW_INVALID;
  return null;
}

/** The first problem of a custom rate (Korean), or null: exactly one of a price and a discount. */
export function validateCustomRate(rate: CustomRate): string | null {
  if ((rate.unitPriceMilli === null) === (rate.discountBp === null)) return PRICING_MESSAGES.RATE_EITHER;
  if (
    rate.unitPriceMilli !== null &&
    (!Number.isSafeInteger(rate.unitPriceMilli) ||
      rate.unitPriceMilli < 1 ||
      rate.unitPriceMilli > CUSTOM_RATE_MAX_PRICE_MILLI)
  ) {
    return PRICING_MESSAGES.RATE_PRICE_INVALID;
  }
  if (rate.discountBp !== null && !isDiscount(rate.discountBp)) return PRICING_MESSAGES.DISCOUNT_INVALID;
  return null;
}

export interface GradeRule {
  id: number;
  name: string;
  discountBp: number;
  minSpendWon: number | null;
  windowDays: number;
}

/** Grades a member can earn by spending, from the least to the most discount. */
export function earnableGrades<G extends GradeRule>(grades: readonly G[]): G[] {
  return grades
    .filter((grade) => grade.minSpendWon !== null)
    .sort((a, b) => a.discountBp - b.discountBp || a.minSpendWon! - b.minSpendWon! || a.id - b.id);
}

/**
 * The grade the rule gives a member (docs/product.md#member-grades-and-custom-rates): of the grades
 * earned by spending, the one whose spend over its own window the member reached, with the largest
 * discount; null when none. `spendOver(days)` is the member's spend over the last `days` days.
 */
export function earnedGrade<G extends GradeRule>(
  grades: readonly G[],
  spendOver: (days: number) => number,
): G | null {
  let earned: G | null = null;
  for (const grade of earnableGrades(grades)) {
    if (spendOver(grade.windowDays) >= grade.minSpendWon!) earned = grade;
  }
  return earned;
}

/**
 * The next grade up for `/account`: the earnable grade with more discount than the member's, and how
 * much more the member must spend within its window (0: reached, given at the next daily run).
 */
export function nextGrade<G extends GradeRule>(
  grades: readonly G[],
  currentDiscountBp: number,
  spendOver: (days: number) => number,
): { grade: G; spentWon: number; missingWon: number } | null {
  const next = earnableGrades(grades).find((grade) => grade.discountBp > currentDiscountBp);
  if (!next) return null;
  const spentWon = spendOver(next.windowDays);
  return { grade: next, spentWon, missingWon: Math.max(0, next.minSpendWon! - spentWon) };
}
