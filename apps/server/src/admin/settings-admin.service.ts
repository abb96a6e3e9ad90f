import {
  SETTING_KEYS,
  settingChoices,
  settingKind,
  validateSettingValue,
  type SettingKey,
} from '@smm/domain';
import type { AdminSetting, SettingUpdateResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
import { settingsRepository } from '../settings/settings.repository';
import type { SettingsService } from '../settings/settings.service';

/**
 * The operator's settings and flags (docs/product.md#site-settings): every key with its kind, and one audited
 * write at a time. The value is checked by the domain rule the console's form also runs; the write reaches
 * every process through the settings service's cache invalidation.
 */
export class SettingsAdminService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async list(): Promise<AdminSetting[]> {
    const stored = new Map(
      (await settingsRepository.listByKeys(this.db, SETTING_KEYS)).map((row) => [row.key, row.value]),
    );
    return SETTING_KEYS.map((key) => ({
      key,
      value: stored.get(key) ?? '',
      kind: settingKind(key),
      choices: [...settingChoices(key)],
    }));
  }

  async update(operatorId: number, key: string, value: string): Promise<SettingUpdateResponse> {
    const problem = validateSettingValue(key, value);
    if (problem) throw appError('SETTING_INVALID', problem);
    const settingKey = key as SettingKey;
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
    if (changed) await this.settings.changed();
    return { key: settingKey, value, changed };
  }
}
