import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { registerWheres } from '../db/schema';
import type { RegisterWhereRow } from './content.repository';

export const registerWhereRepository = {
  list(ex: Executor) {
    return ex.select().from(registerWheres).orderBy(asc(registerWheres.sortOrder), asc(registerWheres.id));
  },

  // ---------- operator writes (content-editor.ts; call under lockList(LIST_LOCKS.registerWheres)) ----------

  async lock(tx: Tx, id: number): Promise<RegisterWhereRow | undefined> {
    const [row] = await tx.select().from(registerWheres).where(eq(registerWheres.id, id)).for('update');
    return row;
  },

  /** Another route already named `text` (`exceptId`: the one being renamed). */
  async textTaken(ex: Executor, text: string, exceptId?: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: registerWheres.id })
      .from(registerWheres)
      .where(
        exceptId === undefined
          ? eq(registerWheres.text, text)
          : and(eq(registerWheres.text, text), ne(registerWheres.id, exceptId)),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Appended after the last one. */
  async insert(tx: Tx, text: string): Promise<RegisterWhereRow> {
    const [row] = await tx
      .insert(registerWheres)
      .values({
        text,
        sortOrder: sql`(SELECT COALESCE(MAX(${registerWheres.sortOrder}), -1) + 1 FROM ${registerWheres})`,
      })
      .returning();
    return row!;
  },

  async rename(tx: Tx, id: number, text: string): Promise<RegisterWhereRow> {
    const [row] = await tx.update(registerWheres).set({ text }).where(eq(registerWheres.id, id)).returning();
    return row!;
  },

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(registerWheres).where(eq(registerWheres.id, id));
  },

  /** `ids` in their new order: position i gets sort order i. */
  async setOrder(tx: Tx, ids: readonly number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await tx.update(registerWheres).set({ sortOrder: index }).where(eq(registerWheres.id, id));
    }
  },
};
