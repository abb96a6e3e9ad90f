import type { Db } from '../../db/database';
import type { ProviderApi } from '../../providers/provider-api';
import type { Clock } from '../../shared/clock';
import type { SendMarks } from './send-marks';

export interface OrderWorkerOptions {
  /** How often an open order's status is asked of its provider. */
  statusRefreshSeconds: number;
  /** Failed submissions before an order that never reached its provider is cancelled and refunded. */
  maxSubmitAttempts: number;
  /** Orders not yet at their provider claimed at once (each is one `add`); also refills and auto-orders. */
  batchSize: number;
  /**
   * Orders already at their provider claimed at once beside them, for their status (asked up to 100
   * in one call). Default STATUS_CLAIM.
   */
  statusClaim?: number;
  /** Length of an auto-order interval minute in seconds: 60, or less to watch a demo or e2e run. */
  secondsPerMinute: number;
  /**
   * How long a claimed order is held by this process before another may take it over (each send
   * renews it for the order being sent). Default LEASE_SECONDS.
   */
  leaseSeconds?: number;
  /** How long a background lane claims again for its provider before the next tick. Default 30. */
  laneBudgetSeconds?: number;
  /**
   * Calls in flight to one provider at once from this process, for a provider whose row sets none
   * (`providers.max_concurrency`, the console's 동시 호출 수). Default PROVIDER_CONCURRENCY_DEFAULT (4).
   */
  providerConcurrency?: number;
  /** Told of each failed provider call recorded (`submit`: a new order; `status`: one the provider has). */
  onProviderError?: (stage: 'submit' | 'status') => void;
  /** Told what a provider's lane did, when it did anything (the background loop logs it). */
  onLaneDone?: (report: TickReport, providerId: number) => void;
  /** Told when a provider's lane failed (the database gone, say). */
  onLaneError?: (error: unknown, providerId: number) => void;
}

/** Turns a provider row into a client (providers/provider-registry.ts in the app, a fake in tests). */
export interface ProviderClients {
  /** With the row's id, so its calls count towards the provider's health (docs/ARCHITECTURE.md#provider-health). */
  clientFor(provider: { id: number; apiUrl: string; apiKey: string }): ProviderApi;
}

/** What the worker's operations share: the database, the clock and the options. */
export interface WorkerContext {
  db: Db;
  clock: Clock;
  options: OrderWorkerOptions;
  /** The fence before each `add` and the record after it, coalesced across lanes (send-marks.ts). */
  sendMarks: SendMarks;
}

export interface TickReport {
  autoOrderRuns: number;
  /** Orders claimed this tick (with the background loop, their lanes may still be running). */
  claimed: number;
  submitted: number;
  refreshed: number;
  failures: number;
  refunds: number;
  /** Claimed orders this process no longer held when their turn came (taken over, or closed): left alone. */
  leaseLost: number;
  /**
   * Claimed orders given back untouched because their provider asked us to slow down (HTTP 429): due
   * again when its pause ends, nothing counted against them.
   */
  rateLimited: number;
  /** Refills the provider took (it answered a refill id). */
  refillsSent: number;
  /** Refill checks that left them open (Pending or In progress at the provider). */
  refillsRefreshed: number;
  /** Refills ended COMPLETED or REJECTED. */
  refillsFinished: number;
  /** Failed refill calls or unusable refill answers recorded (retried, or ending the refill). */
  refillFailures: number;
}

/**
 * While a claimed batch talks to its provider, no other process takes it (docs/ARCHITECTURE.md
 * "Background work"); every send renews it for its order, so a long batch never outlives its fence.
 */
export const LEASE_SECONDS = 120;

export const seconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

/**
 * A claim's rows by their provider, each group in claim order, for the workers that talk to providers
 * a group at a time (orders, refills sent, refills checked). `settle` sees every row first, one after
 * another in claim order: a row it deals with on its own (it answers true: ended, failed, nothing to
 * send) joins no group.
 */
export async function groupByProvider<T extends { providerId: number | null }>(
  claimed: readonly T[],
  settle: (row: T) => Promise<boolean>,
): Promise<Map<number | null, T[]>> {
  const byProvider = new Map<number | null, T[]>();
  for (const row of claimed) {
    if (await settle(row)) continue;
    const group = byProvider.get(row.providerId);
    if (group) group.push(row);
    else byProvider.set(row.providerId, [row]);
  }
  return byProvider;
}

/** Until when a claim (or a send) made `now` holds its orders. */
export function leaseUntil(ctx: WorkerContext, now: Date): Date {
  return seconds(now, ctx.options.leaseSeconds ?? LEASE_SECONDS);
}

export function emptyReport(): TickReport {
  return {
    autoOrderRuns: 0,
    claimed: 0,
    submitted: 0,
    refreshed: 0,
    failures: 0,
    refunds: 0,
    leaseLost: 0,
    rateLimited: 0,
    refillsSent: 0,
    refillsRefreshed: 0,
    refillsFinished: 0,
    refillFailures: 0,
  };
}

export function addInto(total: TickReport, part: TickReport): void {
  for (const key of Object.keys(total) as (keyof TickReport)[]) total[key] += part[key];
}
