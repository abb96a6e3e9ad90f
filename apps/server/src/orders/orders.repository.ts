import type { OrderStatus } from '@smm/domain';
import { AutoOrderStatus, OPEN_ORDER_STATUSES } from '@smm/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { preparedPerExecutor } from '../db/prepared';
import { autoOrders, orders, providers, services } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type AutoOrderRow = typeof autoOrders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewAutoOrder = typeof autoOrders.$inferInsert;

const open = inArray(orders.status, [...OPEN_ORDER_STATUSES]);

/** What a status answer of the public API needs of an order (or of an auto-order, summed over its runs). */
const trackedOrderColumns = {
  id: orders.id,
  status: orders.status,
  amount: orders.amount,
  cost: orders.cost,
  refunded: orders.refunded,
  startCount: orders.startCount,
  remains: orders.remains,
};
export type TrackedOrder = {
  id: number;
  status: number;
  amount: number;
  cost: number;
  refunded: number;
  startCount: number | null;
  remains: number | null;
};
export type TrackedAutoOrder = Pick<
  AutoOrderRow,
  'id' | 'status' | 'amount' | 'runs' | 'completed' | 'cost' | 'refunded'
> & {
  /** The first run's start count, once its provider reported one. */
  firstStartCount: number | null;
  /** Units of the placed runs not delivered (a run not yet reported counts whole). */
  placedRemains: number;
};

/**
 * The public API's status read runs for every poll of every reseller bot: prepared once per database
 * (PostgreSQL plans it once per connection, Drizzle builds the SQL once).
 */
const trackingQueriesOf = preparedPerExecutor((ex: Executor) => ({
  ownOrder: ex
    .select(trackedOrderColumns)
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.accountId, sql.placeholder('accountId'))))
    .limit(1)
    .prepare('public_api_own_order'),
}));

