/**
 * Why a member's balance moved. Every change of `accounts.point` is one ledger row with one of these
 * reasons and a reference naming what caused it; (reason, reference) is unique, so repeating the same
 * credit or refund is a no-op.
 */
export const LedgerReason = {
  /** A bank-transfer charge credited (reference: the charge id). */
  CHARGE: 'CHARGE',
  /** An order paid (reference: the order id). */
  ORDER: 'ORDER',
  /** Money returned for an order not (fully) delivered (reference: the order id). */
  REFUND: 'REFUND',
  /** An operator's manual correction (reference: the adjustment id). */
  ADJUSTMENT: 'ADJUSTMENT',
  /** A referrer's reward for a referred member's order, after its holding period (reference: the reward id). */
  REFERRAL_REWARD: 'REFERRAL_REWARD',
  /** A charge's bonus (충전 보너스), beside its CHARGE entry (reference: the charge id). Not refundable as cash. */
  CHARGE_BONUS: 'CHARGE_BONUS',
} as const;
export type LedgerReason = (typeof LedgerReason)[keyof typeof LedgerReason];

/** Korean labels for ledger screens. */
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  CHARGE: '포인트 충전',
  ORDER: '주문 결제',
  REFUND: '주문 환불',
  ADJUSTMENT: '운영자 조정',
  REFERRAL_REWARD: '추천인 적립',
  CHARGE_BONUS: '충전 보너스',
};

/** What a ledger reference's prefix names ('auto:18' is auto-order 18). */
const LEDGER_REFERENCE_KINDS: Readonly<Record<string, string>> = {
  charge: '충전',
  order: '주문',
  auto: '자동주문',
  adjustment: '조정',
  referral: '추천 적립',
};

/**
 * Where a ledger row came from, in words: 'charge:3' → '충전 #3', 'order:5' → '주문 #5', 'auto:18' →
 * '자동주문 #18', 'adjustment:6' → '조정 #6'; a refund says so first ('환불 · 주문 #5'). A reference of
 * an unknown shape shows as it is, so no row is ever blank.
 */
export function ledgerReferenceLabel(reason: LedgerReason | string, reference: string): string {
  const match = /^([a-z-]+):(\d+)$/.exec(reference);
  const kind = match ? LEDGER_REFERENCE_KINDS[match[1]!] : undefined;
  if (!match || !kind) return reference;
  const named = `${kind} #${match[2]}`;
  if (reason === LedgerReason.REFUND) return `환불 · ${named}`;
  return reason === LedgerReason.CHARGE_BONUS ? `보너스 · ${named}` : named;
}
