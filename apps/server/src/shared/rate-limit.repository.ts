import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { rateLimitHits } from '../db/schema';

export interface RateLimitState {
  /** Hits in the current window. */
  hits: number;
  /** When the current window ends (and a refused client may try again). */
  resetAt: Date;
}

const stateOf = (row: { hits: number; windowStartedAt: Date }, windowSeconds: number): RateLimitState => ({
  hits: row.hits,
  resetAt: new Date(row.windowStartedAt.getTime() + windowSeconds * 1000),
});

/** Whole seconds from `now` until `resetAt`, at least 1: the value of a `Retry-After` header. */
export function secondsUntil(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
}

/**
 * Fixed-window counters in the database, so every app process shares them. One statement counts
 * the hit and restarts an expired window: no read-then-write race between processes.
 */
export const rateLimitRepository = {
  /** Counts one hit and returns the window's count and when it ends (one upsert statement). */
  async hit(ex: Executor, key: string, now: Date, windowSeconds: number): Promise<RateLimitState> {
    const windowStart = new Date(now.getTime() - windowSeconds * 1000);
    const [row] = await ex
      .insert(rateLimitHits)
      .values({ key, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`CASE WHEN ${rateLimitHits.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${rateLimitHits.windowStartedAt} <= ${windowStart} THEN ${now} ELSE ${rateLimitHits.windowStartedAt} END`,
        },
      })
      .returning({ hits: rateLimitHits.hits, windowStartedAt: rateLimitHits.windowStartedAt });
    return stateOf(row ?? { hits: 1, windowStartedAt: now }, windowSeconds);
  },

  /** The current window's count without counting; an expired window reads as empty. */
  async peek(ex: Executor, key: string, now: Date, windowSeconds: number): Promise<RateLimitState> {
    const [row] = await ex.select().from(rateLimitHits).where(eq(rateLimitHits.key, key)).limit(1);
    const expired = !row || row.windowStartedAt.getTime() <= now.getTime() - windowSeconds * 1000;
    return expired ? { hits: 0, resetAt: now } : stateOf(row, windowSeconds);
  },

  async clear(ex: Executor, key: string): Promise<void> {
    await ex.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  },

  /** Every counter whose key starts with `prefix` (compared as text: no LIKE wildcards). */
  async clearPrefix(ex: Executor, prefix: string): Promise<void> {
    await ex.delete(rateLimitHits).where(sql`left(${rateLimitHits.key}, ${prefix.length}) = ${prefix}`);
  },
};
