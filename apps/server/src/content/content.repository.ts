import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { notices, popups, qnas, type registerWheres } from '../db/schema';

export type NoticeRow = typeof notices.$inferSelect;
export type QnaRow = typeof qnas.$inferSelect;
export type PopupRow = typeof popups.$inferSelect;
export type RegisterWhereRow = typeof registerWheres.$inferSelect;

export interface NoticeValues {
  content: string;
  isTop: boolean;
  bgColor: string | null;
}

/** Transaction-scoped advisory lock keys: one per ordered list whose whole set an edit depends on. */
export const LIST_LOCKS = { qnas: 727_201, registerWheres: 727_202, savedAnswers: 727_203 } as const;

/**
 * Serialises the edits of one ordered list (append at the end, a full reorder, a duplicate check):
 * row locks cannot cover a row not inserted yet, this lock can. Released at commit or rollback.
 */
export async function lockList(tx: Tx, key: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
}

export const contentRepository = {
  /** Pinned notices first (docs/product.md#order-page), newest first within each group. */
  listNotices(ex: Executor) {
    return ex.select().from(notices).orderBy(desc(notices.isTop), desc(notices.createdAt), desc(notices.id));
  },

  listQnas(ex: Executor) {
    return ex.select().from(qnas).orderBy(asc(qnas.sortOrder), asc(qnas.id));
  },

  listEnabledPopups(ex: Executor) {
    return ex.select().from(popups).where(eq(popups.enabled, true)).orderBy(asc(popups.id));
  },

  // ---------- operator writes (content-editor.ts, popups-editor.ts) ----------

  async lockNotice(tx: Tx, id: number): Promise<NoticeRow | undefined> {
    const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
    return row;
  },

  async insertNotice(tx: Tx, values: NoticeValues): Promise<NoticeRow> {
    const [row] = await tx.insert(notices).values(values).returning();
    return row!;
  },

  async updateNotice(tx: Tx, id: number, values: NoticeValues): Promise<NoticeRow> {
    const [row] = await tx.update(notices).set(values).where(eq(notices.id, id)).returning();
    return row!;
  },

  async deleteNotice(tx: Tx, id: number): Promise<void> {
    await tx.delete(notices).where(eq(notices.id, id));
  },

  async lockQna(tx: Tx, id: number): Promise<QnaRow | undefined> {
    const [row] = await tx.select().from(qnas).where(eq(qnas.id, id)).for('update');
    return row;
  },

  /** Appended after the last one (call under lockList(LIST_LOCKS.qnas)). */
  async insertQna(tx: Tx, values: { title: string; answer: string }): Promise<QnaRow> {
    const [row] = await tx
      .insert(qnas)
      .values({ ...values, sortOrder: sql`(SELECT COALESCE(MAX(${qnas.sortOrder}), -1) + 1 FROM ${qnas})` })
      .returning();
    return row!;
  },

  async updateQna(tx: Tx, id: number, values: { title: string; answer: string }): Promise<QnaRow> {
    const [row] = await tx.update(qnas).set(values).where(eq(qnas.id, id)).returning();
    return row!;
  },

  async deleteQna(tx: Tx, id: number): Promise<void> {
    await tx.delete(qnas).where(eq(qnas.id, id));
  },

  /** `ids` in their new order: position i gets sort order i. */
  async setQnaOrder(tx: Tx, ids: readonly number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await tx.update(qnas).set({ sortOrder: index }).where(eq(qnas.id, id));
    }
  },

  async lockPopup(tx: Tx, id: number): Promise<PopupRow | undefined> {
    const [row] = await tx.select().from(popups).where(eq(popups.id, id)).for('update');
    return row;
  },

  async insertPopup(tx: Tx, values: { imageUrl: string; enabled: boolean }): Promise<PopupRow> {
    const [row] = await tx.insert(popups).values(values).returning();
    return row!;
  },

  async setPopupEnabled(tx: Tx, id: number, enabled: boolean): Promise<PopupRow> {
    const [row] = await tx.update(popups).set({ enabled }).where(eq(popups.id, id)).returning();
    return row!;
  },

  async deletePopup(tx: Tx, id: number): Promise<void> {
    await tx.delete(popups).where(eq(popups.id, id));
  },
};
