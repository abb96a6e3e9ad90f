import { OPEN_ORDER_STATUSES } from '@smm/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { autoOrders, orders, providers } from '../db/schema';

/**
 * The order row every stage reads (placement/, fulfilment/, cancellation/, refills/, history/ hold the
 * SQL of their own stage, each in its own repository): its types, what "open" means, and the row
 * locks and lookups several stages take.
 */
export type OrderRow = typeof orders.$inferSelect;
export type AutoOrderRow = typeof autoOrders.$inferSelect;
/** A new order as its callers give it: its link key is computed from its link, always. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'linkKey'>;
export type NewAutoOrder = typeof autoOrders.$inferInsert;

/** An order still in one of its open states (the worker follows it; it may be cancelled). */
export const openOrder = inArray(orders.status, [...OPEN_ORDER_STATUSES]);

export const ordersRepository = {
  /** The caller's order, locked for a cancellation; undefined for another member's or an unknown id. */
  async findOwnOrderForUpdate(tx: Tx, accountId: number, id: number): Promise<OrderRow | undefined> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.accountId, accountId)))
      .for('update');
    return row;
  },

  /** Any member's order, locked for an operator's action; undefined for an unknown id. */
  async findOrderForUpdate(tx: Tx, id: number): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  async findAutoOrderForUpdate(tx: Tx, id: number) {
    const [row] = await tx.select().from(autoOrders).where(eq(autoOrders.id, id)).for('update');
    return row;
  },

  async providerOf(ex: Executor, providerId: number) {
    const [row] = await ex.select().from(providers).where(eq(providers.id, providerId)).limit(1);
    return row;
  },
};
