import { LedgerReason } from '@smm/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { pointAdjustments, pointLedger } from '../db/schema';

export type PointAdjustmentRow = typeof pointAdjustments.$inferSelect;

export const pointAdjustmentsRepository = {
  async insert(tx: Tx, row: typeof pointAdjustments.$inferInsert) {
    const [inserted] = await tx.insert(pointAdjustments).values(row).returning({ id: pointAdjustments.id });
    if (!inserted) throw new Error('adjustment insert returned no row');
    return inserted.id;
  },

  /**
   * Inserts the adjustment unless this operator already used its idempotency key: undefined then. A
   * concurrent insert of the same key waits on the unique index until the first transaction ends, so
   * the loser sees the winner's committed row (or inserts its own if the winner rolled back).
   */
  async insertOnce(tx: Tx, row: typeof pointAdjustments.$inferInsert & { idempotencyKey: string }) {
    const [inserted] = await tx
      .insert(pointAdjustments)
      .values(row)
      .onConflictDoNothing({ target: [pointAdjustments.operatorId, pointAdjustments.idempotencyKey] })
      .returning({ id: pointAdjustments.id });
    return inserted?.id;
  },

  async findByKey(
    ex: Executor,
    operatorId: number,
    idempotencyKey: string,
  ): Promise<PointAdjustmentRow | undefined> {
    const [row] = await ex
      .select()
      .from(pointAdjustments)
      .where(
        and(eq(pointAdjustments.operatorId, operatorId), eq(pointAdjustments.idempotencyKey, idempotencyKey)),
      );
    return row;
  },

  /** The balance right after an adjustment's ledger entry. */
  async balanceAfter(ex: Executor, adjustmentId: number): Promise<number | undefined> {
    const [row] = await ex
      .select({ balanceAfter: pointLedger.balanceAfter })
      .from(pointLedger)
      .where(
        and(
          eq(pointLedger.reason, LedgerReason.ADJUSTMENT),
          eq(pointLedger.reference, `adjustment:${adjustmentId}`),
        ),
      );
    return row?.balanceAfter;
  },
};
