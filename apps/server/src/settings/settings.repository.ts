import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { siteSettings } from '../db/schema';

export const settingsRepository = {
  async listByKeys(ex: Executor, keys: readonly string[]): Promise<{ key: string; value: string }[]> {
    return ex
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...keys]))
      .orderBy(siteSettings.key);
  },

  /** The same read, locking the rows so two operators' writes of one key are serialised. */
  async listByKeysForUpdate(
    ex: Executor,
    keys: readonly string[],
  ): Promise<{ key: string; value: string }[]> {
    return ex
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...keys]))
      .for('update');
  },

  /** Adds missing keys only: an operator's edits survive every restart. */
  async insertMissing(ex: Executor, entries: { key: string; value: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await ex.insert(siteSettings).values(entries).onConflictDoNothing({ target: siteSettings.key });
  },

  async upsert(ex: Executor, key: string, value: string): Promise<void> {
    await ex
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  },
};
