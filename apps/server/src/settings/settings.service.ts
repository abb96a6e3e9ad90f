import {
  CONSOLE_SETTING_KEYS,
  SETTING_KEYS,
  SiteSettings,
  validateSettingValue,
  type ConsoleSettingKey,
  type FlagKey,
  type SettingEntry,
} from '@smm/domain';
import { settingsResponse, type SettingUpdateResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
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
   * (flagsReadAsOff of the variables it lacks, SETTING_SERVER_NEEDS); they read as off like the unbuilt ones.
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

  /**
   * Every stored key and value the console edits, the operator-only ones and unbuilt flags included,
   * as stored (the console's form; the watch reads its thresholds here). Never served to members.
   */
  async stored(): Promise<Map<string, string>> {
    const rows = await settingsRepository.listByKeys(this.db, CONSOLE_SETTING_KEYS);
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  /**
   * An operator's write of one setting or flag: checked by the domain rule the console's form also runs,
   * written with its audit entry in one transaction (nothing when the value is already stored), then
   * every process drops its copy.
   */
  async update(operatorId: number, key: string, value: string): Promise<SettingUpdateResponse> {
    const problem = validateSettingValue(key, value);
    if (problem) throw appError('SETTING_INVALID', problem);
    const settingKey = key as ConsoleSettingKey;
    const changed = await this.db.transaction(async (tx) => {
      const [before] = await settingsRepository.listByKeysForUpdate(tx, [settingKey]);
      if (before?.value === value) return false;
      await settingsRepository.upsert(tx, settingKey, value);
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'setting.update',
        targetType: 'setting',
        targetId: settingKey,
        before: before ? { value: before.value } : null,
        after: { value },
      });
      return true;
    });
    if (changed) await this.changed();
    return { key: settingKey, value, changed };
  }

  /** The tests' write, unaudited (operators go through update): every process sees it next read. */
  async set(key: ConsoleSettingKey, value: string): Promise<void> {
    await settingsRepository.upsert(this.db, key, value);
    await this.changed();
  }

  /** Called after any write of settings: this process and, on PostgreSQL, every other drops its copy. */
  changed(): Promise<void> {
    return this.bus.publish('settings');
  }
}
