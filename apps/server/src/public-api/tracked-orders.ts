import type { AutoOrderStatus } from '@smm/domain';
import { orderStatusOfAutoOrder, OrderStatus, v2Money, v2StatusText } from '@smm/domain';
import type { V2OrderStatus } from '@smm/domain/contract';
import type { Db } from '../db/database';
import {
  historyRepository,
  type TrackedAutoOrder,
  type TrackedOrder,
} from '../orders/history/history.repository';

/*
 * A member's order as the public API reports it (REST status and the v2 `status`), whichever table it
 * lives in: an order, or an auto-order (drip-feed) answered as one order.
 */

/** One order as the public API reports it, whichever table it lives in. */
export interface Tracked {
  status: OrderStatus;
  /** Won kept for it: what was paid less what was refunded. */
  charge: number;
  startCount: number;
  remains: number;
}

function trackOrder(order: TrackedOrder): Tracked {
  return {
    status: order.status as OrderStatus,
    charge: order.cost - order.refunded,
    startCount: order.startCount ?? 0,
    // A provider that has not reported yet has delivered nothing.
    remains: order.status === OrderStatus.COMPLETED ? 0 : (order.remains ?? order.amount),
  };
}

/** An auto-order (drip-feed) as one order: its runs' delivery so far plus the runs still to place. */
function trackAutoOrder(autoOrder: TrackedAutoOrder): Tracked {
  const unplaced = autoOrder.runs - autoOrder.completed;
  return {
    status: orderStatusOfAutoOrder(autoOrder.status as AutoOrderStatus),
    charge: autoOrder.cost - autoOrder.refunded,
    startCount: autoOrder.firstStartCount ?? 0,
    remains: autoOrder.placedRemains + unplaced * autoOrder.amount,
  };
}

export const v2Status = (tracked: Tracked): V2OrderStatus => ({
  charge: v2Money(tracked.charge),
  start_count: String(tracked.startCount),
  status: v2StatusText(tracked.status),
  remains: String(tracked.remains),
  currency: 'KRW',
});

/** The caller's order or auto-order of this id, as the public API reports it; undefined if neither. */
export async function trackOne(db: Db, accountId: number, id: number): Promise<Tracked | undefined> {
  const order = await historyRepository.findOwnOrder(db, accountId, id);
  if (order) return trackOrder(order);
  const [autoOrder] = await historyRepository.findOwnAutoOrders(db, accountId, [id]);
  return autoOrder ? trackAutoOrder(autoOrder) : undefined;
}

/** The caller's orders and auto-orders of these ids, by id; ids of neither are left out. */
export async function trackMany(db: Db, accountId: number, ids: number[]): Promise<Map<number, Tracked>> {
  const found = new Map<number, Tracked>();
  for (const order of await historyRepository.findOwnOrders(db, accountId, ids)) {
    found.set(order.id, trackOrder(order));
  }
  const rest = ids.filter((id) => !found.has(id));
  for (const autoOrder of await historyRepository.findOwnAutoOrders(db, accountId, rest)) {
    found.set(autoOrder.id, trackAutoOrder(autoOrder));
  }
  return found;
}
