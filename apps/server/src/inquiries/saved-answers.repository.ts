/**
 * Why this file: the queries of 자주 쓰는 답변 (docs/product.md#inquiries), the operators' reply texts,
 * read and written only by saved-answers.ts.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { savedAnswers } from '../db/schema';
import { LIST_LOCKS, lockList } from '../content/content.repository';

export type SavedAnswerRow = typeof savedAnswers.$inferSelect;
export interface SavedAnswerValues {
  title: string;
  text: string;
}

export const savedAnswersRepository = {
  list(ex: Executor) {
    return ex.select().from(savedAnswers).orderBy(asc(savedAnswers.sortOrder), asc(savedAnswers.id));
  },

  /** Serialises the list's edits (append at the end, a full reorder): content's one list of lock keys. */
  lockList(tx: Tx): Promise<void> {
    return lockList(tx, LIST_LOCKS.savedAnswers);
  },

  async lock(tx: Tx, id: number): Promise<SavedAnswerRow | undefined> {
    const [row] = await tx.select().from(savedAnswers).where(eq(savedAnswers.id, id)).for('update');
    return row;
  },

  /** Appended after the last one (call under lockList). */
  async insert(tx: Tx, values: SavedAnswerValues, now: Date): Promise<SavedAnswerRow> {
    const [row] = await tx
      .insert(savedAnswers)
      .values({
        ...values,
        createdAt: now,
        updatedAt: now,
        sortOrder: sql`(SELECT COALESCE(MAX(${savedAnswers.sortOrder}), -1) + 1 FROM ${savedAnswers})`,
      })
      .returning();
    return row!;
  },

  async update(tx: Tx, id: number, values: SavedAnswerValues, now: Date): Promise<SavedAnswerRow> {
    const [row] = await tx
      .update(savedAnswers)
      .set({ ...values, updatedAt: now })
      .where(eq(savedAnswers.id, id))
      .returning();
    return row!;
  },

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(savedAnswers).where(eq(savedAnswers.id, id));
  },

  async setOrder(tx: Tx, ids: readonly number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await tx.update(savedAnswers).set({ sortOrder: index }).where(eq(savedAnswers.id, id));
    }
  },
};
