import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedPerExecutor } from '../../db/prepared';
import { accounts, autoOrders, orderRefills, orders, providers, services } from '../../db/schema';
import type { AutoOrderRow } from '../orders.repository';

export type NewestRefill = typeof orderRefills.$inferSelect;

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

/**
 * The SQL of reading orders back: a member's history pages (with each order's newest refill), the
 * public API's status reads, and one order or auto-order as the console shows it.
 */
export const historyRepository = {
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
        .select({
          order: orders,
          serviceText: services.text,
          // The window the order was bought with (docs/product.md#refill-and-cancellation).
          refillDays: orders.refillDays,
          cancellable: services.cancellable,
          // Only to keep it out of the member's cancel reason (memberCancelReason).
          providerName: providers.name,
        })
        .from(orders)
        .innerJoin(services, eq(services.id, orders.serviceId))
        .leftJoin(providers, eq(providers.id, orders.providerId))
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
        .select({ autoOrder: autoOrders, serviceText: services.text, cancellable: services.cancellable })
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
   * The newest refill of each of these orders (one query for a history page). One open refill per order
   * at most, and none is asked while one is open: an order's refill is open only if its newest is.
   */
  async newestRefillsOf(ex: Executor, orderIds: number[]) {
    if (orderIds.length === 0) return new Map<number, NewestRefill>();
    const rows = await ex
      .selectDistinctOn([orderRefills.orderId])
      .from(orderRefills)
      .where(inArray(orderRefills.orderId, orderIds))
      .orderBy(orderRefills.orderId, desc(orderRefills.id));
    return new Map<number, NewestRefill>(rows.map((row) => [row.orderId, row]));
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

  /** One order as the console shows it, with its member's login id and its service's name. */
  async orderWithNames(ex: Executor, id: number) {
    const [row] = await ex
      .select({ order: orders, memberLoginId: accounts.loginId, serviceText: services.text })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .innerJoin(services, eq(services.id, orders.serviceId))
      .where(eq(orders.id, id));
    return row;
  },

  /** One auto-order as the console shows it, with its member's login id and its service's name. */
  async autoOrderWithNames(ex: Executor, id: number) {
    const [row] = await ex
      .select({ autoOrder: autoOrders, memberLoginId: accounts.loginId, serviceText: services.text })
      .from(autoOrders)
      .innerJoin(accounts, eq(accounts.id, autoOrders.accountId))
      .innerJoin(services, eq(services.id, autoOrders.serviceId))
      .where(eq(autoOrders.id, id));
    return row;
  },
};
