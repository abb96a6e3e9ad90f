/**
 * Why this file: a refill as the operator console shows it (docs/product.md#refill-and-cancellation).
 * The operator's refill actions (operator-refill-actions.ts) answer these rows and write them to the
 * audit log as their before and after; the console's refill list (admin/orders) presents its rows with
 * them too, so the row's shape is declared here rather than in either repository.
 */
import { REFILL_STATUS_LABELS, type RefillStatus } from '@smm/domain';
import type { AdminRefillItem } from '@smm/domain/contract';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A refill row with what the console shows of its order. */
export interface OperatorRefillRow {
  refill: {
    id: number;
    status: number;
    reason: string | null;
    providerRefillId: string | null;
    source: string;
    attempts: number;
    createdAt: Date;
    finishedAt: Date | null;
    nextCheckAt: Date | null;
    leasedUntil: Date | null;
  };
  order: {
    id: number;
    status: number;
    link: string;
    providerId: number | null;
    providerOrderId: string | null;
  };
  serviceText: string;
  memberLoginId: string;
  providerName: string | null;
}

export const presentAdminRefill = (row: OperatorRefillRow): AdminRefillItem => ({
  id: row.refill.id,
  status: row.refill.status,
  statusLabel: REFILL_STATUS_LABELS[row.refill.status as RefillStatus] ?? String(row.refill.status),
  reason: row.refill.reason,
  providerRefillId: row.refill.providerRefillId,
  source: row.refill.source,
  attempts: row.refill.attempts,
  createdAt: row.refill.createdAt.toISOString(),
  finishedAt: iso(row.refill.finishedAt),
  nextCheckAt: iso(row.refill.nextCheckAt),
  leasedUntil: iso(row.refill.leasedUntil),
  order: {
    id: row.order.id,
    status: row.order.status,
    serviceText: row.serviceText,
    link: row.order.link,
    memberLoginId: row.memberLoginId,
    providerId: row.order.providerId,
    providerName: row.providerName,
    providerOrderId: row.order.providerOrderId,
  },
});
