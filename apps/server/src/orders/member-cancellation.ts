import { AutoOrderStatus, OPEN_ORDER_STATUSES, OrderStatus } from '@smm/domain';
import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { ordersRepository, type OrderRow } from './orders.repository';
import { cancelAtProvider } from './cancel-at-provider';
import { refundOrder, stopAutoOrder } from './refunds';
import type { ProviderClients } from './worker-context';

/** What asking to cancel one order came to (the public API words each for the caller). */
export type CancelOutcome =
  /** Not yet sent to its provider: cancelled and fully refunded now. */
  | { kind: 'cancelled'; refunded: number }
  /** Its provider accepted the cancellation; the refund follows when its status says Canceled or Partial. */
  | { kind: 'requested' }
  | { kind: 'not-found' }
  /** Already completed, partial or canceled. */
  | { kind: 'final' }
  /** A worker is sending it to its provider right now; asking again shortly will be decided. */
  | { kind: 'in-flight' }
  | { kind: 'provider-refused'; reason: string };

/** A member's (or the public API's) cancellation of their own orders and auto-orders. */
export class MemberCancellation {
  constructor(
    private readonly db: Db,
    private readonly providers: ProviderClients,
    private readonly clock: Clock,
  ) {}

  /**
   * A member's cancellation of one of their orders. One the provider has not got yet is cancelled and
   * refunded in one transaction, unless a worker holds it (leased) because it is being sent right now:
   * cancelling then would refund an order the provider is about to run. One the provider has is
   * cancelled by asking the provider; its status refresh then brings the refund, exactly once.
   */
  async cancelOrder(accountId: number, orderId: number): Promise<CancelOutcome> {
    const now = this.clock.now();
    const local = await this.db.transaction(
      async (tx): Promise<CancelOutcome | { kind: 'at-provider'; order: OrderRow }> => {
        const order = await ordersRepository.findOwnOrderForUpdate(tx, accountId, orderId);
        if (!order) return { kind: 'not-found' };
        if (!OPEN_ORDER_STATUSES.includes(order.status as OrderStatus)) return { kind: 'final' };
        if (order.providerOrderId !== null) return { kind: 'at-provider', order };
        if (order.leasedUntil && order.leasedUntil > now) return { kind: 'in-flight' };
        // Held for an operator (or about to be: its sender died mid-send): its provider may be running
        // it, so only an operator may cancel it.
        if (order.nextCheckAt === null || order.submittingSince !== null) {
          return { kind: 'provider-refused', reason: 'held for an operator: the provider may have it' };
        }
        const updated = await ordersRepository.applyStatus(
          tx,
          order.id,
          {
            status: OrderStatus.CANCELED,
            startCount: order.startCount,
            remains: order.amount,
            nextCheckAt: null,
          },
          now,
        );
        if (!updated) return { kind: 'final' };
        const amount = Math.max(0, updated.cost - updated.refunded);
        await refundOrder(tx, updated, amount);
        return { kind: 'cancelled', refunded: amount };
      },
    );
    if (local.kind !== 'at-provider') return local;
    const answer = await cancelAtProvider(this.db, this.providers, local.order);
    if (!answer.asked) return { kind: 'provider-refused', reason: 'no enabled provider' };
    if (answer.accepted) return { kind: 'requested' };
    return { kind: 'provider-refused', reason: answer.error };
  }

  /**
   * Stops an auto-order: the runs not yet placed are refunded (its total less the price of the placed
   * runs) through the ledger, once. Only the owner's ACTIVE auto-order can be cancelled.
   */
  async cancelAutoOrder(
    accountId: number,
    autoOrderId: number,
  ): Promise<{ cancelled: boolean; refunded: number }> {
    return this.db.transaction(async (tx) => {
      const autoOrder = await ordersRepository.findAutoOrderForUpdate(tx, autoOrderId);
      if (!autoOrder || autoOrder.accountId !== accountId) throw appError('NOT_FOUND');
      if (autoOrder.status !== AutoOrderStatus.ACTIVE) return { cancelled: false, refunded: 0 };
      return { cancelled: true, refunded: await stopAutoOrder(tx, autoOrder) };
    });
  }
}
