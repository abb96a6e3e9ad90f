import type { RefillStatus } from '@smm/domain';
import type { RefillItem } from '@smm/domain/contract';
import type { RefillRow } from './refills.repository';

/** One refill as the member's screens get it (the contract's refillItem). */
export function presentRefill(row: RefillRow): RefillItem {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status as RefillStatus,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
