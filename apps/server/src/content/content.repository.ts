import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { notices, popups, qnas } from '../db/schema';

export const contentRepository = {
  /** Pinned notices first (SPEC.md screen 8), newest first within each group. */
  listNotices(ex: Executor) {
    return ex
      .select({ id: notices.id, content: notices.content, isTop: notices.isTop, bgColor: notices.bgColor })
      .from(notices)
      .orderBy(desc(notices.isTop), desc(notices.createdAt), desc(notices.id));
  },

  listQnas(ex: Executor) {
    return ex
      .select({ title: qnas.title, answer: qnas.answer })
      .from(qnas)
      .orderBy(asc(qnas.sortOrder), asc(qnas.id));
  },

  listEnabledPopups(ex: Executor) {
    return ex
      .select({ id: popups.id, enabled: popups.enabled, imageUrl: popups.imageUrl })
      .from(popups)
      .where(eq(popups.enabled, true))
      .orderBy(asc(popups.id));
  },
};
