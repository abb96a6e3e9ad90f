import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { autoOrders, idempotencyKeys, orders } from '../../db/schema';
import type { AutoOrderRow, OrderRow } from '../orders.repository';

/** A member's Idempotency-Key as taken, with the order or auto-order it placed. */
export interface TakenKey {
  requestHash: string;
  order: OrderRow | null;
  autoOrder: AutoOrderRow | null;
}

/**
 * One Idempotency-Key space per member across orders and auto-orders (docs/ARCHITECTURE.md "Orders and
 * the background loop"): the key is taken by inserting its row in the transaction that places the order,
 * before the debit, so a second request with the same key waits on the primary key until the first
 * commits (or rolls back, which frees the key) instead of placing and paying a second time.
 */
export const idempotencyKeysRepository = {
  /**
   * Takes the key for this request, or returns false when it is already taken. A row another
   * transaction is inserting makes this wait for that transaction: taken if it commits, ours if it
   * rolls back (ON CONFLICT DO NOTHING re-checks after the wait).
   */
  async take(tx: Tx, accountId: number, key: string, requestHash: string): Promise<boolean> {
    const rows = await tx
      .insert(idempotencyKeys)
      .values({ accountId, key, requestHash })
      .onConflictDoNothing({ target: [idempotencyKeys.accountId, idempotencyKeys.key] })
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  },

  /**
   * Takes the keys of one statement's orders (one key per account there) as take() does, in one
   * statement; returns the accounts whose key was free and is theirs now. placeOrdersWithDebits then
   * records each order on its key.
   */
  async takeMany(
    tx: Tx,
    keys: readonly { accountId: number; key: string; requestHash: string }[],
  ): Promise<Set<number>> {
    if (keys.length === 0) return new Set();
    const rows = await tx
      .insert(idempotencyKeys)
      .values([...keys])
      .onConflictDoNothing({ target: [idempotencyKeys.accountId, idempotencyKeys.key] })
      .returning({ accountId: idempotencyKeys.accountId });
    return new Set(rows.map((row) => row.accountId));
  },

  /** Frees a key this transaction took for an order that was refused: the retry may use it. */
  async release(tx: Tx, accountId: number, key: string): Promise<void> {
    await tx
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  },

  /** Records what the key placed, in the transaction that took it. */
  async settle(
    tx: Tx,
    accountId: number,
    key: string,
    placed: { orderId: number } | { autoOrderId: number },
  ): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set(placed)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  },

  /** The key as taken earlier (one indexed lookup with what it placed), or undefined if it is free. */
  async find(ex: Executor, accountId: number, key: string): Promise<TakenKey | undefined> {
    const [row] = await ex
      .select({ requestHash: idempotencyKeys.requestHash, order: orders, autoOrder: autoOrders })
      .from(idempotencyKeys)
      .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
      .leftJoin(autoOrders, eq(autoOrders.id, idempotencyKeys.autoOrderId))
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
      .limit(1);
    return row;
  },
};
