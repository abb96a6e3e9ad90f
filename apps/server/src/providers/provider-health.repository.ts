import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { providerBalanceSamples, providerCallErrors, providerCallStats, providers } from '../db/schema';

/** A stored failure message is cut to this length. */
const MESSAGE_MAX = 500;

/**
 * The provider health tables' writes (docs/ARCHITECTURE.md#provider-health): per-minute call counters
 * (one upsert per call, so every process adds into the same row), the last errors, the balance
 * samples, the claim of the balance sampling job and the pruning. The console reads them through
 * admin/catalog/provider-health-admin.repository.ts.
 */
export const providerHealthRepository = {
  /** Adds one call into its minute's row; several processes' calls add up (ON CONFLICT DO UPDATE). */
  /**
   * Calls into their minutes' counters, one statement for all of them: the calls are summed by
   * (provider, minute, action) first, so a row is written once however many calls it counts (with many
   * calls in flight, every one of them would otherwise wait on the same row's lock in turn).
   */
  async addCalls(
    ex: Executor,
    calls: { providerId: number; bucket: Date; action: string; ms: number; failed: boolean }[],
  ): Promise<void> {
    const sums = new Map<
      string,
      typeof providerCallStats.$inferInsert & {
        calls: number;
        failures: number;
        totalMs: number;
        maxMs: number;
      }
    >();
    for (const call of calls) {
      const key = `${call.providerId}:${call.bucket.getTime()}:${call.action}`;
      const sum = sums.get(key);
      const failures = call.failed ? 1 : 0;
      if (sum) {
        sum.calls += 1;
        sum.failures += failures;
        sum.totalMs += call.ms;
        sum.maxMs = Math.max(sum.maxMs, call.ms);
      } else {
        sums.set(key, {
          providerId: call.providerId,
          bucket: call.bucket,
          action: call.action,
          calls: 1,
          failures,
          totalMs: call.ms,
          maxMs: call.ms,
        });
      }
    }
    if (sums.size === 0) return;
    await ex
      .insert(providerCallStats)
      .values([...sums.values()])
      .onConflictDoUpdate({
        target: [providerCallStats.providerId, providerCallStats.bucket, providerCallStats.action],
        set: {
          calls: sql`${providerCallStats.calls} + excluded.calls`,
          failures: sql`${providerCallStats.failures} + excluded.failures`,
          totalMs: sql`${providerCallStats.totalMs} + excluded.total_ms`,
          maxMs: sql`greatest(${providerCallStats.maxMs}, excluded.max_ms)`,
        },
      });
  },

  async addError(
    ex: Executor,
    error: { providerId: number; action: string; message: string; at: Date },
  ): Promise<void> {
    await ex.insert(providerCallErrors).values({
      providerId: error.providerId,
      action: error.action,
      message: error.message.slice(0, MESSAGE_MAX),
      createdAt: error.at,
    });
  },

  /**
   * The balance job's claim: enabled providers not sampled since `dueBefore` get `sampled_at = now` in
   * one UPDATE, so of several processes ticking at once exactly one samples each provider per interval.
   * `ids` narrows it (the console's view asks for a fresh sample of what it shows).
   */
  async claimDueForBalance(ex: Executor, claim: { now: Date; dueBefore: Date; ids?: number[] }) {
    return ex
      .update(providers)
      .set({ balanceSampledAt: claim.now })
      .where(
        and(
          eq(providers.enabled, true),
          or(isNull(providers.balanceSampledAt), lt(providers.balanceSampledAt, claim.dueBefore)),
          claim.ids ? inArray(providers.id, claim.ids.length > 0 ? claim.ids : [-1]) : undefined,
        ),
      )
      .returning();
  },

  async addBalanceSample(
    ex: Executor,
    sample: {
      providerId: number;
      balance: string | null;
      currency: string | null;
      error: string | null;
      at: Date;
    },
  ): Promise<void> {
    await ex.insert(providerBalanceSamples).values({
      providerId: sample.providerId,
      balance: sample.balance,
      currency: sample.currency,
      error: sample.error === null ? null : sample.error.slice(0, MESSAGE_MAX),
      createdAt: sample.at,
    });
  },

  /** Drops what is older than `before` from the three tables. */
  async prune(ex: Executor, before: Date): Promise<void> {
    await ex.delete(providerCallStats).where(lt(providerCallStats.bucket, before));
    await ex.delete(providerCallErrors).where(lt(providerCallErrors.createdAt, before));
    await ex.delete(providerBalanceSamples).where(lt(providerBalanceSamples.createdAt, before));
  },
};
