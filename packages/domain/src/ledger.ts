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
} as const;
export type LedgerReason = (typeof LedgerReason)[keyof typeof LedgerReason];

/** Korean labels for ledger screens. */
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  CHARGE: '포인트 충전',
  ORDER: '주문 결제',
  REFUND: '주문 환불',
  ADJUSTMENT: '운영자 조정',
};
