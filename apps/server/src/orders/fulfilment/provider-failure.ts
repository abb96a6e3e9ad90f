/*
 * Provider faults and double submission — the decision.
 *
 * The trade's SMM API v2 has no idempotency key and no lookup by a reference of ours: an `add` whose
 * answer we could not read may have created the order upstream, and sending it again could make the
 * member's order run twice while they paid once. An answer we cannot read is an answer we did not
 * understand, never a "no" (docs/ARCHITECTURE.md#upstream-providers): the client classes it `unknown`
 * (ProviderError.outcome) — a timeout after the request went out, the connection cut mid-answer, HTTP
 * 5xx (a provider's script may store the order and then fail), an HTML page, a PHP notice with no JSON,
 * an empty, cut-off or misshapen body. Such an order is HELD for an operator — still PENDING with its
 * money held, no provider order id, `next_check_at` NULL (no tick claims it again, so no failover moves
 * it either), `attempts` counted, `last_error` saying in Korean what happened and `provider_answer`
 * the start of what came back (the console's order list shows both under "오류 있음",
 * GET /admin/api/orders?hasError=true). The operator checks the provider's panel and either resends it
 * (console "재전송", only if the provider has no such order) or cancels it with a refund. A member
 * cannot cancel a held order on their own (the work may be running upstream). A lookup-before-resubmit
 * would need the provider to echo a marker of ours; real panels do not, so it was not built: holding
 * costs an operator's look at a rare fault, resubmitting could cost a double delivery.
 *
 * Only failures that surely did not reach the provider's order logic are retried with exponential
 * back-off (30 s, 60 s, … capped at 30 min): `not-sent` (the connection refused before any byte went
 * out) and a refusal the provider says is about its own account (out of funds). After
 * `maxSubmitAttempts` the order is cancelled with its refund (once: ledger key).
 *
 * Status refreshes are reads and safe to repeat: timeouts, 5xx and malformed answers back off the same
 * way, for as long as it takes, and never change the order. A provider that says it does not know the
 * order id is asked again UNKNOWN_ID_CHECKS times with back-off, then the order is held for an operator
 * the same way — never refunded automatically, since the work may have been done.
 */
import {
  OrderStatus,
  cancelReasonOfFailedSends,
  cancelReasonOfRefusal,
  isOpenOrderStatus,
} from '@smm/domain';
import { ProviderError, type ProviderOutcome } from '../../providers/provider-api';
import { ordersRepository, type OrderRow } from '../orders.repository';
import { refundOrder } from '../cancellation/refund.workflow';
import { seconds, type TickReport, type WorkerContext } from './worker-context';
import { fulfilmentRepository } from './fulfilment.repository';
import { giveBackWhilePaused } from './provider-pauses';

const MAX_BACKOFF_SECONDS = 30 * 60;
/** Times a provider may say it does not know an order it accepted before the order is held. */
export const UNKNOWN_ID_CHECKS = 5;

/** `last_error` of an order held because its submission's answer was lost (the console shows it). */
export const HELD_UNCERTAIN_SUBMIT =
  '접수 여부 불명: 공급사에 주문을 보냈지만 알아볼 수 있는 응답을 받지 못해 자동 재전송과 환불을 멈췄습니다. ' +
  '공급사 패널에서 주문이 있는지 확인한 뒤, 없으면 재전송하고 있으면 직접 처리해 주세요.';
/** `last_error` of an order held because the process sending it stopped before the answer came. */
export const HELD_INTERRUPTED_SUBMIT =
  '접수 여부 불명: 공급사에 주문을 보내는 중 서버가 중단되어 응답을 기록하지 못했습니다. 자동 재전송을 멈췄습니다. ' +
  '공급사 패널에서 주문이 있는지 확인한 뒤, 없으면 재전송하고 있으면 직접 처리해 주세요.';
/** `last_error` of a closed order whose provider answered its late send with an order id after all. */
export const ORPHAN_SUBMISSION =
  '공급사가 주문을 접수했지만 그 사이 이 주문이 이미 종료(취소·환불 등)되어 기록하지 못했습니다. ' +
  '공급사 패널에서 아래 주문번호의 주문을 취소해 주세요.';
