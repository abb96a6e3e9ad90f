/**
 * Referral rewards (추천인 적립) and charge bonuses (충전 보너스), docs/product.md#referral-rewards-and-charge-bonuses:
 * the amounts both sides show and the server credits, computed once here. Integer won, rounded down,
 * so a reward or bonus is never more than the rate gives.
 */

/** One tier: a charge of at least `fromWon` points earns `percent` % of its points as a bonus. */
export interface ChargeBonusTier {
  fromWon: number;
  percent: number;
}

export const REWARD_MESSAGES = {
  BONUS_TIERS:
    "'금액:퍼센트'를 쉼표로 구분해 입력하거나 비워두세요. (예: 100000:3, 500000:5 — 금액은 1원~1억 원, 퍼센트는 1~50의 정수, 같은 금액은 한 번, 최대 10개)",
  PERCENT: '0~50 사이의 정수로 입력하거나 비워두세요.',
  HOLD_DAYS: '0~90 사이의 정수(일)로 입력하거나 비워두세요. 비워두면 7일입니다.',
} as const;

export const BONUS_TIERS_MAX = 10;
export const BONUS_PERCENT_MAX = 50;
export const REFERRAL_PERCENT_MAX = 50;
export const REFERRAL_HOLD_DAYS_DEFAULT = 7;
export const REFERRAL_HOLD_DAYS_MAX = 90;

const WHOLE = /^\d{1,9}$/;

/**
 * CHARGE_BONUS_TIERS as tiers, lowest threshold first; null when the text is not a valid list (an empty
 * text is no tiers). Pairs are separated by commas or line breaks (`100000:3, 500000:5`), so a
 * threshold is written without a thousands comma; a `%` after the percent is allowed.
 */
export function parseBonusTiers(text: string): ChargeBonusTier[] | null {
  const raw = text.trim();
  if (raw === '') return [];
  const pairs = raw.split(/[,\n]/);
  const tiers: ChargeBonusTier[] = [];
  for (const pair of pairs) {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*%?\s*$/.exec(pair);
    if (!match || !WHOLE.test(match[1]!) || !WHOLE.test(match[2]!)) return null;
    const fromWon = Number(match[1]);
    const percent = Number(match[2]);
    if (fromWon < 1 || fromWon > 100_000_000 || percent < 1 || percent > BONUS_PERCENT_MAX) return null;
    tiers.push({ fromWon, percent });
  }
  if (tiers.length > BONUS_TIERS_MAX) return null;
  tiers.sort((a, b) => a.fromWon - b.fromWon);
  // Two tiers of one threshold would make the bonus depend on their order.
  if (tiers.some((tier, i) => i > 0 && tier.fromWon === tiers[i - 1]!.fromWon)) return null;
  return tiers;
}

/** The tier a charge of `point` falls in (the highest threshold it reaches), or null. */
export function bonusTierOf(point: number, tiers: readonly ChargeBonusTier[]): ChargeBonusTier | null {
  let found: ChargeBonusTier | null = null;
  for (const tier of tiers)
    if (point >= tier.fromWon && (!found || tier.fromWon > found.fromWon)) found = tier;
  return found;
}

/** The bonus points of a charge of `point` (its points, VAT excluded): ⌊point × percent / 100⌋, or 0. */
export function chargeBonusWon(point: number, tiers: readonly ChargeBonusTier[]): number {
  if (!Number.isSafeInteger(point) || point <= 0) return 0;
  const tier = bonusTierOf(point, tiers);
  return tier ? Math.floor((point * tier.percent) / 100) : 0;
}

/** REFERRAL_REWARD_PERCENT as a whole percent (empty or invalid: 0, no rewards). */
export function referralPercentOf(text: string): number {
  const value = text.trim();
  if (!/^\d{1,2}$/.test(value)) return 0;
  const percent = Number(value);
  return percent <= REFERRAL_PERCENT_MAX ? percent : 0;
}

/** REFERRAL_HOLD_DAYS as whole days (empty or invalid: 7). */
export function referralHoldDaysOf(text: string): number {
  const value = text.trim();
  if (!/^\d{1,2}$/.test(value)) return REFERRAL_HOLD_DAYS_DEFAULT;
  const days = Number(value);
  return days <= REFERRAL_HOLD_DAYS_MAX ? days : REFERRAL_HOLD_DAYS_DEFAULT;
}

