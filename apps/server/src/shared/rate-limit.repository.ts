import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { rateLimitHits } from '../db/schema';

/**
 * Fixed-window counters in the database, so every app process shares them. One statement counts
 * the hit and restarts an expired window: no read-then-write race between processes.
 */
export const rateLimitRepository = {
  async hit(ex: Executor, key: string, now: Date, windowSeconds: number): Promise<number> {
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
      .returning({ hits: rateLimitHits.hits });
    return row?.hits ?? 1;
  },

  async count(ex: Executor, key: string, now: Date, windowSeconds: number): Promise<number> {
    const [row] = await ex.select().from(rateLimitHits).where(eq(rateLimitHits.key, key)).limit(1);
    if (!row) return 0;
    const expired = row.windowStartedAt.getTime() <= now.getTime() - windowSeconds * 1000;
    return expired ? 0 : row.hits;
  },

  async clear(ex: Executor, key: string): Promise<void> {
    await ex.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  },
};
