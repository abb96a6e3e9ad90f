import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { notices, popups, qnas, type registerWheres } from '../db/schema';

export type NoticeRow = typeof notices.$inferSelect;
export type QnaRow = typeof qnas.$inferSelect;
export type PopupRow = typeof popups.$inferSelect;
export type RegisterWhereRow = typeof registerWheres.$inferSelect;

export const contentRepository = {
  /** Pinned notices first (SPEC.md screen 8), newest first within each group. */
  listNotices(ex: Executor) {
    return ex.select().from(notices).orderBy(desc(notices.isTop), desc(notices.createdAt), desc(notices.id));
  },

  listQnas(ex: Executor) {
    return ex.select().from(qnas).orderBy(asc(qnas.sortOrder), asc(qnas.id));
  },

  listEnabledPopups(ex: Executor) {
    return ex.select().from(popups).where(eq(popups.enabled, true)).orderBy(asc(popups.id));
  },
};
