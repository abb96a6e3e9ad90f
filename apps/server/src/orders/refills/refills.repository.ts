import { OPEN_REFILL_STATUSES, RefillStatus } from '@smm/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { orderRefills, orders } from '../../db/schema';

export type RefillRow = typeof orderRefills.$inferSelect;

/** A claimed refill with what sending or following it needs of its order. */
export interface ClaimedRefill extends RefillRow {
  providerId: number | null;
  providerOrderId: string | null;
}

const openRefill = inArray(orderRefills.status, [...OPEN_REFILL_STATUSES]);

/**
 * Every SQL statement on order_refills of the member's requests and the background loop (the
 * console's own writes are operator-refills.repository.ts). Refills move no money.
 */
export const refillsRepository = {
  /** The order's open refill (one at most) and its newest request, whatever its state. */
  async openAndNewest(ex: Executor, orderId: number) {
    const [open] = await ex
      .select({ id: orderRefills.id })
      .from(orderRefills)
      .where(and(eq(orderRefills.orderId, orderId), openRefill))
      .limit(1);
    const [newest] = await ex
      .select({ createdAt: orderRefills.createdAt })
      .from(orderRefills)
      .where(eq(orderRefills.orderId, orderId))
      .orderBy(desc(orderRefills.id))
      .limit(1);
    return { hasOpen: open !== undefined, lastRequestedAt: newest?.createdAt ?? null };
  },

  /** A new PENDING refill due now; the partial unique index refuses a second open one for the order. */
  async insertPending(
    tx: Tx,
    refill: { orderId: number; accountId: number; source: string; now: Date },
  ): Promise<RefillRow> {
    const [row] = await tx
      .insert(orderRefills)
      .values({
        orderId: refill.orderId,
        accountId: refill.accountId,
        source: refill.source,
        status: RefillStatus.PENDING,
        nextCheckAt: refill.now,
        createdAt: refill.now,
        updatedAt: refill.now,
      })
      .returning();
    if (!row) throw new Error('refill insert returned no row');
    return row;
  },

  /** The order's refills, newest first. */
  listForOrder(ex: Executor, orderId: number): Promise<RefillRow[]> {
    return ex
      .select()
      .from(orderRefills)
      .where(eq(orderRefills.orderId, orderId))
      .orderBy(desc(orderRefills.id));
  },

  /** The member's own refills of these ids; another member's are as absent as unknown ones. */
  findOwn(ex: Executor, accountId: number, ids: number[]): Promise<RefillRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex
      .select()
      .from(orderRefills)
      .where(and(eq(orderRefills.accountId, accountId), inArray(orderRefills.id, ids)));
  },

  /**
   * Claims refills of `status` whose turn has come and leases them to `token` until `leaseUntil`, in
   * the caller's short transaction (SKIP LOCKED, like fulfilmentRepository.claimDueOrders): every later
   * write of this claim names the token and changes nothing once another claim or an operator took
   * the row.
   */
  async claimDue(
    tx: Tx,
    claim: { status: RefillStatus; now: Date; leaseUntil: Date; limit: number; token: string },
  ): Promise<ClaimedRefill[]> {
    const due = await tx
      .select({ id: orderRefills.id })
      .from(orderRefills)
      .where(
        and(
          eq(orderRefills.status, claim.status),
          isNotNull(orderRefills.nextCheckAt),
          lte(orderRefills.nextCheckAt, claim.now),
        ),
      )
      .orderBy(asc(orderRefills.nextCheckAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(orderRefills)
      .set({ nextCheckAt: claim.leaseUntil, leasedUntil: claim.leaseUntil, leaseToken: claim.token })
      .where(
        inArray(
          orderRefills.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const owners = await tx
      .select({ id: orders.id, providerId: orders.providerId, providerOrderId: orders.providerOrderId })
      .from(orders)
      .where(
        inArray(
          orders.id,
          claimed.map((r) => r.orderId),
        ),
      );
    const byId = new Map(owners.map((o) => [o.id, o]));
    return claimed.map((r) => ({
      ...r,
      providerId: byId.get(r.orderId)?.providerId ?? null,
      providerOrderId: byId.get(r.orderId)?.providerOrderId ?? null,
    }));
  },

  /**
   * The fence before a refill is sent: true only if this claim still holds it PENDING, marked in the
   * same statement as being at the provider (INPROGRESS, no provider refill id yet). Should the answer
   * never be recorded, the next look finds it so and never sends it again (send-refills.workflow.ts).
   */
  async markSending(ex: Executor, id: number, token: string, now: Date, leaseUntil: Date): Promise<boolean> {
    const rows = await ex
      .update(orderRefills)
      .set({
        status: RefillStatus.INPROGRESS,
        attempts: sql`${orderRefills.attempts} + 1`,
        nextCheckAt: leaseUntil,
        leasedUntil: leaseUntil,
        updatedAt: now,
      })
      .where(
        and(
          eq(orderRefills.id, id),
          eq(orderRefills.leaseToken, token),
          eq(orderRefills.status, RefillStatus.PENDING),
          isNull(orderRefills.providerRefillId),
        ),
      )
      .returning({ id: orderRefills.id });
    return rows.length === 1;
  },

  /**
   * The provider took the refill: its id stored, followed from `nextCheckAt`. Recorded on the refill
   * still being sent whoever holds the lease now (the provider's word is the truth).
   */
  async markAccepted(ex: Executor, id: number, providerRefillId: string, nextCheckAt: Date, now: Date) {
    const rows = await ex
      .update(orderRefills)
      .set({
        providerRefillId,
        attempts: 0,
        reason: null,
        nextCheckAt,
        leasedUntil: null,
        leaseToken: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(orderRefills.id, id),
          eq(orderRefills.status, RefillStatus.INPROGRESS),
          isNull(orderRefills.providerRefillId),
        ),
      )
      .returning({ id: orderRefills.id });
    return rows.length === 1;
  },

  /**
   * A send that surely did not reach the provider: PENDING again after `attempts` tries, due at
   * `nextCheckAt`; only while this claim still holds it.
   */
  async retryLater(ex: Executor, id: number, token: string, attempts: number, nextCheckAt: Date, now: Date) {
    await ex
      .update(orderRefills)
      .set({
        status: RefillStatus.PENDING,
        attempts,
        nextCheckAt,
        leasedUntil: null,
        leaseToken: null,
        updatedAt: now,
      })
      .where(and(eq(orderRefills.id, id), eq(orderRefills.leaseToken, token), openRefill))
      .returning({ id: orderRefills.id });
  },

  /** A status check that told nothing: asked again at `nextCheckAt`; attempts counts such checks. */
  async checkLater(ex: Executor, id: number, token: string, failed: boolean, nextCheckAt: Date, now: Date) {
    const [row] = await ex
      .update(orderRefills)
      .set({
        attempts: failed ? sql`${orderRefills.attempts} + 1` : 0,
        nextCheckAt,
        leasedUntil: null,
        leaseToken: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(orderRefills.id, id),
          eq(orderRefills.leaseToken, token),
          eq(orderRefills.status, RefillStatus.INPROGRESS),
        ),
      )
      .returning({ attempts: orderRefills.attempts });
    return row?.attempts;
  },

  /**
   * The refill's end, COMPLETED or REJECTED (with its reason), once: only while open and held by this
   * claim. False when it was no longer this claim's (an operator ended it, another process took it).
   */
  async finish(
    ex: Executor,
    id: number,
    token: string,
    end: { status: RefillStatus; reason: string | null; now: Date },
  ): Promise<boolean> {
    const rows = await ex
      .update(orderRefills)
      .set({
        status: end.status,
        reason: end.reason === null ? null : end.reason.slice(0, 500),
        nextCheckAt: null,
        leasedUntil: null,
        leaseToken: null,
        finishedAt: end.now,
        updatedAt: end.now,
      })
      .where(and(eq(orderRefills.id, id), eq(orderRefills.leaseToken, token), openRefill))
      .returning({ id: orderRefills.id });
    return rows.length === 1;
  },
};
