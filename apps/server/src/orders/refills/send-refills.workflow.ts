/*
 * Sending refills to their providers (docs/product.md#refill-and-cancellation) — the decision on a
 * provider that does not answer.
 *
 * A refill moves no money, but the trade's `refill` has no idempotency key either: one whose answer
 * never came (a timeout after the request went out, a cut answer, a JSON answer without refill ids)
 * may have been taken upstream, and sending it again could start a second refill of the order. So the
 * worker never sends such a refill again on its own: it ends REJECTED at once, its reason saying in
 * Korean that the answer was lost (REFILL_UNCERTAIN), so it is never stuck and the member sees why. The
 * member may ask again on a later day (one request per order a day), and an operator may resend it
 * from the console after checking the provider's panel. Keeping it open for a status check was not
 * possible: without the provider's refill id there is nothing to ask about.
 *
 * The fence: a refill is marked INPROGRESS without a provider refill id in the same statement that
 * checks this claim still holds it PENDING (refillsRepository.markSending). Should the process stop
 * before the answer is recorded, refresh-refills.workflow.ts later finds it so and ends it the same way
 * (REFILL_INTERRUPTED) rather than send it twice.
 *
 * A failure that surely did not reach the provider (connection refused, an HTTP error status, a
 * proxy's HTML page, no enabled provider) is retried with back-off (15 s × 2ⁿ, ≤ 30 min) as PENDING,
 * and ends REJECTED with its message after `maxSubmitAttempts`. A provider's `{ error }` or another
 * refusal ends it REJECTED with the provider's words as its reason.
 */
import { RefillStatus } from '@smm/domain';
import { randomUUID } from 'node:crypto';
import { ProviderError, type ProviderApi } from '../../providers/provider-api';
import { ordersRepository } from '../orders.repository';
import { asProviderError } from '../fulfilment/provider-failure';
import { refillsRepository, type ClaimedRefill } from './refills.repository';
import {
  groupByProvider,
  leaseUntil,
  seconds,
  type ProviderClients,
  type TickReport,
  type WorkerContext,
} from '../fulfilment/worker-context';

/** Refills in one `refill` call (the trade's multi-order limit). */
export const REFILL_BATCH = 100;
const MAX_BACKOFF_SECONDS = 30 * 60;

/** The reason of a refill whose `refill` call got no usable answer (the top of this file). */
export const REFILL_UNCERTAIN =
  '공급사 응답 없음: 리필 요청을 보냈지만 응답을 받지 못해 접수 여부를 알 수 없습니다. 자동으로 다시 보내지 않았습니다.';
/** The reason of a refill whose sender stopped before the provider's answer was recorded. */
export const REFILL_INTERRUPTED =
  '리필 요청을 공급사에 보내는 중 서버가 중단되어 응답을 기록하지 못했습니다. 자동으로 다시 보내지 않았습니다.';
/** The reason of a refill whose order has no provider order id (nothing to refill upstream). */
export const REFILL_NO_PROVIDER_ORDER = '공급사 주문번호가 없는 주문이라 리필을 보낼 수 없습니다.';

/** Back-off after `attempts` failed tries: 15 s × 2ⁿ, at most 30 minutes. */
export function refillBackoff(now: Date, attempts: number): Date {
  return seconds(now, Math.min(MAX_BACKOFF_SECONDS, 15 * 2 ** Math.min(attempts, 10)));
}

