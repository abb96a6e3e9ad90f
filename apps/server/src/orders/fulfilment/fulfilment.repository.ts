import { AutoOrderStatus, isOpenOrderStatus, orderLinkKey, type OrderStatus } from '@smm/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { autoOrders, orders } from '../../db/schema';
import { openOrder as open, type AutoOrderRow, type NewOrder, type OrderRow } from '../orders.repository';

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

/**
 * The SQL of fulfilment (docs/ARCHITECTURE.md "Orders and the background loop"): the worker's claims
 * under a lease token, the fence before a send, what the provider answered, a failed attempt, a new
 * status, and an auto-order's runs.
 */
export const fulfilmentRepository = {
  /**
   * Claims open orders whose check is due and leases them to `token` until `leaseUntil`, in the
   * caller's short transaction: SKIP LOCKED lets other processes claim other rows, and the lease keeps
   * this batch away from them while the provider is called outside any transaction. The token is the
   * fence: once the lease has run out and another process claimed the row, its token replaces this
   * one, and every later write of this claim (markSending, a failure, a status) finds no row to change.
   * Orders of `skipProviders` (this process is still busy with those providers) are left to others;
   * with `onlyProvider`, only that provider's orders are claimed (a lane claiming again for itself).
   * With `statusLimit`, `limit` counts only the orders not yet at their provider (each is one `add`)
   * and up to `statusLimit` orders it already has are claimed beside them in the same statement: their
   * status is asked up to 100 in one call (docs/ARCHITECTURE.md "Orders and the background loop").
   */
  async claimDueOrders(
    tx: Tx,
    claim: {
      now: Date;
      leaseUntil: Date;
      limit: number;
      token: string;
      skipProviders?: number[];
      onlyProvider?: number;
      statusLimit?: number;
    },
  ): Promise<OrderRow[]> {
    const skip = claim.skipProviders ?? [];
    const dueWhere = (atProvider?: boolean) =>
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
        claim.onlyProvider === undefined ? undefined : eq(orders.providerId, claim.onlyProvider),
        atProvider === undefined
          ? undefined
          : atProvider
            ? isNotNull(orders.providerOrderId)
            : isNull(orders.providerOrderId),
      );
    const dueOf = (atProvider: boolean | undefined, limit: number) =>
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(dueWhere(atProvider))
        .orderBy(asc(orders.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    // The failover subqueries of sendableNow are costed for every due row, not just the new orders
    // they are asked about: with many due orders PostgreSQL would JIT-compile the claim, seconds of
    // compiling for a statement that runs in milliseconds.
    await tx.execute(sql`SET LOCAL jit = off`);
    const due =
      claim.statusLimit === undefined
        ? await dueOf(undefined, claim.limit)
        : // Two limits, one statement: each part locks its own rows (SKIP LOCKED) in next-check order.
          (
            (await tx.execute(sql`
              SELECT id FROM (${dueOf(false, claim.limit)}) AS unsent
              UNION ALL
              SELECT id FROM (${dueOf(true, claim.statusLimit)}) AS at_provider`)) as unknown as {
              rows: { id: number }[];
            }
          ).rows.map((row) => ({ id: Number(row.id) }));
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    const claimed = await tx
      .update(orders)
      .set({ nextCheckAt: claim.leaseUntil, leasedUntil: claim.leaseUntil, leaseToken: claim.token })
      .where(inArray(orders.id, ids))
      .returning();
    // Failover (docs/ARCHITECTURE.md#provider-health): a new order of a paused provider goes to its
    // service's failover provider; the row names the provider it goes to, so its status is asked there.
    // Only a new order (never sent, no send in flight) can go: a claim of statuses alone has none.
    if (!claimed.some((o) => o.providerOrderId === null && o.submittingSince === null)) return claimed;
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
   * The fence before orders are sent: the ids of `marks` whose claim (`token`) still holds the open,
   * unsent order with no send in flight, checked and marked in one statement (one row or many; the
   * send path coalesces its callers, see send-marks.ts). The lease is renewed from each mark's now, so a
   * send late in a long batch keeps the order for its whole call. If this process dies before the answer
   * is recorded, the next claim finds `submitting_since` set and holds the order (the provider may have
   * it) rather than send it again.
   */
  async markSending(
    ex: Executor,
    marks: { id: number; token: string; now: Date; leaseUntil: Date }[],
  ): Promise<Set<number>> {
    if (marks.length === 0) return new Set();
    const values = sql.join(
      marks.map(
        (m) =>
          sql`(${m.id}::integer, ${m.token}::text, ${m.now.toISOString()}::timestamptz, ${m.leaseUntil.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const result = (await ex.execute(sql`
      UPDATE orders
         SET submitting_since = v.now, leased_until = v.lease_until, next_check_at = v.lease_until
        FROM (VALUES ${values}) AS v(id, token, now, lease_until)
       WHERE orders.id = v.id AND orders.lease_token = v.token AND ${open}
         AND orders.provider_order_id IS NULL AND orders.submitting_since IS NULL
         AND orders.next_check_at IS NOT NULL
      RETURNING orders.id`)) as unknown as { rows: { id: number }[] };
    return new Set(result.rows.map((row) => Number(row.id)));
  },

  /**
   * The provider accepted these orders. Each is recorded whoever holds the lease now (the provider's
   * word is the truth, and a process that took the order over held it rather than sent it again), but
   * only on an open order that has no provider order id yet: the ids recorded are returned, and one
   * missing was closed meanwhile by an operator.
   */
  async markSubmitted(
    ex: Executor,
    accepted: { id: number; providerOrderId: string; nextCheckAt: Date; now: Date }[],
  ): Promise<Set<number>> {
    if (accepted.length === 0) return new Set();
    const values = sql.join(
      accepted.map(
        (a) =>
          sql`(${a.id}::integer, ${a.providerOrderId}::text, ${a.nextCheckAt.toISOString()}::timestamptz, ${a.now.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const result = (await ex.execute(sql`
      UPDATE orders
         SET provider_order_id = v.provider_order_id, attempts = 0, next_check_at = v.next_check_at,
             leased_until = NULL, lease_token = NULL, submitting_since = NULL, last_error = NULL,
             progress_at = v.now, updated_at = v.now
        FROM (VALUES ${values}) AS v(id, provider_order_id, next_check_at, now)
       WHERE orders.id = v.id AND orders.provider_order_id IS NULL AND ${open}
      RETURNING orders.id`)) as unknown as { rows: { id: number }[] };
    return new Set(result.rows.map((row) => Number(row.id)));
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

  /**
   * A status batch's answers that leave their orders open, written in one statement: status, start
   * count and remains as answered, the next check, the lease given back, attempts and last error
   * cleared, as applyStatus writes such an answer (progress_at only where status or remains moved), and
   * a new bill with its flag (`bill`, else the stored one kept). Only rows this claim (`token`) still
   * holds, still open and still as claimed (`was`: status, remains, refunded, on which the answer and
   * the bill's flag were judged); returns the ids written.
   */
  async applyOpenStatuses(
    ex: Executor,
    token: string,
    rows: {
      id: number;
      was: { status: number; remains: number | null; refunded: number };
      status: OrderStatus;
      startCount: number | null;
      remains: number | null;
      nextCheckAt: Date;
      bill: { text: string; exceedsPaid: boolean } | null;
    }[],
    now: Date,
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.id}::integer, ${r.was.status}::integer, ${r.was.remains}::integer, ${r.was.refunded}::integer,
            ${r.status}::integer, ${r.startCount}::integer, ${r.remains}::integer,
            ${r.nextCheckAt.toISOString()}::timestamptz, ${r.bill?.text ?? null}::text,
            ${r.bill?.exceedsPaid ?? null}::boolean)`,
      ),
      sql`, `,
    );
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = (await ex.execute(sql`
      UPDATE orders
         SET status = v.status, start_count = v.start_count, remains = v.remains,
             next_check_at = v.next_check_at, attempts = 0, leased_until = NULL, lease_token = NULL,
             last_error = NULL, finished_at = NULL, updated_at = ${at},
             progress_at = CASE WHEN orders.status IS DISTINCT FROM v.status
               OR orders.remains IS DISTINCT FROM v.remains THEN ${at} ELSE orders.progress_at END,
             provider_charge = COALESCE(v.bill, orders.provider_charge),
             charge_exceeds_paid = COALESCE(v.exceeds_paid, orders.charge_exceeds_paid)
        FROM (VALUES ${values})
          AS v(id, was_status, was_remains, was_refunded, status, start_count, remains, next_check_at,
               bill, exceeds_paid)
       WHERE orders.id = v.id AND orders.lease_token = ${token} AND ${open}
         AND orders.status = v.was_status AND orders.remains IS NOT DISTINCT FROM v.was_remains
         AND orders.refunded = v.was_refunded
      RETURNING orders.id`)) as unknown as { rows: { id: number }[] };
    return result.rows.map((row) => Number(row.id));
  },

  /** Why the worker cancelled an order (packages/domain order-cancel-reason.ts); never cleared. */
  async recordCancelReason(tx: Tx, id: number, reason: string) {
    await tx.update(orders).set({ cancelReason: reason }).where(eq(orders.id, id));
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

  async insertOrder(tx: Tx, order: NewOrder): Promise<OrderRow> {
    const [row] = await tx
      .insert(orders)
      .values({ ...order, linkKey: orderLinkKey(order.link) })
      .returning();
    if (!row) throw new Error('order insert returned no row');
    return row;
  },

  async advanceAutoOrder(
    tx: Tx,
    id: number,
    change: Partial<Pick<AutoOrderRow, 'completed' | 'status' | 'nextRunAt'>>,
  ) {
    await tx.update(autoOrders).set(change).where(eq(autoOrders.id, id));
  },
};
