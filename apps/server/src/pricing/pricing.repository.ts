import { LedgerReason } from '@smm/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, memberGrades, memberRates, pointLedger } from '../db/schema';

export type GradeRow = typeof memberGrades.$inferSelect;
export type RateRow = typeof memberRates.$inferSelect;

/** What a member's spend is: orders paid less what went back for them (the ledger's ORDER and REFUND). */
const SPEND_REASONS: string[] = [LedgerReason.ORDER, LedgerReason.REFUND];

/** Grades, members' grades and custom rates (docs/product.md#member-grades-and-custom-rates). */
export const pricingRepository = {
  listGrades(ex: Executor): Promise<GradeRow[]> {
    return ex.select().from(memberGrades).orderBy(asc(memberGrades.discountBp), asc(memberGrades.id));
  },

  findGrade(ex: Executor, id: number): Promise<GradeRow | undefined> {
    return ex
      .select()
      .from(memberGrades)
      .where(eq(memberGrades.id, id))
      .then((rows) => rows[0]);
  },

  /** Every live account with a grade: the pricing book holds them in memory. */
  gradedAccounts(ex: Executor): Promise<{ id: number; gradeId: number }[]> {
    return ex
      .select({ id: accounts.id, gradeId: sql<number>`${accounts.gradeId}` })
      .from(accounts)
      .where(and(isNotNull(accounts.gradeId), isNull(accounts.deletedAt)));
  },

  allRates(ex: Executor): Promise<RateRow[]> {
    return ex.select().from(memberRates);
  },

  /** Live accounts holding the grade (a deleted account's is let go when the grade is deleted). */
  countMembersOfGrade(ex: Executor, gradeId: number): Promise<number> {
    return ex
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(and(eq(accounts.gradeId, gradeId), isNull(accounts.deletedAt)))
      .then((rows) => Number(rows[0]?.n ?? 0));
  },

  /**
   * Each member's spend since `since` (won, ≥ 0 when refunds exceed nothing): one grouped read of the
   * ledger, for the accounts listed or, with `accountIds` undefined, every member that spent.
   */
  async spendSince(ex: Executor, since: Date, accountIds?: number[]): Promise<Map<number, number>> {
    const rows = await ex
      .select({
        accountId: pointLedger.accountId,
        spent: sql<string>`coalesce(-sum(${pointLedger.delta}), 0)`,
      })
      .from(pointLedger)
      .where(
        and(
          inArray(pointLedger.reason, SPEND_REASONS),
          gte(pointLedger.createdAt, since),
          accountIds ? inArray(pointLedger.accountId, accountIds) : undefined,
        ),
      )
      .groupBy(pointLedger.accountId);
    return new Map(rows.map((row) => [row.accountId, Math.max(0, Number(row.spent))]));
  },
};