/** Claims the due PENDING refills and sends them, one `refill` call per provider and batch. */
export async function sendRefills(
  ctx: WorkerContext,
  providers: ProviderClients,
  report: TickReport,
): Promise<void> {
  const now = ctx.clock.now();
  const token = randomUUID();
  const claimed = await ctx.db.transaction((tx) =>
    refillsRepository.claimDue(tx, {
      status: RefillStatus.PENDING,
      now,
      leaseUntil: leaseUntil(ctx, now),
      limit: ctx.options.batchSize,
      token,
    }),
  );
  const byProvider = await groupByProvider(claimed, async (refill) => {
    if (refill.providerId === null || refill.providerOrderId === null) {
      if (await refillsRepository.finish(ctx.db, refill.id, token, rejected(REFILL_NO_PROVIDER_ORDER, now))) {
        report.refillsFinished += 1;
      }
      return true;
    }
    return false;
  });
  for (const [providerId, group] of byProvider) {
    // Never null: a refill without a provider was ended above.
    const provider = providerId === null ? undefined : await ordersRepository.providerOf(ctx.db, providerId);
    if (!provider || !provider.enabled) {
      const error = new ProviderError('no enabled provider for this order', true);
      for (const refill of group)
        await recordRefillFailure(ctx, refill, token, refill.attempts + 1, error, report);
      continue;
    }
    const client = providers.clientFor(provider);
    for (let i = 0; i < group.length; i += REFILL_BATCH) {
      await sendBatch(ctx, client, group.slice(i, i + REFILL_BATCH), token, report);
    }
  }
}

async function sendBatch(
  ctx: WorkerContext,
  client: ProviderApi,
  batch: ClaimedRefill[],
  token: string,
  report: TickReport,
): Promise<void> {
  const now = ctx.clock.now();
  const sending: ClaimedRefill[] = [];
  // The fence: sent only if this claim still holds it PENDING (an operator may have ended it).
  for (const refill of batch) {
    if (await refillsRepository.markSending(ctx.db, refill.id, token, now, leaseUntil(ctx, now))) {
      sending.push(refill);
    }
  }
  if (sending.length === 0) return;
  let answers: Map<string, { refillId: string } | { error: string }>;
  try {
    answers = await client.refill(sending.map((r) => r.providerOrderId!));
  } catch (error) {
    // Marked sending and asked: an error that is not the client's own verdict may follow work done.
    const failure = asProviderError(error, 'unknown');
    for (const refill of sending) {
      await recordRefillFailure(ctx, refill, token, refill.attempts + 1, failure, report);
    }
    return;
  }
  const after = ctx.clock.now();
  for (const refill of sending) {
    const answer = answers.get(refill.providerOrderId!) ?? { error: 'not in the answer' };
    if ('refillId' in answer) {
      const next = seconds(after, ctx.options.statusRefreshSeconds);
      if (await refillsRepository.markAccepted(ctx.db, refill.id, answer.refillId, next, after)) {
        report.refillsSent += 1;
      }
      continue;
    }
    report.refillFailures += 1;
    if (await refillsRepository.finish(ctx.db, refill.id, token, rejected(answer.error, after))) {
      report.refillsFinished += 1;
    }
  }
}

/**
 * A `refill` call that did not work, for one refill this claim still holds (the top of this file): a
 * refill the provider may have, or that it refused, ends REJECTED with the reason; another is retried
 * with back-off as PENDING until `maxSubmitAttempts`.
 */
async function recordRefillFailure(
  ctx: WorkerContext,
  refill: ClaimedRefill,
  token: string,
  attempts: number,
  error: ProviderError,
  report: TickReport,
): Promise<void> {
  report.refillFailures += 1;
  const now = ctx.clock.now();
  let reason: string | null = null;
  if (error.mayHaveBeenProcessed) reason = `${REFILL_UNCERTAIN} (${error.message})`;
  else if (!error.retryable || attempts >= ctx.options.maxSubmitAttempts) reason = error.message;
  if (reason === null) {
    await refillsRepository.retryLater(ctx.db, refill.id, token, attempts, refillBackoff(now, attempts), now);
    return;
  }
  if (await refillsRepository.finish(ctx.db, refill.id, token, rejected(reason, now))) {
    report.refillsFinished += 1;
  }
}

const rejected = (reason: string, now: Date) => ({ status: RefillStatus.REJECTED, reason, now });
