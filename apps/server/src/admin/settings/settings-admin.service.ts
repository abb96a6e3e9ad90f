import { CONSOLE_SETTING_KEYS, settingChoices, settingKind } from '@smm/domain';
import type { AdminSetting } from '@smm/domain/contract';
import type { SettingsService } from '../../settings/settings.service';

/**
 * The console's read model of the settings and flags (docs/product.md#site-settings, then the
 * operator-only ones, never served to members): every key with
 * its stored value, its kind and its choices, for the form. Writes are the settings service's
 * (SettingsService.update), which audits them and drops every process's copy.
 */
export class SettingsAdminService {
  constructor(private readonly settings: SettingsService) {}

  async list(): Promise<AdminSetting[]> {
    const stored = await this.settings.stored();
    return CONSOLE_SETTING_KEYS.map((key) => ({
      key,
      value: stored.get(key) ?? '',
      kind: settingKind(key),
      choices: [...settingChoices(key)],
    }));
  }
}
