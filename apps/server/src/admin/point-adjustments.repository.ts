import type { Tx } from '../db/database';
import { pointAdjustments } from '../db/schema';

export const pointAdjustmentsRepository = {
  async insert(tx: Tx, row: typeof pointAdjustments.$inferInsert) {
    const [inserted] = await tx.insert(pointAdjustments).values(row).returning({ id: pointAdjustments.id });
    if (!inserted) throw new Error('adjustment insert returned no row');
    return inserted.id;
  },
};
