import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { simulatedProviderOrders } from '../db/schema';

export type SimulatedOrderRow = typeof simulatedProviderOrders.$inferSelect;

export const simulatedProviderRepository = {
  async insert(db: Db, order: { service: string; link: string; quantity: number }): Promise<number> {
    const [row] = await db
      .insert(simulatedProviderOrders)
      .values({ ...order, remains: order.quantity })
      .returning({ id: simulatedProviderOrders.id });
    return row!.id;
  },

  findMany(db: Db, ids: number[]) {
    return db.select().from(simulatedProviderOrders).where(inArray(simulatedProviderOrders.id, ids));
  },

  async update(db: Db, id: number, change: Pick<SimulatedOrderRow, 'status' | 'startCount' | 'remains'>) {
    await db
      .update(simulatedProviderOrders)
      .set({ ...change, polls: sql`${simulatedProviderOrders.polls} + 1` })
      .where(eq(simulatedProviderOrders.id, id));
  },
};
