import { createHash } from 'node:crypto';
import type { OrderStatus } from '@smm/domain';
import { AutoOrderStatus, OPEN_ORDER_STATUSES, isOpenOrderStatus, orderLinkKey } from '@smm/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { ascendingJson, namedStatement, preparedPerExecutor } from '../db/prepared';
import { insertWithDebit, type DebitForNewRow } from '../ledger/apply-ledger-entry';
import { accounts, autoOrders, orderRefills, orders, providers, services } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type AutoOrderRow = typeof autoOrders.$inferSelect;
/** A new order as its callers give it: its link key is computed here, from its link, always. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'linkKey'>;
export type NewAutoOrder = typeof autoOrders.$inferInsert;
export type NewestRefill = typeof orderRefills.$inferSelect;

const open = inArray(orders.status, [...OPEN_ORDER_STATUSES]);

/**
 * Whether service `s`'s failover may take order `o` (docs/ARCHITECTURE.md#provider-health): it costs no
 * more than what is left of what the member paid (the unit cost read from the failover's list when the
 * operator saved it, times the quantity, rounded up to whole won), or the operator confirmed the loss.
 * A cost not known is not cheap enough. Only an order that surely never reached its first provider is
 * ever asked about: one held for an operator has no next check and is never claimed.
 */
const failoverAffordable = (o: { amount: unknown; cost: unknown; refunded: unknown }) => sql`(
  s.failover_loss_confirmed OR (
    s.failover_unit_cost_milli IS NOT NULL
    AND (CAST(${o.amount} AS bigint) * s.failover_unit_cost_milli + 999) / 1000 <= ${o.cost} - ${o.refunded}
  ))`;

/**
 * What the worker may claim now (docs/ARCHITECTURE.md#provider-health): everything, except a new order
 * (never accepted, no send in flight) of a provider whose sending the operator paused, unless its
 * service names a usable failover provider (enabled, not paused itself, costing no more than the member
 * paid). Such an order waits, due, and is claimed as soon as the switch is off.
 */
const sendableNow = sql`NOT (
  ${orders.providerOrderId} IS NULL AND ${orders.submittingSince} IS NULL
  AND EXISTS (SELECT 1 FROM providers p WHERE p.id = ${orders.providerId} AND p.sending_paused)
  AND NOT EXISTS (
    SELECT 1 FROM services s JOIN providers f ON f.id = s.failover_provider_id
     WHERE s.id = ${orders.serviceId} AND s.failover_provider_service_id IS NOT NULL
       AND f.id <> ${orders.providerId} AND f.enabled AND NOT f.sending_paused
       AND ${failoverAffordable({ amount: orders.amount, cost: orders.cost, refunded: orders.refunded })}
  )
)`;

