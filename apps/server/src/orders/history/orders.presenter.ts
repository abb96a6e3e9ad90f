import { memberCancelReason, type AutoOrderStatus, type OrderStatus } from '@smm/domain';
import type { AutoOrderHistoryItem, OrderHistoryItem } from '@smm/domain/contract';
import type { AutoOrderRow, OrderRow } from '../orders.repository';

/** What the member may do with an order now, decided by packages/domain refill-rules.ts. */
export type OrderActions = Pick<OrderHistoryItem, 'refill' | 'canRefill' | 'canCancel' | 'cancelRequested'>;

export const presentOrderHistoryItem = (
  row: OrderRow,
  serviceText: string,
  actions: Omit<OrderActions, 'refill'>,
  refill: OrderActions['refill'],
  /** The order's provider's name, kept out of the member's cancel reason. */
  providerName: string | null = null,
): OrderHistoryItem => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  serviceId: row.serviceId,
  serviceText,
  link: row.link,
  point: row.cost - row.refunded,
  amount: row.amount,
  status: row.status as OrderStatus,
  startCount: row.startCount,
  remains: row.remains,
  ...actions,
  refill,
  cancelReason: memberCancelReason(row.cancelReason, providerName),
});

export const presentAutoOrderHistoryItem = (
  row: AutoOrderRow,
  serviceText: string,
  canCancel: boolean,
): AutoOrderHistoryItem => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  serviceId: row.serviceId,
  serviceText,
  link: row.link,
  point: row.cost - row.refunded,
  amount: row.amount,
  completed: row.completed,
  runs: row.runs,
  interval: row.interval,
  status: row.status as AutoOrderStatus,
  canCancel,
});
