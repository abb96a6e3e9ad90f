import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { providers } from '../../db/schema';
import type { ProviderApi, ProviderError } from '../../providers/provider-api';
import type { OrderRow } from '../orders.repository';
import { asProviderError, recordProviderFailure } from './provider-failure';
import { applyStatusAnswers, refreshStatus, type StatusAnswers } from './refresh-status.workflow';
import type { TickReport, WorkerContext } from './worker-context';

/** Orders in one multi-status call (the trade's limit). */
export const STATUS_BATCH = 100;
/**
 * Orders already at their provider claimed at once for their status: ten multi-status calls, a few
 * rounds of the lane's calls in flight, so a sweep is not one claim per 100 orders; small enough that
 * a lane of single `order=` calls ends well inside its lease at a provider's usual pace (past it, the
 * calls not yet started are left: leaseRanOut).
 */
export const STATUS_CLAIM = 1000;

/**
 * A provider lane's status calls for its claimed orders that the provider has (docs/ARCHITECTURE.md
 * "Upstream providers", multi-status): batches of STATUS_BATCH in one `orders=` call each where the
 * provider answers it, one `order=` call per order where it does not; the lane runs them a few at a
 * time. What the provider answers is learned once and kept on its row (`providers.multi_status`), so
 * every process and every later sweep goes straight to the right call.
 */
export function statusCalls(
  ctx: WorkerContext,
  client: ProviderApi,
  provider: { id: number; multiStatus: boolean | null },
  submitted: OrderRow[],
  report: TickReport,
): (() => Promise<void>)[] {
  if (provider.multiStatus === false) return singleCalls(ctx, client, submitted, report);
  const calls: (() => Promise<void>)[] = [];
  for (let i = 0; i < submitted.length; i += STATUS_BATCH) {
    const batch = submitted.slice(i, i + STATUS_BATCH);
    calls.push(async () => {
      if (leaseRanOut(ctx, batch[0]!)) report.leaseLost += batch.length;
      else await refreshBatch(ctx, client, provider, batch, report);
    });
  }
  return calls;
}

/**
 * The claim's lease has run out before this order's call could start (a slow provider, a long claim):
 * another process may have claimed it since, so it is not asked here; it is due again as it is.
 */
function leaseRanOut(ctx: WorkerContext, order: OrderRow): boolean {
  return order.leasedUntil !== null && ctx.clock.now().getTime() >= order.leasedUntil.getTime();
}

/**
 * One `order=` call per order, for a provider without multi-status, the lane's few in flight. The
 * answers are applied STATUS_BATCH at a time, as a multi-status call's are (those that leave their
 * order open in one statement), not one order at a time: the last call to fill a batch, or the last
 * call of all, writes it.
 */
function singleCalls(
  ctx: WorkerContext,
  client: ProviderApi,
  orders: OrderRow[],
  report: TickReport,
): (() => Promise<void>)[] {
  let batch: OrderRow[] = [];
  let answers: StatusAnswers = new Map();
  let done = 0;
  return orders.map((order) => async () => {
    try {
      if (leaseRanOut(ctx, order)) report.leaseLost += 1;
      else {
        const answer = await client.status(order.providerOrderId!);
        batch.push(order);
        answers.set(order.providerOrderId!, answer);
      }
    } catch (error) {
      await recordProviderFailure(ctx, order, asProviderError(error), report);
    } finally {
      done += 1;
    }
    if (batch.length === 0 || (batch.length < STATUS_BATCH && done < orders.length)) return;
    const [full, answered] = [batch, answers];
    batch = [];
    answers = new Map();
    await applyStatusAnswers(ctx, full, answered, report);
  });
}

/**
 * One multi-status call for `batch`. While the provider's support is unknown, the call also decides
 * it: an answer read as multi-status (at least one order's status in it) means yes; a refusal or an
 * answer of another shape means no only if one order asked on its own then gets a readable status
 * (else the provider is just failing, and nothing is learned); the rest of the batch is then asked one
 * at a time. A call that failed otherwise is a failure of each order, as it always was.
 */
async function refreshBatch(
  ctx: WorkerContext,
  client: ProviderApi,
  provider: { id: number; multiStatus: boolean | null },
  batch: OrderRow[],
  report: TickReport,
): Promise<void> {
  let answers: StatusAnswers;
  try {
    answers = await client.statuses(batch.map((o) => o.providerOrderId!));
  } catch (error) {
    const failure = asProviderError(error);
    if (provider.multiStatus === null && answeredOtherwise(failure) && (await askedSingly())) return;
    for (const order of batch) await recordProviderFailure(ctx, order, failure, report);
    return;
  }
  if (provider.multiStatus === null && [...answers.values()].some((a) => 'status' in a))
    await rememberMultiStatus(ctx.db, provider.id, true);
  await applyStatusAnswers(ctx, batch, answers, report);

  async function askedSingly(): Promise<boolean> {
    const [first, ...rest] = batch;
    let answer: Awaited<ReturnType<ProviderApi['status']>>;
    try {
      answer = await client.status(first!.providerOrderId!);
    } catch {
      return false;
    }
    if (!('status' in answer)) return false;
    await rememberMultiStatus(ctx.db, provider.id, false);
    await applyStatusAnswers(ctx, [first!], new Map([[first!.providerOrderId!, answer]]), report);
    for (const order of rest) await refreshStatus(ctx, client, order, report);
    return true;
  }
}

/**
 * The provider read the call and answered something other than a multi-status list: its `{ error }`
 * (a panel without `orders=` says the id is wrong) or JSON of another shape. A timeout, a cut
 * connection or an HTTP error says nothing about what it supports.
 */
function answeredOtherwise(error: ProviderError): boolean {
  return error.outcome === 'refused' || error.message === 'status: unexpected answer';
}

/** Keeps what was learned of the provider's API (forgotten when its URL or key changes). */
async function rememberMultiStatus(ex: Executor, providerId: number, multiStatus: boolean): Promise<void> {
  await ex.update(providers).set({ multiStatus }).where(eq(providers.id, providerId));
}