/** Advisory lock class of "new orders of one service for one link" (charges: 727 302, deposits: 727 301). */
const LINK_LOCK_CLASS = 727_303;

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
 * The lock key of one service's orders for one link: taken (lockServiceLinks) by every new order that
 * the overlap rule checks, so the check and the insert after it see each other's across processes
 * (docs/product.md#refill-and-cancellation). Of the link's key, so two ways of writing one post take
 * one lock.
 */
export function serviceLinkLockKey(serviceId: number, link: string): number {
  return createHash('sha256')
    .update(`${serviceId}\n${orderLinkKey(link)}`)
    .digest()
    .readInt32BE(0);
}

/**
 * Takes these (service, link) locks until the transaction ends, in one statement and in key order, so
 * two transactions taking several never wait on each other in a cycle.
 */
export async function lockServiceLinks(tx: Tx, keys: readonly number[]): Promise<void> {
  if (keys.length > 0) await lockServiceLinksStatement(tx, { keys: ascendingJson(keys) });
}

const lockServiceLinksStatement = namedStatement(
  'lock_service_links',
  sql`SELECT pg_advisory_xact_lock(${sql.raw(String(LINK_LOCK_CLASS))}, k) FROM (
    SELECT CAST(value AS integer) AS k FROM json_array_elements_text(CAST(${sql.placeholder('keys')} AS json))
    ORDER BY 1) AS sorted`,
);

export const ordersRepository = {
  /**
   * A member's new order and its debit in one statement: the ledger's insertWithDebit moves the money,
   * this names the row. Throws INSUFFICIENT_POINTS and writes nothing when the balance is short.
   */
  insertOrderWithDebit(ex: Executor, debit: DebitForNewRow, values: NewOrder) {
    return insertWithDebit(ex, debit, orders, { ...values, linkKey: orderLinkKey(values.link) });
  },

  /** The same for an auto-order: all its runs are paid up front. */
  insertAutoOrderWithDebit(ex: Executor, debit: DebitForNewRow, values: NewAutoOrder) {
    return insertWithDebit(ex, debit, autoOrders, values);
  },

  async insertOrder(tx: Tx, order: NewOrder): Promise<OrderRow> {
    const [row] = await tx
      .insert(orders)
      .values({ ...order, linkKey: orderLinkKey(order.link) })
      .returning();
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
   * Claims open orders whose check is due and leases them to `token` until `leaseUntil`, in the
   * caller's short transaction: SKIP LOCKED lets other processes claim other rows, and the lease keeps
   * this batch away from them while the provider is called outside any transaction. The token is the
   * fence: once the lease has run out and another process claimed the row, its token replaces this
   * one, and every later write of this claim (markSending, a failure, a status) finds no row to change.
   * Orders of `skipProviders` (this process is still busy with those providers) are left to others.
   */
  async claimDueOrders(
    tx: Tx,
    claim: { now: Date; leaseUntil: Date; limit: number; token: string; skipProviders?: number[] },
  ): Promise<OrderRow[]> {
    const skip = claim.skipProviders ?? [];
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          open,
          isNotNull(orders.nextCheckAt),
          lte(orders.nextCheckAt, claim.now),
          sendableNow,
          skip.length > 0
            ? sql`(${orders.providerId} IS NULL OR ${orders.providerId} NOT IN (${sql.join(
                skip.map((id) => sql`${id}`),
                sql`, `,
              )}))`
            : undefined,
        ),
      )
      .orderBy(asc(orders.nextCheckAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    const claimed = await tx
      .update(orders)
      .set({ nextCheckAt: claim.leaseUntil, leasedUntil: claim.leaseUntil, leaseToken: claim.token })
      .where(inArray(orders.id, ids))
      .returning();
    // Failover (docs/ARCHITECTURE.md#provider-health): a new order of a paused provider goes to its
    // service's failover provider; the row names the provider it goes to, so its status is asked there.
    const rerouted = (await tx.execute(sql`
      UPDATE orders o
         SET provider_id = s.failover_provider_id, provider_service_id = s.failover_provider_service_id
        FROM services s, providers p, providers f
       WHERE o.id IN (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
         AND o.provider_order_id IS NULL AND o.submitting_since IS NULL
         AND s.id = o.service_id AND p.id = o.provider_id AND p.sending_paused
         AND f.id = s.failover_provider_id AND f.id <> o.provider_id AND f.enabled AND NOT f.sending_paused
         AND s.failover_provider_service_id IS NOT NULL
         AND ${failoverAffordable({ amount: sql.raw('o.amount'), cost: sql.raw('o.cost'), refunded: sql.raw('o.refunded') })}${
           // A failover this process is still busy with gets no second lane: the order goes back
           // (its paused provider's lane releases it) and is rerouted on a later claim.
           skip.length > 0
             ? sql` AND f.id NOT IN (${sql.join(
                 skip.map((id) => sql`${id}`),
                 sql`, `,
               )})`
             : sql``
         }
      RETURNING o.id, o.provider_id, o.provider_service_id`)) as unknown as {
      rows: { id: number; provider_id: number; provider_service_id: string }[];
    };
    const routed = new Map(rerouted.rows.map((row) => [Number(row.id), row]));
    return claimed.map((order) => {
      const to = routed.get(order.id);
      return to ? { ...order, providerId: to.provider_id, providerServiceId: to.provider_service_id } : order;
    });
  },

  /**
   * Gives a claimed, unsent order back without a failed attempt: its provider was paused after the
   * claim. It is due again at once, and the next claim leaves it waiting or sends it to the failover.
   */
  async releaseClaim(ex: Executor, id: number, token: string, now: Date): Promise<boolean> {
    const rows = await ex
      .update(orders)
      .set({ nextCheckAt: now, leasedUntil: null, leaseToken: null })
      .where(and(eq(orders.id, id), eq(orders.leaseToken, token), isNull(orders.providerOrderId), open))
      .returning({ id: orders.id });
    return rows.length === 1;
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

  /**
   * Who fulfils a service now (an operator may have fixed its mapping since the order failed): read in
   * the caller's transaction, not through the catalogue's cache.
   */
  async currentFulfilment(ex: Executor, serviceId: number) {
    const [row] = await ex
      .select({
        providerId: services.providerId,
        providerServiceId: services.providerServiceId,
        providerEnabled: providers.enabled,
      })
      .from(services)
      .leftJoin(providers, eq(providers.id, services.providerId))
      .where(eq(services.id, serviceId));
    return row;
  },

  /**
   * Sends an open order its provider never accepted again on the next tick: the failed attempts are
   * forgotten, it goes to the service's current provider, and it is due now.
   */
  async resetForResend(
    tx: Tx,
    id: number,
    change: { providerId: number; providerServiceId: string; now: Date },
  ) {
    await tx
      .update(orders)
      .set({
        providerId: change.providerId,
        providerServiceId: change.providerServiceId,
        attempts: 0,
        lastError: null,
        providerAnswer: null,
        nextCheckAt: change.now,
        leasedUntil: null,
        leaseToken: null,
        // The operator checked the provider's panel: an interrupted send is known not to have arrived.
        submittingSince: null,
        updatedAt: change.now,
      })
      .where(eq(orders.id, id));
  },

  /**
   * An operator's final word on a locked order: CANCELED or PARTIAL, never checked again. Unlike
   * applyStatus it also settles a COMPLETED order (an operator's partial) and keeps attempts and
   * last_error as they were (the console shows what happened before).
   */
  async settle(tx: Tx, id: number, change: { status: OrderStatus; remains: number; now: Date }) {
    await tx
      .update(orders)
      .set({
        status: change.status,
        remains: change.remains,
        nextCheckAt: null,
        leasedUntil: null,
        leaseToken: null,
        // Final from now on: the refill window counts from here (docs/product.md#refill-and-cancellation).
        finishedAt: change.now,
        updatedAt: change.now,
      })
      .where(eq(orders.id, id));
  },

  /** What a member may do with orders of this service (docs/product.md#refill-and-cancellation). */
  async serviceActionsOf(ex: Executor, serviceId: number) {
    const [row] = await ex
      .select({ cancellable: services.cancellable, refillDays: services.refillDays })
      .from(services)
      .where(eq(services.id, serviceId));
    return row;
  },

  /** The provider accepted a member's cancellation of this open order; its refund follows its status. */
  /** An operator's 강제 환불 (docs/product.md#operator-console): kept on the order. */
  async markForcedRefund(tx: Tx, id: number, now: Date): Promise<void> {
    await tx.update(orders).set({ forcedRefundAt: now }).where(eq(orders.id, id));
  },

  async markCancelRequested(ex: Executor, id: number, now: Date): Promise<boolean> {
    const rows = await ex
      .update(orders)
      .set({ cancelRequestedAt: now })
      .where(and(eq(orders.id, id), open, isNull(orders.cancelRequestedAt)))
      .returning({ id: orders.id });
    return rows.length === 1;
  },

  async providerOf(ex: Executor, providerId: number) {
    const [row] = await ex.select().from(providers).where(eq(providers.id, providerId)).limit(1);
    return row;
  },

  /**
   * The fence before an order is sent: true only if this claim (`token`) still holds the open, unsent
   * order and no send is in flight, checked and marked in one statement. The lease is renewed from now,
   * so a send late in a long batch keeps the order for its whole call. If this process dies before the
   * answer is recorded, the next claim finds `submitting_since` set and holds the order (the provider
   * may have it) rather than send it again.
   */
  async markSending(ex: Executor, id: number, token: string, now: Date, leaseUntil: Date): Promise<boolean> {
    const rows = await ex
      .update(orders)
      .set({ submittingSince: now, leasedUntil: leaseUntil, nextCheckAt: leaseUntil })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.leaseToken, token),
          open,
          isNull(orders.providerOrderId),
          isNull(orders.submittingSince),
          isNotNull(orders.nextCheckAt),
        ),
      )
      .returning({ id: orders.id });
    return rows.length === 1;
  },

  /**
   * The provider accepted the order. Recorded whoever holds the lease now (the provider's word is the
   * truth, and a process that took the order over held it rather than sent it again), but only on an
   * open order that has no provider order id yet: false otherwise (closed meanwhile by an operator).
   */
  async markSubmitted(ex: Executor, id: number, providerOrderId: string, nextCheckAt: Date, now: Date) {
    const rows = await ex
      .update(orders)
      .set({
        providerOrderId,
        attempts: 0,
        nextCheckAt,
        leasedUntil: null,
        leaseToken: null,
        submittingSince: null,
        lastError: null,
        progressAt: now,
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), isNull(orders.providerOrderId), open))
      .returning({ id: orders.id });
    return rows.length === 1;
  },

  /**
   * The provider took an order the panel could no longer record (closed meanwhile): its id and what
   * happened go on the order's error for an operator, who cancels it at the provider.
   */
  async noteOrphanSubmission(ex: Executor, id: number, note: string, now: Date) {
    await ex
      .update(orders)
      .set({ lastError: note.slice(0, 500), submittingSince: null, updatedAt: now })
      .where(eq(orders.id, id));
  },

  /**
   * A failed provider call of the claim `token`; nothing changes if the order is no longer its own.
   * `providerAnswer`: what the provider sent back when it could not be read (an order held on it).
   */
  async markFailedAttempt(
    ex: Executor,
    id: number,
    token: string,
    error: string,
    nextCheckAt: Date | null,
    now: Date,
    providerAnswer?: string | null,
  ) {
    const [row] = await ex
      .update(orders)
      .set({
        attempts: sql`${orders.attempts} + 1`,
        lastError: error.slice(0, 500),
        ...(providerAnswer === undefined ? {} : { providerAnswer }),
        nextCheckAt,
        leasedUntil: null,
        leaseToken: null,
        submittingSince: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), eq(orders.leaseToken, token), open))
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
    /** The worker's claim: only while it still holds the order (a member's cancel passes none). */
    token?: string,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({
        ...change,
        attempts: 0,
        leasedUntil: null,
        leaseToken: null,
        lastError: null,
        // The refill window counts from the order's finish (docs/product.md#refill-and-cancellation).
        finishedAt: isOpenOrderStatus(change.status) ? null : now,
        // Progress is a new status or remains; the same answer again is not (docs/ARCHITECTURE.md#the-watch).
        progressAt: sql`CASE WHEN ${orders.status} IS DISTINCT FROM ${change.status}::integer
          OR ${orders.remains} IS DISTINCT FROM ${change.remains}::integer
          THEN ${now.toISOString()}::timestamptz ELSE ${orders.progressAt} END`,
        updatedAt: now,
      })
      .where(and(eq(orders.id, id), open, token === undefined ? undefined : eq(orders.leaseToken, token)))
      .returning();
    return row;
  },

  /** Why the worker cancelled an order (packages/domain order-cancel-reason.ts); never cleared. */
  async recordCancelReason(tx: Tx, id: number, reason: string) {
    await tx.update(orders).set({ cancelReason: reason }).where(eq(orders.id, id));
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

  /**
   * Whether any member's open order (an auto-order's run too) of this service for this link exists,
   * however either was written (the link's key, docs/product.md#refill-and-cancellation).
   */
  async hasOpenOrderFor(ex: Executor, serviceId: number, link: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.serviceId, serviceId), eq(orders.linkKey, orderLinkKey(link)), open))
      .limit(1);
    return row !== undefined;
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

  async setAutoOrderRefunded(
    tx: Tx,
    id: number,
    change: Partial<Pick<AutoOrderRow, 'refunded' | 'status' | 'nextRunAt'>>,
  ) {
    await tx.update(autoOrders).set(change).where(eq(autoOrders.id, id));
  },
};
