import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Clock } from '../shared/clock';
import { Coalescer } from '../shared/coalescer';
import { withoutProviderKey } from './provider-api';
import { readBalance } from './provider-calls';
import { providerHealthRepository as repo } from './provider-health.repository';
import type { ProviderRegistry } from './provider-registry';
import type { ProviderRow } from './providers.repository';
import type { ProviderCall, ProviderCallRecorder } from './recording-provider-client';

/** How long call counts, errors and balance samples are kept. */
export const HEALTH_RETENTION_DAYS = 14;
/** The job prunes at most this often per process. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** Opening the console's health view samples a provider whose last sample is older than this. */
export const VIEW_SAMPLE_AFTER_MS = 60_000;

export interface ProviderHealthOptions {
  /** Minutes between two balance samples of one provider (PROVIDER_BALANCE_SAMPLE_MINUTES). */
  balanceSampleMinutes: number;
}

/**
 * Provider health (docs/ARCHITECTURE.md#provider-health): records every call to a provider row (the
 * registry's recording client calls `record`), and, as the background job 'provider-health', samples
 * each enabled provider's balance every `balanceSampleMinutes` and prunes what is older than 14 days.
 *
 * The job never waits for a provider in the Ticker's turn: each claimed provider's `balance` call is
 * started detached (bounded by the client's timeout) and tracked, and `settled()` lets the app's close
 * wait for them, as the order worker's lanes.
 */
export class ProviderHealth implements ProviderCallRecorder {
  private registry: ProviderRegistry | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private lastPrunedAt = 0;
  /** Calls recorded at the same moment share one upsert (the same minute's row for all of them). */
  private readonly calls = new Coalescer(async (calls: Parameters<typeof repo.addCalls>[1]) => {
    // The counts are a gauge, not money: the upsert's commit does not wait for the disk (a crash may
    // lose its last moments), so the calls it counts do not wait for it either.
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await repo.addCalls(tx, calls);
    });
    return calls.map(() => undefined);
  });

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: ProviderHealthOptions,
  ) {}

  /** Minutes between two balance samples of one provider. */
  get balanceSampleMinutes(): number {
    return this.options.balanceSampleMinutes;
  }

  /** The registry whose clients the samples use (it records through this object, hence set after). */
  useRegistry(registry: ProviderRegistry): void {
    this.registry = registry;
  }

  /**
   * One call into its minute's counters, and a failure's message (key masked) into the last errors.
   * A 429 (`rateLimited`) counts as a call that answered: the provider is up and asked us to slow
   * down, which the lanes do (a pause), so it never makes the provider look down; its message is still
   * listed with the errors, so the operator sees it and can lower the provider's 동시 호출 수. Never throws: a recording failure is logged, the provider call goes on as if nothing happened.
   */
  async record(call: ProviderCall): Promise<void> {
    try {
      const now = this.clock.now();
      const bucket = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
      const failed = call.error !== null && call.rateLimited !== true;
      await this.calls.run({ providerId: call.providerId, action: call.action, ms: call.ms, bucket, failed });
      if (call.error !== null) {
        await repo.addError(this.db, {
          providerId: call.providerId,
          action: call.action,
          message: withoutProviderKey(call.error!, call.apiKey),
          at: now,
        });
      }
    } catch (error) {
      this.log.error({ err: error, providerId: call.providerId }, 'provider call not recorded');
    }
  }

  /** The background job: due providers' balances sampled (detached), old rows pruned. */
  async tick(): Promise<{ sampling: number; pruned: boolean }> {
    const now = this.clock.now();
    const dueBefore = new Date(now.getTime() - this.options.balanceSampleMinutes * 60_000);
    const sampling = await this.startSamples(await repo.claimDueForBalance(this.db, { now, dueBefore }));
    let pruned = false;
    if (now.getTime() - this.lastPrunedAt >= PRUNE_EVERY_MS) {
      this.lastPrunedAt = now.getTime();
      await repo.prune(this.db, new Date(now.getTime() - HEALTH_RETENTION_DAYS * 24 * 60 * 60_000));
      pruned = true;
    }
    return { sampling, pruned };
  }

  /**
   * The console's health view: a fresh sample of each listed provider not sampled in the last minute,
   * started without waiting (the view shows it on its next refresh). Same claim as the job.
   */
  async sampleStale(ids: number[]): Promise<number> {
    const now = this.clock.now();
    const dueBefore = new Date(now.getTime() - VIEW_SAMPLE_AFTER_MS);
    return this.startSamples(await repo.claimDueForBalance(this.db, { now, dueBefore, ids }));
  }

  /** Resolves when every balance call this process started has been recorded (graceful close, tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private startSamples(rows: ProviderRow[]): number {
    for (const row of rows) {
      const sample = this.sample(row).catch((error: unknown) =>
        this.log.error({ err: error, providerId: row.id }, 'provider balance not sampled'),
      );
      this.inFlight.add(sample);
      void sample.finally(() => this.inFlight.delete(sample));
    }
    return rows.length;
  }

  private async sample(row: ProviderRow): Promise<void> {
    if (!this.registry) return;
    // Detached from the tick: the client's own timeout is the limit.
    const answer = await readBalance(this.registry.clientFor(row), row.apiKey);
    await repo.addBalanceSample(this.db, { providerId: row.id, ...answer, at: this.clock.now() });
  }
}
