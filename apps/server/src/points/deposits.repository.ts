import type { DepositStatus } from '@smm/domain/contract';
import { and, asc, count, desc, eq, lte } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { deposits } from '../db/schema';

export type DepositRow = typeof deposits.$inferSelect;
export type NewDeposit = Omit<typeof deposits.$inferInsert, 'id' | 'chargeId' | 'resolvedAt'>;

export const depositsRepository = {
  /**
   * Stores a deposit unless its (source, reference) is already stored: `created` tells a first
   * delivery from a replay, which gets the stored row back unchanged.
   */
  async insertOnce(ex: Executor, row: NewDeposit): Promise<{ deposit: DepositRow; created: boolean }> {
    const [inserted] = await ex
      .insert(deposits)
      .values(row)
      .onConflictDoNothing({ target: [deposits.source, deposits.reference] })
      .returning();
    if (inserted) return { deposit: inserted, created: true };
    const [existing] = await ex
      .select()
      .from(deposits)
      .where(and(eq(deposits.source, row.source), eq(deposits.reference, row.reference)));
    if (!existing) throw new Error('deposit neither inserted nor found');
    return { deposit: existing, created: false };
  },

  async lockById(tx: Tx, id: number): Promise<DepositRow | undefined> {
    const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    return row;
  },

  async findById(ex: Executor, id: number): Promise<DepositRow | undefined> {
    const [row] = await ex.select().from(deposits).where(eq(deposits.id, id));
    return row;
  },

  async setOutcome(
    tx: Tx,
    id: number,
    outcome: { status: DepositStatus; chargeId: number | null; resolvedAt: Date },
  ): Promise<DepositRow> {
    const [row] = await tx.update(deposits).set(outcome).where(eq(deposits.id, id)).returning();
    if (!row) throw new Error(`deposit ${id} vanished`);
    return row;
  },

  /**
   * Deposits stored but never matched (the process stopped between the two steps), oldest first;
   * locked with SKIP LOCKED so a deposit being matched right now is left to its request.
   */
  async claimUnmatched(tx: Tx, storedBefore: Date, limit: number): Promise<number[]> {
    const rows = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.status, 'RECEIVED'), lte(deposits.createdAt, storedBefore)))
      .orderBy(asc(deposits.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  },

  async adminPage(ex: Executor, status: DepositStatus | undefined, limit: number, offset: number) {
    const where = status === undefined ? undefined : eq(deposits.status, status);
    const [rows, [total]] = await Promise.all([
      ex.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(limit).offset(offset),
      ex.select({ n: count() }).from(deposits).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
