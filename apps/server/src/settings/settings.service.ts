import { SETTING_KEYS, SiteSettings, type SettingEntry } from '@smm/domain';
import type { Db } from '../db/database';
import { settingsRepository } from './settings.repository';

/** Only the keys of SPEC.md §3 leave the server; anything else an operator stores stays private. */
export class SettingsService {
  constructor(private readonly db: Db) {}

  listPublic(): Promise<SettingEntry[]> {
    return settingsRepository.listByKeys(this.db, SETTING_KEYS);
  }

  async current(): Promise<SiteSettings> {
    return new SiteSettings(await this.listPublic());
  }
}
