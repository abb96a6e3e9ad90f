import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { pointLedger } from '../../db/schema';

export type LedgerRow = typeof pointLedger.$inferSelect;

export const memberLedgerRepository = {
  /** One member's ledger, newest first. */
  async page(ex: Executor, accountId: number, limit: number, offset: number) {
    const where = eq(pointLedger.accountId, accountId);
    const [rows, [total]] = await Promise.all([
      ex.select().from(pointLedger).where(where).orderBy(desc(pointLedger.id)).limit(limit).offset(offset),
      ex.select({ n: count() }).from(pointLedger).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
