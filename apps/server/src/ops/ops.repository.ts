import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { pointLedger } from '../db/schema';

/**
 * The few reads operations need: a round trip to the database, the migrations drizzle recorded as
 * applied, and the ledger's totals for the metrics scrape. Each is one small statement.
 */
export const opsRepository = {
  async ping(db: Executor): Promise<void> {
    await db.execute(sql`SELECT 1`);
  },

  /**
   * The `created_at` of every migration drizzle's migrator applied: the `when` of its journal entry
   * (the migrator applies a journal entry whose `when` is newer than the last one recorded).
   */
  async appliedMigrationTimes(db: Executor): Promise<string[]> {
    // Not a table of schema.ts: both drivers answer a raw statement with `{ rows }`.
    const result = (await db.execute(
      sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { created_at: string }[] };
    return result.rows.map((row) => row.created_at);
  },

  /** Σ delta of the ledger by reason: one scan of point_ledger, read on a metrics scrape only. */
  async ledgerTotalsByReason(db: Executor): Promise<{ reason: string; total: number; entries: number }[]> {
    const rows = await db
      .select({
        reason: pointLedger.reason,
        total: sql<string>`coalesce(sum(${pointLedger.delta}), 0)::text`,
        entries: sql<string>`count(*)::text`,
      })
      .from(pointLedger)
      .groupBy(pointLedger.reason)
      .orderBy(pointLedger.reason);
    return rows.map((row) => ({
      reason: row.reason,
      total: Number(row.total),
      entries: Number(row.entries),
    }));
  },
};
