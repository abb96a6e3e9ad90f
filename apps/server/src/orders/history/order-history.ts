import type { OrderStatus } from '@smm/domain';
import {
  AutoOrderStatus,
  HISTORY_PAGE_SIZE,
  OPEN_ORDER_STATUSES,
  OPEN_REFILL_STATUSES,
  orderCancelRefusal,
  refillRefusal,
  type RefillStatus,
} from '@smm/domain';
import type { AutoOrderHistoryResponse, HistoryQuery, OrderHistoryResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import type { OrderRow } from '../orders.repository';
import { presentRefill } from '../refills/refills.presenter';
import { historyRepository, type NewestRefill } from './history.repository';
import { presentAutoOrderHistoryItem, presentOrderHistoryItem, type OrderActions } from './orders.presenter';

/** A member's order history, one page, each order with what the member may do with it now. */
export async function orderHistory(
  deps: { db: Db; clock: Clock },
  accountId: number,
  query: HistoryQuery,
): Promise<OrderHistoryResponse> {
  const { rows, total } = await historyRepository.orderPage(
    deps.db,
    accountId,
    query.status,
    HISTORY_PAGE_SIZE,
    (query.page - 1) * HISTORY_PAGE_SIZE,
  );
  const refills = await historyRepository.newestRefillsOf(
    deps.db,
    rows.map((row) => row.order.id),
  );
  const now = deps.clock.now();
  return {
    items: rows.map((row) => {
      const refill = refills.get(row.order.id);
      return presentOrderHistoryItem(
        row.order,
        row.serviceText,
        orderActions(row.order, row, refill, now),
        refill ? presentRefill(refill) : null,
        row.providerName,
      );
    }),
    page: query.page,
    pageSize: HISTORY_PAGE_SIZE,
    total,
  };
}

/** A member's auto-order history, one page. */
export async function autoOrderHistory(
  db: Db,
  accountId: number,
  query: HistoryQuery,
): Promise<AutoOrderHistoryResponse> {
  // 완료 covers COMPLETED and PARTIAL alike (docs/product.md#auto-orders).
  const statuses =
    query.status === undefined
      ? undefined
      : query.status === AutoOrderStatus.COMPLETED
        ? [AutoOrderStatus.COMPLETED, AutoOrderStatus.PARTIAL]
        : [query.status];
  const { rows, total } = await historyRepository.autoOrderPage(
    db,
    accountId,
    statuses,
    HISTORY_PAGE_SIZE,
    (query.page - 1) * HISTORY_PAGE_SIZE,
  );
  return {
    // docs/product.md#refill-and-cancellation: an ACTIVE auto-order of a cancellable service can be stopped.
    items: rows.map((row) =>
      presentAutoOrderHistoryItem(
        row.autoOrder,
        row.serviceText,
        row.cancellable && row.autoOrder.status === AutoOrderStatus.ACTIVE,
      ),
    ),
    page: query.page,
    pageSize: HISTORY_PAGE_SIZE,
    total,
  };
}

/**
 * What the member may do with one order now (docs/product.md#refill-and-cancellation), asked of the same
 * rules the actions themselves ask (packages/domain refill-rules.ts): a refill needs the order to have
 * reached a provider; 취소 요청됨 shows while the order is open after its provider accepted the cancel.
 */
export function orderActions(
  order: OrderRow,
  service: { refillDays: number; cancellable: boolean },
  newestRefill: NewestRefill | undefined,
  now: Date,
): Omit<OrderActions, 'refill'> {
  const cancelRequested =
    order.cancelRequestedAt !== null && OPEN_ORDER_STATUSES.includes(order.status as OrderStatus);
  const refillable =
    order.providerId !== null &&
    order.providerOrderId !== null &&
    refillRefusal({
      orderStatus: order.status,
      finishedAt: order.finishedAt,
      refillDays: service.refillDays,
      hasOpenRefill:
        newestRefill !== undefined && OPEN_REFILL_STATUSES.includes(newestRefill.status as RefillStatus),
      lastRequestedAt: newestRefill?.createdAt ?? null,
      now,
    }) === null;
  return {
    canRefill: refillable,
    canCancel:
      orderCancelRefusal({ orderStatus: order.status, cancellable: service.cancellable, cancelRequested }) ===
      null,
    cancelRequested,
  };
}