/** `last_error` of an order held because its provider keeps saying it does not know its order id. */
export const HELD_UNKNOWN_ID =
  '공급사가 이 주문번호를 알 수 없다고 여러 번 답해 자동 확인을 멈췄습니다. ' +
  '환불하지 않았습니다. 공급사에 작업 여부를 확인한 뒤 처리해 주세요.';

/**
 * A provider call that did not work, decided on the order as it is now (re-read under its lock), and
 * only while this claim still holds it: a process that took it over decides instead. An order the
 * provider never accepted is retried with back-off and, after `maxSubmitAttempts` (or at once when
 * the provider refused it), cancelled with a full refund — but only when it has no provider order id
 * and its send surely did not reach the provider; an order the provider may have goes to an operator.
 * An order the provider has keeps being asked about, with back-off: the work may be done. A 429
 * (`retryAfterMs`) is none of these: the order is given back (giveBackWhilePaused).
 */
export async function recordProviderFailure(
  ctx: WorkerContext,
  order: OrderRow,
  error: ProviderError,
  report: TickReport,
  /** The provider answered that it does not know this order id. */
  unknownId = false,
): Promise<void> {
  // The provider asked us to slow down (HTTP 429), or the lane held the call while it did: no failure
  // of this order (docs/ARCHITECTURE.md "Orders and the background loop"). Sends and status calls
  // alike come here, so the 429 is dealt with in this one place.
  if (error.retryAfterMs !== null) return giveBackWhilePaused(ctx, order, error, report);
  report.failures += 1;
  const now = ctx.clock.now();
  const token = order.leaseToken!;
  ctx.options.onProviderError?.(order.providerOrderId === null ? 'submit' : 'status');
  const refunded = await ctx.db.transaction(async (tx) => {
    const current = await ordersRepository.findOrderForUpdate(tx, order.id);
    if (!current || current.leaseToken !== token || !isOpenOrderStatus(current.status)) {
      report.leaseLost += 1;
      return false;
    }
    const attempts = current.attempts + 1;
    const neverAccepted = current.providerOrderId === null;
    const failed = (message: string, nextCheckAt: Date | null) =>
      fulfilmentRepository.markFailedAttempt(tx, current.id, token, message, nextCheckAt, now);
    // Held for an operator (see the top of this file): no automatic resubmission, refund or check.
    if (neverAccepted && error.outcome === 'unknown') {
      await fulfilmentRepository.markFailedAttempt(
        tx,
        current.id,
        token,
        `${HELD_UNCERTAIN_SUBMIT} (${error.message})`,
        null,
        now,
        error.rawAnswer,
      );
      return false;
    }
    if (!neverAccepted && unknownId && attempts >= UNKNOWN_ID_CHECKS) {
      await failed(`${HELD_UNKNOWN_ID} (${current.providerOrderId}: ${error.message})`, null);
      return false;
    }
    if (neverAccepted && (!error.retryable || attempts >= ctx.options.maxSubmitAttempts)) {
      const cancelled = await fulfilmentRepository.applyStatus(
        tx,
        current.id,
        { status: OrderStatus.CANCELED, startCount: null, remains: current.amount, nextCheckAt: null },
        now,
        token,
      );
      if (!cancelled) return false;
      // applyStatus clears last_error: why it was cancelled stays on the order for the operator and, in
      // Korean, the member (docs/product.md#orders).
      await fulfilmentRepository.recordCancelReason(
        tx,
        cancelled.id,
        error.retryable
          ? cancelReasonOfFailedSends(attempts, error.message)
          : cancelReasonOfRefusal(error.message),
      );
      return refundOrder(tx, cancelled, cancelled.cost - cancelled.refunded);
    }
    const backoff = Math.min(MAX_BACKOFF_SECONDS, 15 * 2 ** Math.min(attempts, 10));
    await failed(error.message, seconds(now, backoff));
    return false;
  });
  if (refunded) report.refunds += 1;
}

/**
 * Anything a provider call threw, as a ProviderError: the client's own verdict as it is; anything else
 * (a bug, a wrapper's error) retryable with `outcome` — 'unknown' once the request may have gone out,
 * since what the provider did is then not known (docs/ARCHITECTURE.md#upstream-providers).
 */
export function asProviderError(error: unknown, outcome: ProviderOutcome = 'not-sent'): ProviderError {
  if (error instanceof ProviderError) return error;
  return new ProviderError(error instanceof Error ? error.message : String(error), true, outcome);
}
