import {
  AutoOrderStatus,
  formatWon,
  ORDER_CANCEL_MESSAGES,
  orderCancelRefusal,
  OrderStatus,
} from '@smm/domain';
import type { CancelAutoOrderResponse, CancelOrderResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { appError } from '../../errors/app-error';
import type { Clock } from '../../shared/clock';
import { ordersRepository, type OrderRow } from '../orders.repository';
import { cancelAtProvider } from './cancel-at-provider';
import { refundOrder, stopAutoOrder } from './refund.workflow';
import type { ProviderClients } from '../fulfilment/worker-context';
import { fulfilmentRepository } from '../fulfilment/fulfilment.repository';
import { cancellationRepository } from './cancellation.repository';

/** What asking to cancel one order came to (the member site and the public API word each their way). */
export type CancelOutcome =
  /** Not yet sent to its provider: cancelled and fully refunded now. */
  | { kind: 'cancelled'; refunded: number }
  /** Its provider accepted the cancellation; the refund follows when its status says Canceled or Partial. */
  | { kind: 'requested' }
  | { kind: 'not-found' }
  /** Its service does not let members cancel (docs/product.md#refill-and-cancellation). */
  | { kind: 'not-cancellable' }
  /** Already completed, partial or canceled. */
  | { kind: 'final' }
  /** Its provider was already asked and accepted; the refund waits for its status. */
  | { kind: 'already-requested' }
  /** A worker is sending it to its provider right now; asking again shortly will be decided. */
  | { kind: 'in-flight' }
  /** Held for an operator: its provider may be running it, so only an operator may cancel it. */
  | { kind: 'held' }
  | { kind: 'provider-refused'; reason: string };

/** What asking to stop one of the caller's auto-orders came to (another member's is a 404). */
export type AutoCancelOutcome =
  | { cancelled: true; refunded: number }
  /** Its service is not cancellable, or it is no longer ACTIVE. */
  | { cancelled: false; refunded: 0; refusal: 'not-cancellable' | 'not-active' };

/** A member's (or the public API's) cancellation of their own orders and auto-orders. */
export class MemberCancellation {
  constructor(
    private readonly db: Db,
    private readonly providers: ProviderClients,
    private readonly clock: Clock,
  ) {}

  /**
   * A member's cancellation of one of their orders (docs/product.md#refill-and-cancellation): only of a
   * cancellable service, while open and not already asked of its provider (orderCancelRefusal). One the
   * provider has not got yet is cancelled and refunded in one transaction, unless a worker holds it
   * (leased) because it is being sent right now: cancelling then would refund an order the provider is
   * about to run. One the provider has is cancelled by asking the provider; when it accepts, the order
   * is marked `cancel_requested_at`, and only its status refresh (CANCELED or PARTIAL) brings the
   * refund, exactly once (fulfilment/refresh-status.workflow.ts, the ledger's `order:<id>` key). The
   * request alone never refunds.
   */
  async cancelOrder(accountId: number, orderId: number): Promise<CancelOutcome> {
    const now = this.clock.now();
    const local = await this.db.transaction(
      async (tx): Promise<CancelOutcome | { kind: 'at-provider'; order: OrderRow }> => {
        const order = await ordersRepository.findOwnOrderForUpdate(tx, accountId, orderId);
        if (!order) return { kind: 'not-found' };
        const service = await cancellationRepository.serviceActionsOf(tx, order.serviceId);
        const refusal = orderCancelRefusal({
          orderStatus: order.status,
          cancellable: service?.cancellable ?? false,
          cancelRequested: order.cancelRequestedAt !== null,
        });
        if (refusal === ORDER_CANCEL_MESSAGES.NOT_CANCELLABLE) return { kind: 'not-cancellable' };
        if (refusal === ORDER_CANCEL_MESSAGES.ALREADY_REQUESTED) return { kind: 'already-requested' };
        if (refusal !== null) return { kind: 'final' };
        if (order.providerOrderId !== null) return { kind: 'at-provider', order };
        if (order.leasedUntil && order.leasedUntil > now) return { kind: 'in-flight' };
        // Held for an operator (or about to be: its sender died mid-send): its provider may be running
        // it, so only an operator may cancel it.
        if (order.nextCheckAt === null || order.submittingSince !== null) return { kind: 'held' };
        const updated = await fulfilmentRepository.applyStatus(
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
    if (!answer.accepted) return { kind: 'provider-refused', reason: answer.error };
    // Marked only if still open: a refresh that finished it meanwhile has already settled its money.
    await cancellationRepository.markCancelRequested(this.db, local.order.id, this.clock.now());
    return { kind: 'requested' };
  }

  /** POST /service/order/:id/cancel: the outcome in the member site's words, refusals as 409s. */
  async cancelOrderForMember(accountId: number, orderId: number): Promise<CancelOrderResponse> {
    const outcome = await this.cancelOrder(accountId, orderId);
    const m = ORDER_CANCEL_MESSAGES;
    switch (outcome.kind) {
      case 'cancelled':
        return {
          outcome: 'cancelled',
          refunded: outcome.refunded,
          message: m.CANCELLED(formatWon(outcome.refunded)),
        };
      case 'requested':
        return { outcome: 'requested', refunded: 0, message: m.REQUESTED };
      case 'not-found':
        throw appError('NOT_FOUND');
      case 'not-cancellable':
        throw appError('ORDER_CANCEL_REFUSED', m.NOT_CANCELLABLE);
      case 'final':
        throw appError('ORDER_CANCEL_REFUSED', m.FINAL);
      case 'already-requested':
        throw appError('ORDER_CANCEL_REFUSED', m.ALREADY_REQUESTED);
      case 'in-flight':
        throw appError('ORDER_CANCEL_REFUSED', m.IN_FLIGHT);
      case 'held':
        throw appError('ORDER_CANCEL_REFUSED', m.HELD);
      case 'provider-refused':
        throw appError('ORDER_CANCEL_REFUSED', m.PROVIDER_REFUSED);
    }
  }

  /**
   * Stops an auto-order: the runs not yet placed are refunded (its total less the price of the placed
   * runs) through the ledger, once. Only the owner's ACTIVE auto-order of a cancellable service.
   */
  async cancelAutoOrder(accountId: number, autoOrderId: number): Promise<AutoCancelOutcome> {
    return this.db.transaction(async (tx): Promise<AutoCancelOutcome> => {
      const autoOrder = await ordersRepository.findAutoOrderForUpdate(tx, autoOrderId);
      if (!autoOrder || autoOrder.accountId !== accountId) throw appError('NOT_FOUND');
      const service = await cancellationRepository.serviceActionsOf(tx, autoOrder.serviceId);
      if (!service?.cancellable) return { cancelled: false, refunded: 0, refusal: 'not-cancellable' };
      if (autoOrder.status !== AutoOrderStatus.ACTIVE) {
        return { cancelled: false, refunded: 0, refusal: 'not-active' };
      }
      return { cancelled: true, refunded: await stopAutoOrder(tx, autoOrder) };
    });
  }

  /** POST /service/auto-order/:id/cancel: the outcome in the member site's words, refusals as 409s. */
  async cancelAutoOrderForMember(accountId: number, autoOrderId: number): Promise<CancelAutoOrderResponse> {
    const outcome = await this.cancelAutoOrder(accountId, autoOrderId);
    if (outcome.cancelled) {
      return {
        refunded: outcome.refunded,
        message: ORDER_CANCEL_MESSAGES.CANCELLED(formatWon(outcome.refunded)),
      };
    }
    throw appError('ORDER_CANCEL_REFUSED', autoCancelRefusalMessage(outcome.refusal));
  }
}

/** The Korean sentence of an auto-order cancellation's refusal. */
export function autoCancelRefusalMessage(refusal: 'not-cancellable' | 'not-active'): string {
  return refusal === 'not-cancellable'
    ? ORDER_CANCEL_MESSAGES.NOT_CANCELLABLE
    : ORDER_CANCEL_MESSAGES.AUTO_NOT_ACTIVE;
}