export const ordersRepository = {
  async insertOrder(tx: Tx, order: NewOrder): Promise<OrderRow> {
    const [row] = await tx.insert(orders).values(order).returning();
    if (!row) throw new Error('order insert returned no row');
    return row;
  },

  /** The caller's own order of that id; another member's is as absent as an unknown one. */
  async findOwnOrder(ex: Executor, accountId: number, id: number): Promise<TrackedOrder | undefined> {
    const [row] = await trackingQueriesOf(ex).ownOrder.execute({ id, accountId });
    return row;
  },

  async findOwnOrders(ex: Executor, accountId: number, ids: number[]): Promise<TrackedOrder[]> {
    if (ids.length === 0) return [];
    return ex
      .select(trackedOrderColumns)
      .from(orders)
      .where(and(eq(orders.accountId, accountId), inArray(orders.id, ids)));
  },

  /** The caller's own auto-orders of those ids, each with what its runs so far add up to. */
  async findOwnAutoOrders(ex: Executor, accountId: number, ids: number[]): Promise<TrackedAutoOrder[]> {
    if (ids.length === 0) return [];
    const runs = sql`FROM ${orders} r WHERE r.auto_order_id = ${autoOrders.id}`;
    const rows = await ex
      .select({
        id: autoOrders.id,
        status: autoOrders.status,
        amount: autoOrders.amount,
        runs: autoOrders.runs,
        completed: autoOrders.completed,
        cost: autoOrders.cost,
        refunded: autoOrders.refunded,
        firstStartCount: sql<number | null>`(SELECT r.start_count ${runs} ORDER BY r.id LIMIT 1)`,
        placedRemains: sql<string | number>`(SELECT coalesce(sum(coalesce(r.remains, r.amount)), 0) ${runs})`,
      })
      .from(autoOrders)
      .where(and(eq(autoOrders.accountId, accountId), inArray(autoOrders.id, ids)));
    // sum() of integers is bigint in PostgreSQL: the driver hands it over as text.
    return rows.map((row) => ({
      ...row,
      firstStartCount: row.firstStartCount === null ? null : Number(row.firstStartCount),
      placedRemains: Number(row.placedRemains),
    }));
  },

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

  async findOrderByKey(ex: Executor, accountId: number, key: string) {
    const [row] = await ex
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  async findAutoOrderByKey(ex: Executor, accountId: number, key: string) {
    const [row] = await ex
      .select()
      .from(autoOrders)
      .where(and(eq(autoOrders.accountId, accountId), eq(autoOrders.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  /** One member's orders, newest first, one page; the (account, status, id) index serves it. */
  async orderPage(
    ex: Executor,
    accountId: number,
    status: number | undefined,
    limit: number,
    offset: number,
  ) {
    const where = and(
      eq(orders.accountId, accountId),
      status === undefined ? undefined : eq(orders.status, status),
    );
    const [rows, [total]] = await Promise.all([
      ex
        .select({ order: orders, serviceText: services.text })
        .from(orders)
        .innerJoin(services, eq(services.id, orders.serviceId))
        .where(where)
        .orderBy(desc(orders.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async autoOrderPage(
    ex: Executor,
    accountId: number,
    statuses: number[] | undefined,
    limit: number,
    offset: number,
  ) {
    const where = and(
      eq(autoOrders.accountId, accountId),
      statuses === undefined ? undefined : inArray(autoOrders.status, statuses),
    );
    const [rows, [total]] = await Promise.all([
      ex
        .select({ autoOrder: autoOrders, serviceText: services.text })
        .from(autoOrders)
        .innerJoin(services, eq(services.id, autoOrders.serviceId))
        .where(where)
        .orderBy(desc(autoOrders.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(autoOrders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * Claims open orders whose check is due and leases them until `leaseUntil`, in the caller's short
   * transaction: SKIP LOCKED lets other processes claim other rows, and the lease keeps this batch
   * away from them while the provider is called outside any transaction.
   */
  async claimDueOrders(tx: Tx, now: Date, leaseUntil: Date, limit: number): Promise<OrderRow[]> {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(open, isNotNull(orders.nextCheckAt), lte(orders.nextCheckAt, now)))
      .orderBy(asc(orders.nextCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(orders)
      .set({ nextCheckAt: leaseUntil, leasedUntil: leaseUntil })
      .where(
        inArray(
          orders.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  },

  async providerOf(ex: Executor, providerId: number) {
    const [row] = await ex.select().from(providers).where(eq(providers.id, providerId)).limit(1);
    return row;
  },

  /**
   * Recorded just before an order is sent: if this process dies before the answer is recorded, the
   * next claim finds it still set and holds the order (the provider may have it) rather than resend.
   */
  async markSending(ex: Executor, id: number, now: Date) {
    await ex.update(orders).set({ submittingSince: now }).where(eq(orders.id, id));
  },

  /** The provider accepted the order; only an order not yet submitted takes the id. */
  async markSubmitted(ex: Executor, id: number, providerOrderId: string, nextCheckAt: Date, now: Date) {
    const rows = await ex
      .update(orders)
      .set({
        providerOrderId,
        attempts: 0,
        nextCheckAt,
        leasedUntil: null,
        submittingSince: null,
        lastError: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), isNull(orders.providerOrderId), open))
      .returning({ id: orders.id });
    return rows.length === 1;
  },

  async markFailedAttempt(ex: Executor, id: number, error: string, nextCheckAt: Date | null, now: Date) {
    const [row] = await ex
      .update(orders)
      .set({
        attempts: sql`${orders.attempts} + 1`,
        lastError: error.slice(0, 500),
        nextCheckAt,
        leasedUntil: null,
        submittingSince: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), open))
      .returning({ attempts: orders.attempts });
    return row?.attempts;
  },

  /** A new provider state for an open order; the order leaves the open set only once. */
  async applyStatus(
    tx: Tx,
    id: number,
    change: {
      status: OrderStatus;
      startCount: number | null;
      remains: number | null;
      nextCheckAt: Date | null;
    },
    now: Date,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ ...change, attempts: 0, leasedUntil: null, lastError: null, updatedAt: now })
      .where(and(eq(orders.id, id), open))
      .returning();
    return row;
  },

  async addRefunded(tx: Tx, id: number, amount: number) {
    await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} + ${amount}` })
      .where(eq(orders.id, id));
  },

  /** Auto-orders with a run due, claimed like orders (the run is placed in the same transaction). */
  async claimDueAutoOrders(tx: Tx, now: Date, limit: number): Promise<AutoOrderRow[]> {
    return tx
      .select()
      .from(autoOrders)
      .where(
        and(
          eq(autoOrders.status, AutoOrderStatus.ACTIVE),
          isNotNull(autoOrders.nextRunAt),
          lte(autoOrders.nextRunAt, now),
        ),
      )
      .orderBy(asc(autoOrders.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async advanceAutoOrder(
    tx: Tx,
    id: number,
    change: Partial<Pick<AutoOrderRow, 'completed' | 'status' | 'nextRunAt'>>,
  ) {
    await tx.update(autoOrders).set(change).where(eq(autoOrders.id, id));
  },

  async findAutoOrderForUpdate(tx: Tx, id: number) {
    const [row] = await tx.select().from(autoOrders).where(eq(autoOrders.id, id)).for('update');
    return row;
  },

  async setAutoOrderRefunded(
    tx: Tx,
    id: number,
    change: Partial<Pick<AutoOrderRow, 'refunded' | 'status' | 'nextRunAt'>>,
  ) {
    await tx.update(autoOrders).set(change).where(eq(autoOrders.id, id));
  },
};
