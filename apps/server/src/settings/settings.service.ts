import { SETTING_KEYS, SiteSettings, type FlagKey, type SettingEntry, type SettingKey } from '@smm/domain';
import { settingsResponse } from '@smm/domain/contract';
import type { Db } from '../db/database';
import type { CacheBus } from '../shared/cache-bus';
import { HotCache, cachedBody, type CachedBody } from '../shared/hot-cache';
import { settingsRepository } from './settings.repository';
import { UNBUILT_FLAGS } from './unbuilt-flags';

/**
 * Site settings, served from memory: every request reads them (the web app on start, the server on
 * every rule that depends on a flag) and only an operator changes them. Only the keys listed in
 * docs/product.md#site-settings leave the server; anything else an operator stores stays private.
 */
export class SettingsService {
  private readonly cache: HotCache<CachedBody<SettingEntry[]>>;

  /**
   * `unconfiguredFlags`: flags this process cannot serve for want of configuration
   * (unbuilt-flags.ts unconfiguredFlags); they read as off like the unbuilt ones.
   */
  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
    unconfiguredFlags: readonly FlagKey[] = [],
  ) {
    const off = new Set<string>([...UNBUILT_FLAGS, ...unconfiguredFlags]);
    this.cache = new HotCache(async () => {
      const rows = await settingsRepository.listByKeys(this.db, SETTING_KEYS);
      const entries = rows.map((row) => (off.has(row.key) ? { key: row.key, value: 'false' } : row));
      return cachedBody(settingsResponse.parse(entries));
    });
    bus.on('settings', () => this.cache.invalidate());
  }

  /** GET /service/settings, already serialised. */
  async publicJson(): Promise<string> {
    return (await this.cache.get()).json;
  }

  async listPublic(): Promise<SettingEntry[]> {
    return (await this.cache.get()).data;
  }

  async current(): Promise<SiteSettings> {
    return new SiteSettings(await this.listPublic());
  }

  /** The tests' write (operators go through SettingsAdminService): every process sees it next read. */
  async set(key: SettingKey, value: string): Promise<void> {
    await settingsRepository.upsert(this.db, key, value);
    await this.changed();
  }

  /** Called after any write of settings: this process and, on PostgreSQL, every other drops its copy. */
  changed(): Promise<void> {
    return this.bus.publish('settings');
  }
}
