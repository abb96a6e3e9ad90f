import type { OrderStatus } from '@smm/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { autoOrders, orders, providers, services } from '../../db/schema';
import { openOrder as open, type AutoOrderRow } from '../orders.repository';

/**
 * The SQL of cancellations and refunds (a member's, an operator's, the worker's through refundOrder):
 * what a service lets a member do, an operator's settlement, resend and forced refund, the cancel a
 * provider accepted, and the refunded amounts on orders and auto-orders.
 */
export const cancellationRepository = {
  /** What a member may do with orders of this service (docs/product.md#refill-and-cancellation). */
  async serviceActionsOf(ex: Executor, serviceId: number) {
    const [row] = await ex
      .select({ cancellable: services.cancellable, refillDays: services.refillDays })
      .from(services)
      .where(eq(services.id, serviceId));
    return row;
  },

  /** The provider accepted a member's cancellation of this open order; its refund follows its status. */
  async markCancelRequested(ex: Executor, id: number, now: Date): Promise<boolean> {
    const rows = await ex
      .update(orders)
      .set({ cancelRequestedAt: now })
      .where(and(eq(orders.id, id), open, isNull(orders.cancelRequestedAt)))
      .returning({ id: orders.id });
    return rows.length === 1;
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

  /** An operator's 강제 환불 (docs/product.md#operator-console): kept on the order. */
  async markForcedRefund(tx: Tx, id: number, now: Date): Promise<void> {
    await tx.update(orders).set({ forcedRefundAt: now }).where(eq(orders.id, id));
  },

  /**
   * Who fulfils a service now (an operator may have fixed its mapping since the order failed): read in
   * the caller's transaction, not through the catalog's cache.
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

  async addRefunded(tx: Tx, id: number, amount: number) {
    await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} + ${amount}` })
      .where(eq(orders.id, id));
  },

  async setAutoOrderRefunded(
    tx: Tx,
    id: number,
    change: Partial<Pick<AutoOrderRow, 'refunded' | 'status' | 'nextRunAt'>>,
  ) {
    await tx.update(autoOrders).set(change).where(eq(autoOrders.id, id));
  },
};