/**
 * A reward for an order the referred member spent `spentWon` on (its cost less what was refunded, so
 * only the delivered part of a partial counts): ⌊spent × percent / 100⌋.
 */
export function referralRewardWon(spentWon: number, percent: number): number {
  if (!Number.isSafeInteger(spentWon) || spentWon <= 0 || percent <= 0) return 0;
  return Math.floor((spentWon * percent) / 100);
}

/** The problem with a rewards setting's value, in Korean, or null (empty is always allowed). */
export function validateRewardSetting(key: string, value: string): string | null {
  if (value.trim() === '') return null;
  if (key === 'CHARGE_BONUS_TIERS') return parseBonusTiers(value) ? null : REWARD_MESSAGES.BONUS_TIERS;
  if (key === 'REFERRAL_REWARD_PERCENT') {
    const ok = /^\d{1,2}$/.test(value.trim()) && Number(value) <= REFERRAL_PERCENT_MAX;
    return ok ? null : REWARD_MESSAGES.PERCENT;
  }
  if (key === 'REFERRAL_HOLD_DAYS') {
    const ok = /^\d{1,2}$/.test(value.trim()) && Number(value) <= REFERRAL_HOLD_DAYS_MAX;
    return ok ? null : REWARD_MESSAGES.HOLD_DAYS;
  }
  return null;
}

/**
 * The shape of an e-mail address a person makes many of: the domain, and the local part without a
 * `+tag`, dots and trailing digits (`kim.min+2@naver.com`, `kimmin07@naver.com` → `kimmin@naver.com`).
 * Two accounts of one shape are likely one person's (docs/product.md#referral-rewards-and-charge-bonuses).
 */
export function emailShapeOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at).replace(/\+.*$/, '').replaceAll('.', '').replace(/\d+$/, '');
  return `${local}@${address.slice(at + 1)}`;
}

/** Why a referral looks made by the referrer for themself, or null. */
export type SelfReferralSign = 'PHONE' | 'EMAIL' | 'DEVICE' | 'ADDRESS';

export const SELF_REFERRAL_SIGN_LABELS: Record<SelfReferralSign, string> = {
  PHONE: '같은 전화번호',
  EMAIL: '비슷한 이메일',
  DEVICE: '같은 기기',
  ADDRESS: '같은 가입 IP',
};

export interface SignUpFacts {
  email: string;
  phoneNumber: string | null;
  signupAddress: string | null;
  signupDevice: string | null;
}

/**
 * The first sign that the referred account is the referrer's own: the same phone, an e-mail of the
 * same shape, the same device token or the same address at sign-up. Empty values never match.
 */
export function selfReferralSign(referrer: SignUpFacts, referred: SignUpFacts): SelfReferralSign | null {
  const same = (a: string | null, b: string | null) => !!a && !!b && a.trim() !== '' && a === b;
  if (same(referrer.phoneNumber, referred.phoneNumber)) return 'PHONE';
  if (referrer.email.trim() !== '' && emailShapeOf(referrer.email) === emailShapeOf(referred.email))
    return 'EMAIL';
  if (same(referrer.signupDevice, referred.signupDevice)) return 'DEVICE';
  if (same(referrer.signupAddress, referred.signupAddress)) return 'ADDRESS';
  return null;
}

/** A referral reward's state (docs/product.md#referral-rewards-and-charge-bonuses). */
export const ReferralRewardStatus = {
  /** Waiting out the holding period. */
  PENDING: 'PENDING',
  /** Credited to the referrer through the ledger. */
  CREDITED: 'CREDITED',
  /** Refunds within the period left nothing to reward: nothing credited. */
  REVERSED: 'REVERSED',
  /** Looked like a self-made referral: waits for an operator. */
  HELD: 'HELD',
  /** An operator refused it (with a memo). */
  WITHHELD: 'WITHHELD',
} as const;
export type ReferralRewardStatus = (typeof ReferralRewardStatus)[keyof typeof ReferralRewardStatus];
export const REFERRAL_REWARD_STATUSES = Object.values(ReferralRewardStatus);

export const REFERRAL_REWARD_STATUS_LABELS: Record<ReferralRewardStatus, string> = {
  PENDING: '적립 대기',
  CREDITED: '적립 완료',
  REVERSED: '환불로 취소',
  HELD: '확인 대기',
  WITHHELD: '적립 보류',
};
