import { normalizeLoginId } from '@smm/domain';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { accounts, pointLedger } from '../../db/schema';

export type LedgerRow = typeof pointLedger.$inferSelect;

export const memberLedgerRepository = {
  /**
   * The member whose ledger is asked for, not deleted. Ids compare as accounts/ compares them:
   * `lower(login_id)` against normalizeLoginId() (the unique index's form).
   */
  async member(ex: Executor, loginId: string) {
    const [row] = await ex
      .select({ id: accounts.id, loginId: accounts.loginId, point: accounts.point })
      .from(accounts)
      .where(and(sql`lower(${accounts.loginId}) = ${normalizeLoginId(loginId)}`, isNull(accounts.deletedAt)))
      .limit(1);
    return row;
  },

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
