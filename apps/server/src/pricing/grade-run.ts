/**
 * The daily grade run (docs/product.md#member-grades-and-custom-rates): once per Seoul day, at the
 * background loop's first tick after midnight, every member whose grade the operator did not pin gets
 * the grade the rule gives (packages/domain earnedGrade): up when they spent enough, down when they no
 * longer did. This run is the only time a grade changes by rule, so a member's price never changes in
 * the middle of a day's orders; the operator's own changes take effect at once.
 */
import { earnableGrades, earnedGrade, nextGrade, seoulDay } from '@smm/domain';
import type { MyGradeResponse } from '@smm/domain/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { accounts, gradeRuns } from '../db/schema';
import type { Clock } from '../shared/clock';
import type { PricingBook } from './pricing-book';
import { pricingRepository, type GradeRow } from './pricing.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GradeRunReport {
  promoted: number;
  demoted: number;
}

export class GradeRun {
  constructor(
    private readonly db: Db,
    private readonly book: PricingBook,
    private readonly clock: Clock,
  ) {}

  /** A background tick: the day's run if it has not run yet (in any process), else nothing. */
  async tick(): Promise<GradeRunReport> {
    const now = this.clock.now();
    const day = seoulDay(now);
    const none = { promoted: 0, demoted: 0 };
    // One indexed read per tick once the day's run is done (by this process or another).
    const [done] = await this.db.select({ day: gradeRuns.day }).from(gradeRuns).where(eq(gradeRuns.day, day));
    if (done) return none;
    // Whoever inserts the day's row runs it, in the same transaction: two processes never both do.
    const report = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(gradeRuns)
        .values({ day, ranAt: now })
        .onConflictDoNothing()
        .returning();
      return claimed ? this.regrade(tx, now, day) : undefined;
    });
    if (report && report.promoted + report.demoted > 0) await this.book.changed();
    return report ?? none;
  }

  private async regrade(tx: Tx, now: Date, day: string): Promise<GradeRunReport> {
    const grades = await pricingRepository.listGrades(tx);
    const byId = new Map(grades.map((grade) => [grade.id, grade]));
    const spend = await spendByWindow(tx, grades, now);
    const members = await tx
      .select({ id: accounts.id, gradeId: accounts.gradeId })
      .from(accounts)
      .where(and(eq(accounts.role, 'member'), isNull(accounts.deletedAt), eq(accounts.gradeManual, false)));
    const moves = new Map<number | null, number[]>();
    let promoted = 0;
    let demoted = 0;
    for (const member of members) {
      const earned = earnedGrade(grades, (days) => spend.get(days)?.get(member.id) ?? 0);
      const target = earned?.id ?? null;
      if (target === member.gradeId) continue;
      const before = member.gradeId === null ? 0 : (byId.get(member.gradeId)?.discountBp ?? 0);
      if ((earned?.discountBp ?? 0) > before) promoted += 1;
      else demoted += 1;
      const ids = moves.get(target) ?? [];
      ids.push(member.id);
      moves.set(target, ids);
    }
    for (const [gradeId, ids] of moves) {
      await tx.update(accounts).set({ gradeId }).where(inArray(accounts.id, ids));
    }
    await tx.update(gradeRuns).set({ promoted, demoted }).where(eq(gradeRuns.day, day));
    return { promoted, demoted };
  }

  /** The member's block on /account: their grade, how many own prices, and what the next grade needs. */
  async myGrade(accountId: number): Promise<MyGradeResponse> {
    const snapshot = await this.book.current();
    const held = snapshot.members.get(accountId);
    const grade = held?.gradeId == null ? undefined : snapshot.grades.get(held.gradeId);
    const grades = [...snapshot.grades.values()];
    const spend = await spendByWindow(this.db, grades, this.clock.now(), [accountId]);
    const next = nextGrade(grades, grade?.discountBp ?? 0, (days) => spend.get(days)?.get(accountId) ?? 0);
    return {
      grade: grade ? { name: grade.name, discountBp: grade.discountBp } : null,
      customRates: held?.rates.size ?? 0,
      next: next
        ? {
            name: next.grade.name,
            discountBp: next.grade.discountBp,
            minSpendWon: next.grade.minSpendWon!,
            windowDays: next.grade.windowDays,
            spentWon: next.spentWon,
            missingWon: next.missingWon,
          }
        : null,
    };
  }
}

/** Each earnable grade's window → each member's spend over it (one grouped ledger read per window). */
async function spendByWindow(
  ex: Db | Tx,
  grades: readonly GradeRow[],
  now: Date,
  accountIds?: number[],
): Promise<Map<number, Map<number, number>>> {
  const windows = [...new Set(earnableGrades(grades).map((grade) => grade.windowDays))];
  const spend = new Map<number, Map<number, number>>();
  for (const days of windows) {
    spend.set(
      days,
      await pricingRepository.spendSince(ex, new Date(now.getTime() - days * DAY_MS), accountIds),
    );
  }
  return spend;
}
