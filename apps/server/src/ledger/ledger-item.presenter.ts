import { LEDGER_REASON_LABELS, type LedgerReason } from '@smm/domain';
import type { MemberLedgerItem } from '@smm/domain/contract';

/** One ledger row as the console shows it (the member page's 포인트 tab, an inquiry's linked order). */
export function presentLedgerItem(row: {
  id: number;
  delta: number;
  reason: string;
  reference: string;
  balanceAfter: number;
  createdAt: Date;
}): MemberLedgerItem {
  const reason = row.reason as LedgerReason;
  return {
    id: row.id,
    delta: row.delta,
    reason,
    reasonLabel: LEDGER_REASON_LABELS[reason],
    reference: row.reference,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
  };
}
