import { cleanProviderLine, RefillStatus, refillStatusFromProvider } from '@smm/domain';
import { randomUUID } from 'node:crypto';
import type { ProviderApi } from '../../providers/provider-api';
import { ordersRepository } from '../orders.repository';
import { UNKNOWN_ID_CHECKS } from '../fulfilment/provider-failure';
import { refillsRepository, type ClaimedRefill } from './refills.repository';
import { REFILL_BATCH, REFILL_INTERRUPTED, refillBackoff } from './send-refills.workflow';
import {
  groupByProvider,
  leaseUntil,
  seconds,
  type ProviderClients,
  type TickReport,
  type WorkerContext,
} from '../fulfilment/worker-context';

/** The reason of a refill its provider reports as rejected or canceled, with the provider's reason if it sent one. */
export const refillRejectedByProvider = (status: string, reason?: string) => {
  // The provider's words reach the member: cleaned of characters that turn text around (one line).
  const said = reason === undefined ? status : `${status}: ${reason}`;
  return `공급사가 리필을 거절했습니다. (${cleanProviderLine(said)})`;
};

/**
 * Claims the due INPROGRESS refills and asks their providers how they stand (`refill_status`, up to
 * REFILL_BATCH at once): Completed and Rejected end them, with finished_at; Pending and In progress are
 * asked again after ORDER_STATUS_REFRESH_SECONDS. Status calls are reads: a failed call or an unknown
 * answer is asked again with back-off, for as long as it takes; a refill the provider keeps saying it
 * does not know ends REJECTED with the provider's words after UNKNOWN_ID_CHECKS. One without a provider
 * refill id was being sent when its process stopped (send-refills.workflow.ts): ended, never sent again.
 */
export async function refreshRefills(
  ctx: WorkerContext,
  providers: ProviderClients,
  report: TickReport,
): Promise<void> {
  const now = ctx.clock.now();
  const token = randomUUID();
  const claimed = await ctx.db.transaction((tx) =>
    refillsRepository.claimDue(tx, {
      status: RefillStatus.INPROGRESS,
      now,
      leaseUntil: leaseUntil(ctx, now),
      limit: ctx.options.batchSize,
      token,
    }),
  );
  const byProvider = await groupByProvider(claimed, async (refill) => {
    if (refill.providerRefillId === null) {
      const end = { status: RefillStatus.REJECTED, reason: REFILL_INTERRUPTED, now };
      if (await refillsRepository.finish(ctx.db, refill.id, token, end)) report.refillsFinished += 1;
      return true;
    }
    return false;
  });
  for (const [providerId, group] of byProvider) {
    const provider = providerId === null ? undefined : await ordersRepository.providerOf(ctx.db, providerId);
    if (!provider || !provider.enabled) {
      for (const refill of group) await checkAgainLater(ctx, refill, token, report);
      continue;
    }
    const client = providers.clientFor(provider);
    for (let i = 0; i < group.length; i += REFILL_BATCH) {
      await refreshBatch(ctx, client, group.slice(i, i + REFILL_BATCH), token, report);
    }
  }
}

async function refreshBatch(
  ctx: WorkerContext,
  client: ProviderApi,
  batch: ClaimedRefill[],
  token: string,
  report: TickReport,
): Promise<void> {
  let answers: Map<string, { status: string; reason?: string } | { error: string }>;
  try {
    answers = await client.refillStatuses(batch.map((r) => r.providerRefillId!));
  } catch {
    for (const refill of batch) await checkAgainLater(ctx, refill, token, report);
    return;
  }
  const now = ctx.clock.now();
  for (const refill of batch) {
    const answer = answers.get(refill.providerRefillId!) ?? { error: 'not in the answer' };
    if ('error' in answer) {
      await checkAgainLater(ctx, refill, token, report, answer.error);
      continue;
    }
    const status = refillStatusFromProvider(answer.status);
    if (status === null) {
      await checkAgainLater(ctx, refill, token, report);
      continue;
    }
    if (status === RefillStatus.COMPLETED || status === RefillStatus.REJECTED) {
      const reason =
        status === RefillStatus.REJECTED ? refillRejectedByProvider(answer.status, answer.reason) : null;
      if (await refillsRepository.finish(ctx.db, refill.id, token, { status, reason, now })) {
        report.refillsFinished += 1;
      }
      continue;
    }
    // Pending or In progress at the provider: still ours to follow.
    const next = seconds(now, ctx.options.statusRefreshSeconds);
    await refillsRepository.checkLater(ctx.db, refill.id, token, false, next, now);
    report.refillsRefreshed += 1;
  }
}

/**
 * A check that told nothing: asked again with back-off. `unknown` is the provider's `{ error }` for
 * this refill; after UNKNOWN_ID_CHECKS of those in a row it ends REJECTED with those words.
 */
async function checkAgainLater(
  ctx: WorkerContext,
  refill: ClaimedRefill,
  token: string,
  report: TickReport,
  unknown?: string,
): Promise<void> {
  report.refillFailures += 1;
  const now = ctx.clock.now();
  const attempts = refill.attempts + 1;
  if (unknown !== undefined && attempts >= UNKNOWN_ID_CHECKS) {
    const end = { status: RefillStatus.REJECTED, reason: unknown, now };
    if (await refillsRepository.finish(ctx.db, refill.id, token, end)) report.refillsFinished += 1;
    return;
  }
  await refillsRepository.checkLater(ctx.db, refill.id, token, true, refillBackoff(now, attempts), now);
}
