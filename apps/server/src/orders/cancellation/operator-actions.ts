/**
 * Why this file: an operator's actions on an order change the order, the member's balance and the audit
 * log (docs/product.md#operator-console: resend, cancel with a refund, mark partial), so they live with
 * the order lifecycle they step into; the console's routes (admin/orders) only call them. They respect
 * the worker (a leased order is refused) and refund through the same ledger key it uses
 * (docs/ARCHITECTURE.md#operator-console).
 */
import {
  ADMIN_ORDER_MESSAGES,
  AutoOrderStatus,
  OrderStatus,
  autoOrderCancelRefusal,
  cancelRefundWon,
  cancelRefusal,
  partialRefundWon,
  partialRefusal,
  resendRefusal,
  validatePartialRemains,
  type AdminOrderFacts,
} from '@smm/domain';
import type {
  AdminAutoOrderItem,
  AdminOrderItem,
  AutoOrderCancelResponse,
  OrderActionResponse,
  OrderCancelResponse,
} from '@smm/domain/contract';
import { auditLogRepository } from '../../audit/audit-log.repository';
import type { Db, Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import type { Clock } from '../../shared/clock';
import { cancelAtProvider } from './cancel-at-provider';
import { presentAdminAutoOrder, presentAdminOrder } from '../history/operator-orders.presenter';
import { ordersRepository, type OrderRow } from '../orders.repository';
import { refundOrder, stopAutoOrder } from './refund.workflow';
import { referralRewardsRepository } from '../../rewards/referral-rewards.repository';
import type { ProviderClients } from '../fulfilment/worker-context';
import { historyRepository } from '../history/history.repository';
import { cancellationRepository } from './cancellation.repository';

const m = ADMIN_ORDER_MESSAGES;
const PROVIDER_MISSING = '공급사가 없거나 꺼져 있어 공급사에 취소를 요청하지 못했습니다.';
const REFUND_RECORDED = '이 주문의 환불 기록이 이미 있습니다. 원장을 확인해주세요.';

const facts = (order: OrderRow): AdminOrderFacts => ({
  status: order.status,
  amount: order.amount,
  unitPriceMilli: order.unitPriceMilli,
  cost: order.cost,
  refunded: order.refunded,
  providerOrderId: order.providerOrderId,
  remains: order.remains,
  leasedUntil: order.leasedUntil,
});

/**
 * The operator's actions on any member's orders: resend an order its provider never
 * accepted, cancel with refund, mark partial with refund, stop an auto-order.
 *
 * Each action runs in one transaction that locks the row (FOR UPDATE) and writes its audit entry (the
 * console's row before and after); asking for the state already reached answers `changed: false` and
 * writes nothing. The worker is respected: an order it holds (`leased_until` ahead) is refused with a
 * 409 until it lets go, and every refund goes through `refundOrder` — the ledger's (REFUND, `order:<id>`)
 * key the worker uses too — so an order is refunded once whoever gets there first.
 */
export class OperatorOrderActions {
  constructor(
    private readonly db: Db,
    private readonly providers: ProviderClients,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends again an open order its provider never accepted (its submissions failed): the attempts are
   * forgotten, the error cleared, and the next tick submits it to the service's current provider.
   */
  resend(operatorId: number, orderId: number, memo: string): Promise<OrderActionResponse> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const order = await this.lockOrder(tx, orderId);
      const refusal = resendRefusal(facts(order), now);
      if (refusal) throw appError('ORDER_STATE', refusal);
      const fulfilment = await cancellationRepository.currentFulfilment(tx, order.serviceId);
      if (!fulfilment?.providerId || !fulfilment.providerServiceId || !fulfilment.providerEnabled) {
        throw appError('ORDER_STATE', m.RESEND_NO_PROVIDER);
      }
      const before = await this.present(tx, orderId);
      const alreadyDue =
        order.attempts === 0 &&
        order.lastError === null &&
        order.nextCheckAt !== null &&
        order.nextCheckAt <= now &&
        order.providerId === fulfilment.providerId &&
        order.providerServiceId === fulfilment.providerServiceId;
      if (alreadyDue) return { order: before, changed: false, refunded: 0 };
      await cancellationRepository.resetForResend(tx, order.id, {
        providerId: fulfilment.providerId,
        providerServiceId: fulfilment.providerServiceId,
        now,
      });
      const after = await this.present(tx, orderId);
      await this.audit(tx, operatorId, 'order.resend', orderId, before, after, memo);
      return { order: after, changed: true, refunded: 0 };
    });
  }

  /**
   * Cancels an open order (docs/product.md#operator-console). One its provider never got is cancelled
   * and refunded here. One its provider has is cancelled as a member's is (cancel-order.workflow.ts): the
   * provider is asked first, after this transaction; when it accepts, the order is marked
   * `cancel_requested_at` and the refund follows its status (CANCELED or PARTIAL) through the worker,
   * once; when it refuses or its answer is not known, nothing changes and its words are reported. The
   * operator's way past a provider that will not answer is forceRefund.
   */
  async cancel(operatorId: number, orderId: number, memo: string): Promise<OrderCancelResponse> {
    const notAsked = { asked: false, accepted: false, error: null };
    const local = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const order = await this.lockOrder(tx, orderId);
      const before = await this.present(tx, orderId);
      if (order.status === OrderStatus.CANCELED) {
        return { order: before, changed: false, refunded: 0, atProvider: null };
      }
      const refusal = cancelRefusal(facts(order), now);
      if (refusal) throw appError('ORDER_STATE', refusal);
      // Already asked of its provider (by the member or an operator): the refund waits for its status.
      if (order.providerOrderId !== null && order.cancelRequestedAt !== null) {
        return { order: before, changed: false, refunded: 0, atProvider: null };
      }
      if (order.providerOrderId !== null)
        return { order: before, changed: false, refunded: 0, atProvider: order };
      const amount = await this.cancelAndRefund(tx, order, now);
      const after = await this.present(tx, orderId);
      await this.audit(tx, operatorId, 'order.cancel', orderId, before, after, memo);
      return { order: after, changed: true, refunded: amount, atProvider: null };
    });
    const { atProvider, ...answer } = local;
    if (!atProvider) return { ...answer, provider: notAsked };
    const provider = await this.askProviderToCancel(atProvider);
    if (!provider.accepted) return { ...answer, provider };
    return this.db.transaction(async (tx) => {
      await this.lockOrder(tx, orderId);
      const before = await this.present(tx, orderId);
      // Marked only if still open: a status refresh that finished it meanwhile has settled its money.
      const changed = await cancellationRepository.markCancelRequested(tx, orderId, this.clock.now());
      if (!changed) return { order: before, changed: false, refunded: 0, provider };
      const after = await this.present(tx, orderId);
      await this.audit(tx, operatorId, 'order.cancel', orderId, before, after, memo);
      return { order: after, changed: true, refunded: 0, provider };
    });
  }

  /**
   * 강제 환불: cancels an open order and refunds what is left of its cost now, whatever its provider
   * says (docs/product.md#operator-console). The order is marked `forced_refund_at` and the audit entry
   * is `order.force-refund`. An order its provider has is also asked to be cancelled there, after the
   * commit and best effort: a refusal or an unreachable provider is reported, not undone (the order is
   * no longer checked, and the ledger's `order:<id>` key refuses a second refund anyway).
   */
  async forceRefund(operatorId: number, orderId: number, memo: string): Promise<OrderCancelResponse> {
    const local = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const order = await this.lockOrder(tx, orderId);
      const before = await this.present(tx, orderId);
      if (order.status === OrderStatus.CANCELED) {
        return { order: before, changed: false, refunded: 0, atProvider: null };
      }
      const refusal = cancelRefusal(facts(order), now);
      if (refusal) throw appError('ORDER_STATE', refusal);
      const amount = await this.cancelAndRefund(tx, order, now);
      await cancellationRepository.markForcedRefund(tx, order.id, now);
      const after = await this.present(tx, orderId);
      await this.audit(tx, operatorId, 'order.force-refund', orderId, before, after, memo);
      return {
        order: after,
        changed: true,
        refunded: amount,
        atProvider: order.providerOrderId ? order : null,
      };
    });
    const { atProvider, ...answer } = local;
    if (!atProvider) return { ...answer, provider: { asked: false, accepted: false, error: null } };
    return { ...answer, provider: await this.askProviderToCancel(atProvider) };
  }

  /** Settles a locked open order CANCELED and refunds what is left of its cost; returns that amount. */
  private async cancelAndRefund(tx: Tx, order: OrderRow, now: Date): Promise<number> {
    const amount = cancelRefundWon(order);
    await cancellationRepository.settle(tx, order.id, {
      status: OrderStatus.CANCELED,
      remains: order.amount,
      now,
    });
    await this.refund(tx, order, amount);
    return amount;
  }

  /**
   * Marks an order partly delivered with `remains` units undelivered and refunds their price
   * (refundForRemainsWon, within what is left of the cost). Allowed on an open order and on a
   * COMPLETED one the operator knows fell short; the same remains again changes nothing.
   */
  partial(operatorId: number, orderId: number, remains: number, memo: string): Promise<OrderActionResponse> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const order = await this.lockOrder(tx, orderId);
      const invalid = validatePartialRemains(remains, order.amount);
      if (invalid) throw appError('ORDER_INVALID', invalid);
      const refusal = partialRefusal(facts(order), remains, now);
      if (refusal) throw appError('ORDER_STATE', refusal);
      const before = await this.present(tx, orderId);
      if (order.status === OrderStatus.PARTIAL) return { order: before, changed: false, refunded: 0 };
      const amount = partialRefundWon(order, remains);
      await cancellationRepository.settle(tx, order.id, { status: OrderStatus.PARTIAL, remains, now });
      await this.refund(tx, order, amount);
      // The delivered part earns a referrer's reward like a provider's partial (a completed order has its row).
      await referralRewardsRepository.record(tx, order, now);
      const after = await this.present(tx, orderId);
      await this.audit(tx, operatorId, 'order.partial', orderId, before, after, memo);
      return { order: after, changed: true, refunded: amount };
    });
  }

  /**
   * Stops an active auto-order and refunds the runs not placed (the worker's rule, `auto:<id>` in the
   * ledger, through `stopAutoOrder` like a member's cancellation); runs already placed are orders of
   * their own. Any member's: the operator variant.
   */
  cancelAutoOrder(operatorId: number, autoOrderId: number, memo: string): Promise<AutoOrderCancelResponse> {
    return this.db.transaction(async (tx) => {
      const autoOrder = await ordersRepository.findAutoOrderForUpdate(tx, autoOrderId);
      if (!autoOrder) throw appError('ORDER_NOT_FOUND', m.AUTO_ORDER_NOT_FOUND);
      const before = await this.presentAuto(tx, autoOrderId);
      if (autoOrder.status === AutoOrderStatus.CANCLED) {
        return { autoOrder: before, changed: false, refunded: 0 };
      }
      const refusal = autoOrderCancelRefusal(autoOrder);
      if (refusal) throw appError('ORDER_STATE', refusal);
      const refunded = await stopAutoOrder(tx, autoOrder);
      const after = await this.presentAuto(tx, autoOrderId);
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'auto-order.cancel',
        targetType: 'auto-order',
        targetId: autoOrderId,
        before,
        after,
        memo: memo.trim(),
      });
      return { autoOrder: after, changed: true, refunded };
    });
  }

  /**
   * The refund of an order this transaction just settled; the ledger must take it. Stricter than the
   * worker's use of `refundOrder` (which takes "already refunded" as done): here it is an error.
   */
  private async refund(tx: Tx, order: OrderRow, amount: number): Promise<void> {
    if (amount <= 0) return;
    // Nothing refunded this order yet (it was open, or COMPLETED), so the ledger's key is free; if it
    // is not, the books disagree and nothing is written.
    if (!(await refundOrder(tx, order, amount))) throw appError('ORDER_STATE', REFUND_RECORDED);
  }

  /** The console's wording of `cancelAtProvider` (a missing provider is an error to show, not a refusal). */
  private async askProviderToCancel(order: OrderRow): Promise<OrderCancelResponse['provider']> {
    const answer = await cancelAtProvider(this.db, this.providers, order);
    if (!answer.asked) return { asked: false, accepted: false, error: PROVIDER_MISSING };
    if (answer.accepted) return { asked: true, accepted: true, error: null };
    return { asked: true, accepted: false, error: answer.error };
  }

  private async lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
    const order = await ordersRepository.findOrderForUpdate(tx, orderId);
    if (!order) throw appError('ORDER_NOT_FOUND', m.ORDER_NOT_FOUND);
    return order;
  }

  private async present(tx: Tx, orderId: number): Promise<AdminOrderItem> {
    const row = await historyRepository.orderWithNames(tx, orderId);
    if (!row) throw appError('ORDER_NOT_FOUND', m.ORDER_NOT_FOUND);
    return presentAdminOrder(row);
  }

  private async presentAuto(tx: Tx, autoOrderId: number): Promise<AdminAutoOrderItem> {
    const row = await historyRepository.autoOrderWithNames(tx, autoOrderId);
    if (!row) throw appError('ORDER_NOT_FOUND', m.AUTO_ORDER_NOT_FOUND);
    return presentAdminAutoOrder(row);
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: 'order.resend' | 'order.cancel' | 'order.force-refund' | 'order.partial',
    orderId: number,
    before: AdminOrderItem,
    after: AdminOrderItem,
    memo: string,
  ): Promise<void> {
    return auditLogRepository.record(tx, {
      operatorId,
      action,
      targetType: 'order',
      targetId: orderId,
      before,
      after,
      memo: memo.trim(),
    });
  }
}
