import { OrderStatus, orderStatusFromProvider, refundForRemainsWon } from '@smm/domain';
import { ProviderError, type ProviderApi, type ProviderOrderStatus } from '../../providers/provider-api';
import type { OrderRow } from '../orders.repository';
import { asProviderError, recordProviderFailure } from './provider-failure';
import { recordProviderBill } from './provider-bill';
import { refundOrder } from '../cancellation/refund.workflow';
import { seconds, type TickReport, type WorkerContext } from './worker-context';
import { fulfilmentRepository } from './fulfilment.repository';

/**
 * Asks the provider for the status of a claimed batch of orders it has (one multi-status call) and
 * applies each answer (applyProviderStatus: the new status in one conditional update, the refund of a
 * PARTIAL or CANCELED order through refundOrder, the provider's charge checked against what was paid);
 * an unusable one goes to recordProviderFailure (status calls are reads: backed off, never changing the
 * order).
 */
export async function refreshStatuses(
  ctx: WorkerContext,
  client: ProviderApi,
  batch: OrderRow[],
  report: TickReport,
): Promise<void> {
  let answers: Map<string, ProviderOrderStatus | { error: string }>;
  try {
    answers = await client.statuses(batch.map((o) => o.providerOrderId!));
  } catch (error) {
    for (const order of batch) await recordProviderFailure(ctx, order, asProviderError(error), report);
    return;
  }
  for (const order of batch) {
    const answer = answers.get(order.providerOrderId!);
    const status = answer && 'status' in answer ? orderStatusFromProvider(answer.status) : null;
    if (!answer || !('status' in answer) || status === null) {
      const why = answer && 'error' in answer ? answer.error : 'no usable status for this order';
      await recordProviderFailure(
        ctx,
        order,
        new ProviderError(why, true),
        report,
        answer !== undefined && 'error' in answer,
      );
      continue;
    }
    const refunded = await applyProviderStatus(ctx, order, status, answer);
    report.refreshed += 1;
    if (refunded) report.refunds += 1;
  }
}

/** The provider's word on an open order; a final state and its refund happen exactly once. */
export async function applyProviderStatus(
  ctx: WorkerContext,
  order: OrderRow,
  status: OrderStatus,
  answer: ProviderOrderStatus,
): Promise<boolean> {
  const now = ctx.clock.now();
  const final =
    status === OrderStatus.COMPLETED || status === OrderStatus.PARTIAL || status === OrderStatus.CANCELED;
  return ctx.db.transaction(async (tx) => {
    const updated = await fulfilmentRepository.applyStatus(
      tx,
      order.id,
      {
        status,
        startCount: answer.startCount,
        remains: status === OrderStatus.COMPLETED ? 0 : answer.remains,
        nextCheckAt: final ? null : seconds(now, ctx.options.statusRefreshSeconds),
      },
      now,
      order.leaseToken!,
    );
    // Already final (another process, a repeated refresh) or no longer this claim's: nothing more to
    // do, and no second refund.
    if (!updated) return false;
    let refunded = false;
    if (status === OrderStatus.PARTIAL) {
      const remains = answer.remains ?? updated.amount;
      refunded = await refundOrder(
        tx,
        updated,
        refundForRemainsWon(updated.cost, updated.unitPriceMilli, updated.amount, remains),
      );
    }
    if (status === OrderStatus.CANCELED) {
      refunded = await refundOrder(tx, updated, updated.cost - updated.refunded);
    }
    if (answer.charge) await recordProviderBill(tx, updated.id, answer.charge);
    return refunded;
  });
}
