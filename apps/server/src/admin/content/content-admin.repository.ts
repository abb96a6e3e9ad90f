/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * The lists the console's content screens show (docs/product.md#operator-console) are queried here, in
 * the same order as content/ lists them to members, so the read model needs no other folder's repository.
 */
import { asc, desc } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { notices, popups, qnas, registerWheres } from '../../db/schema';

export const contentAdminRepository = {
  /** Pinned notices first (docs/product.md#order-page), newest first within each group. */
  notices(ex: Executor) {
    return ex.select().from(notices).orderBy(desc(notices.isTop), desc(notices.createdAt), desc(notices.id));
  },

  qnas(ex: Executor) {
    return ex.select().from(qnas).orderBy(asc(qnas.sortOrder), asc(qnas.id));
  },

  registerWheres(ex: Executor) {
    return ex.select().from(registerWheres).orderBy(asc(registerWheres.sortOrder), asc(registerWheres.id));
  },

  /** Every popup, shown or not, newest first. */
  popups(ex: Executor) {
    return ex.select().from(popups).orderBy(desc(popups.id));
  },
};
