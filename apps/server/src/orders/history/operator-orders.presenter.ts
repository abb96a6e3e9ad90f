/**
 * Why this file: an order and an auto-order as the operator console shows them
 * (docs/product.md#operator-console). An operator's action (operator-actions.ts) answers these rows and
 * writes them to the audit log as its before and after, so they live with the orders; the console's
 * lists (admin/orders) present their rows with them too.
 */
import type { AdminAutoOrderItem, AdminOrderItem } from '@smm/domain/contract';
import type { AutoOrderRow, OrderRow } from '../orders.repository';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export const presentAdminOrder = (row: {
  order: OrderRow;
  memberLoginId: string;
  serviceText: string;
  /** The list's join; an action's answer has none. */
  providerName?: string | null;
}): AdminOrderItem => ({
  id: row.order.id,
  createdAt: row.order.createdAt.toISOString(),
  memberLoginId: row.memberLoginId,
  serviceId: row.order.serviceId,
  serviceText: row.serviceText,
  link: row.order.link,
  amount: row.order.amount,
  unitPriceMilli: row.order.unitPriceMilli,
  cost: row.order.cost,
  refunded: row.order.refunded,
  status: row.order.status,
  providerId: row.order.providerId,
  ...(row.providerName !== undefined ? { providerName: row.providerName } : {}),
  providerOrderId: row.order.providerOrderId,
  startCount: row.order.startCount,
  remains: row.order.remains,
  lastError: row.order.lastError,
  providerAnswer: row.order.providerAnswer,
  cancelReason: row.order.cancelReason,
  comments: row.order.comments,
  attempts: row.order.attempts,
  leasedUntil: iso(row.order.leasedUntil),
  nextCheckAt: iso(row.order.nextCheckAt),
  autoOrderId: row.order.autoOrderId,
  cancelRequestedAt: iso(row.order.cancelRequestedAt),
  forcedRefundAt: iso(row.order.forcedRefundAt),
  providerCharge: row.order.providerCharge,
  chargeExceedsPaid: row.order.chargeExceedsPaid,
});

export const presentAdminAutoOrder = (row: {
  autoOrder: AutoOrderRow;
  memberLoginId: string;
  serviceText: string;
}): AdminAutoOrderItem => ({
  id: row.autoOrder.id,
  createdAt: row.autoOrder.createdAt.toISOString(),
  memberLoginId: row.memberLoginId,
  serviceId: row.autoOrder.serviceId,
  serviceText: row.serviceText,
  link: row.autoOrder.link,
  amount: row.autoOrder.amount,
  runs: row.autoOrder.runs,
  interval: row.autoOrder.interval,
  completed: row.autoOrder.completed,
  unitPriceMilli: row.autoOrder.unitPriceMilli,
  cost: row.autoOrder.cost,
  refunded: row.autoOrder.refunded,
  status: row.autoOrder.status,
  nextRunAt: iso(row.autoOrder.nextRunAt),
});
