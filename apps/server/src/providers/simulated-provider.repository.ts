import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { simulatedProviderOrders, simulatedProviderRefills } from '../db/schema';

export type SimulatedOrderRow = typeof simulatedProviderOrders.$inferSelect;
export type SimulatedOrderState = Pick<SimulatedOrderRow, 'status' | 'startCount' | 'remains'>;
export type SimulatedRefillRow = typeof simulatedProviderRefills.$inferSelect;
export type SimulatedRefillState = Pick<SimulatedRefillRow, 'status' | 'reason'>;

export const simulatedProviderRepository = {
  async insert(
    db: Db,
    order: { service: string; link: string; quantity: number; comments?: string | null },
  ): Promise<number> {
    const [row] = await db
      .insert(simulatedProviderOrders)
      .values({ ...order, remains: order.quantity })
      .returning({ id: simulatedProviderOrders.id });
    return row!.id;
  },

  findMany(db: Db, ids: number[]): Promise<SimulatedOrderRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select().from(simulatedProviderOrders).where(inArray(simulatedProviderOrders.id, ids));
  },

  /**
   * Moves an order on from the state it was read in (`polls` as read): if another process moved it
   * first, nothing changes and the row as it now is comes back (`moved: false`), so two processes
   * polling at once never skip a step or step back.
   */
  async advance(
    db: Db,
    row: SimulatedOrderRow,
    next: SimulatedOrderState,
  ): Promise<{ row: SimulatedOrderRow; moved: boolean }> {
    const [updated] = await db
      .update(simulatedProviderOrders)
      .set({ ...next, polls: sql`${simulatedProviderOrders.polls} + 1` })
      .where(and(eq(simulatedProviderOrders.id, row.id), eq(simulatedProviderOrders.polls, row.polls)))
      .returning();
    if (updated) return { row: updated, moved: true };
    const [current] = await simulatedProviderRepository.findMany(db, [row.id]);
    return { row: current ?? row, moved: false };
  },

  /** A new Pending refill of a simulated order; its id is the refill id the simulator answers. */
  async insertRefill(db: Db, orderId: number): Promise<number> {
    const [row] = await db
      .insert(simulatedProviderRefills)
      .values({ orderId })
      .returning({ id: simulatedProviderRefills.id });
    return row!.id;
  },

  findRefills(db: Db, ids: number[]): Promise<SimulatedRefillRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select().from(simulatedProviderRefills).where(inArray(simulatedProviderRefills.id, ids));
  },

  /** Moves a refill on from the state it was read in, as `advance` does an order. */
  async advanceRefill(
    db: Db,
    row: SimulatedRefillRow,
    next: SimulatedRefillState,
  ): Promise<SimulatedRefillRow> {
    const [updated] = await db
      .update(simulatedProviderRefills)
      .set({ ...next, polls: sql`${simulatedProviderRefills.polls} + 1` })
      .where(and(eq(simulatedProviderRefills.id, row.id), eq(simulatedProviderRefills.polls, row.polls)))
      .returning();
    if (updated) return updated;
    const [current] = await simulatedProviderRepository.findRefills(db, [row.id]);
    return current ?? row;
  },
};
