import { RefillStatus } from '@smm/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { orderRefills } from '../../db/schema';
import { selectOperatorRefills } from './operator-refill-rows';
import type { OperatorRefillRow } from './operator-refills.presenter';

export type RefillRow = typeof orderRefills.$inferSelect;

/**
 * The operator's writes on a refill (operator-refill-actions.ts): the row under its lock, the console's
 * row with its order's names, and the two changes 재전송 and 거절 make. Refills move no money.
 */
export const operatorRefillsRepository = {
  async findForUpdate(tx: Tx, id: number): Promise<RefillRow | undefined> {
    const [row] = await tx.select().from(orderRefills).where(eq(orderRefills.id, id)).for('update');
    return row;
  },

  /** Whether another refill of the order is open (PENDING or INPROGRESS): one open per order. */
  async otherOpenExists(ex: Executor, orderId: number, refillId: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: orderRefills.id })
      .from(orderRefills)
      .where(
        and(
          eq(orderRefills.orderId, orderId),
          ne(orderRefills.id, refillId),
          inArray(orderRefills.status, [RefillStatus.PENDING, RefillStatus.INPROGRESS]),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async withNames(ex: Executor, id: number): Promise<OperatorRefillRow | undefined> {
    const [row] = await selectOperatorRefills(ex).where(eq(orderRefills.id, id));
    return row;
  },

  /** 재전송: PENDING and due now, as if just asked; the provider's earlier answer is forgotten. */
  async resetForResend(tx: Tx, id: number, now: Date): Promise<void> {
    await tx
      .update(orderRefills)
      .set({
        status: RefillStatus.PENDING,
        providerRefillId: null,
        reason: null,
        attempts: 0,
        nextCheckAt: now,
        leasedUntil: null,
        leaseToken: null,
        source: 'operator',
        finishedAt: null,
        updatedAt: now,
      })
      .where(eq(orderRefills.id, id));
  },

  /** 거절: REJECTED with the operator's reason, finished now, no longer followed. */
  async reject(tx: Tx, id: number, reason: string, now: Date): Promise<void> {
    await tx
      .update(orderRefills)
      .set({
        status: RefillStatus.REJECTED,
        reason,
        nextCheckAt: null,
        leasedUntil: null,
        leaseToken: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(eq(orderRefills.id, id));
  },
};
