import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { passwordResets } from '../db/schema';

/** The only SQL on password_resets: one row per reset link, named by its token's `jti`. */
export const passwordResetsRepository = {
  async insert(ex: Executor, reset: { id: string; accountId: number; expiresAt: Date }): Promise<void> {
    await ex.insert(passwordResets).values(reset);
  },

  /** Whether the link is unused and unexpired (checked before the costly password hash). */
  async isLive(ex: Executor, id: string, accountId: number, now: Date): Promise<boolean> {
    const [row] = await ex
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.id, id),
          eq(passwordResets.accountId, accountId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /**
   * Uses the link: one conditional UPDATE, so of two resets racing with one link exactly one gets
   * the row back (the other waits for its commit, then finds it used).
   */
  async markUsed(ex: Executor, id: string, accountId: number, now: Date): Promise<boolean> {
    const rows = await ex
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.id, id),
          eq(passwordResets.accountId, accountId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ id: passwordResets.id });
    return rows.length === 1;
  },

  /** After a reset, the account's other outstanding links stop working too. */
  async retireOthers(ex: Executor, accountId: number, keepId: string, now: Date): Promise<void> {
    await ex
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.accountId, accountId),
          ne(passwordResets.id, keepId),
          isNull(passwordResets.usedAt),
        ),
      );
  },
};
