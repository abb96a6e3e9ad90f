import { isOpenOrderStatus, OrderStatus, orderStatusFromProvider, refundForRemainsWon } from '@smm/domain';
import { ProviderError, type ProviderApi, type ProviderOrderStatus } from '../../providers/provider-api';
import type { OrderRow } from '../orders.repository';
import { asProviderError, recordProviderFailure } from './provider-failure';
import { billFlag, billText, recordProviderBill, wonPerBillUnit } from './provider-bill';
import { refundOrder } from '../cancellation/refund.workflow';
import { referralRewardsRepository } from '../../rewards/referral-rewards.repository';
import { secondsSinceProgress, statusCheckSeconds } from './status-check-interval';
import { seconds, type TickReport, type WorkerContext } from './worker-context';
import { fulfilmentRepository } from './fulfilment.repository';

/** What a provider said of each order of a status call: its status, or its `{ error }`. */
export type StatusAnswers = Map<string, ProviderOrderStatus | { error: string }>;

/** One order's status asked on its own (`order=<id>`: a provider without multi-status), then applied. */
export async function refreshStatus(
  ctx: WorkerContext,
  client: ProviderApi,
  order: OrderRow,
  report: TickReport,
): Promise<void> {
  let answer: ProviderOrderStatus | { error: string };
  try {
    answer = await client.status(order.providerOrderId!);
  } catch (error) {
    return recordProviderFailure(ctx, order, asProviderError(error), report);
  }
  await applyStatusAnswers(ctx, [order], new Map([[order.providerOrderId!, answer]]), report);
}

/**
 * Applies a status call's answers to its claimed orders. An unusable one goes to recordProviderFailure
 * (status calls are reads: backed off, never changing the order; an id the provider does not know is
 * marked so). The common case of a sweep, an answer that leaves the order open, is written for the
 * whole batch in one statement (applyOpenStatuses, fenced by the claim's token): an answer that changes
 * nothing gets its next check by need (statusCheckSeconds), one that moved the order or brought a new
 * bill the base interval; a final answer (its refund, once) in its own transaction (applyProviderStatus).
 */
export async function applyStatusAnswers(
  ctx: WorkerContext,
  batch: OrderRow[],
  answers: StatusAnswers,
  report: TickReport,
): Promise<void> {
  const now = ctx.clock.now();
  const stillOpen: { order: OrderRow; status: OrderStatus; answer: ProviderOrderStatus }[] = [];
  const final: { order: OrderRow; status: OrderStatus; answer: ProviderOrderStatus }[] = [];
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
    (isOpenOrderStatus(status) ? stillOpen : final).push({ order, status, answer });
  }
  if (stillOpen.length > 0) {
    // One claim's batch of one provider: every row carries the same token, every bill the same currency.
    const token = batch[0]!.leaseToken!;
    const newBill = (o: OrderRow, a: ProviderOrderStatus) =>
      a.charge && a.charge !== o.providerCharge ? a.charge : null;
    const rate = stillOpen.some(({ order, answer }) => newBill(order, answer) !== null)
      ? await wonPerBillUnit(ctx.db, batch[0]!.providerId)
      : null;
    const rows = stillOpen.map(({ order, status, answer }) => {
      const bill = newBill(order, answer);
      const wait = changesNothing(order, status, answer)
        ? statusCheckSeconds(ctx.options.statusRefreshSeconds, secondsSinceProgress(order, now))
        : ctx.options.statusRefreshSeconds;
      return {
        id: order.id,
        was: { status: order.status, remains: order.remains, refunded: order.refunded },
        status,
        startCount: answer.startCount ?? null,
        remains: answer.remains ?? null,
        nextCheckAt: seconds(now, wait),
        bill: bill === null ? null : { text: billText(bill), exceedsPaid: billFlag(bill, rate, order) },
      };
    });
    const written = await fulfilmentRepository.applyOpenStatuses(ctx.db, token, rows, now);
    report.refreshed += written.length;
    report.leaseLost += rows.length - written.length;
  }
  for (const { order, status, answer } of final) {
    const refunded = await applyProviderStatus(ctx, order, status, answer);
    report.refreshed += 1;
    if (refunded) report.refunds += 1;
  }
}

/**
 * An answer that tells nothing new: the order's open status, start count and remains as stored, and
 * no bill other than the one recorded.
 */
function changesNothing(order: OrderRow, status: OrderStatus, answer: ProviderOrderStatus): boolean {
  return (
    status === order.status &&
    (answer.remains ?? null) === order.remains &&
    (answer.startCount ?? null) === order.startCount &&
    (!answer.charge || answer.charge === order.providerCharge)
  );
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
    // A referred member's finished order earns their referrer a reward after the holding period
    // (docs/product.md#referral-rewards-and-charge-bonuses); a member nobody referred inserts nothing.
    if (status === OrderStatus.COMPLETED || status === OrderStatus.PARTIAL) {
      await referralRewardsRepository.record(tx, updated, now);
    }
    if (answer.charge) await recordProviderBill(tx, updated.id, answer.charge);
    return refunded;
  });
}
