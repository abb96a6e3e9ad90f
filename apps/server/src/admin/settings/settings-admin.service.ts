import {
  CONSOLE_SETTING_KEYS,
  SETTING_SERVER_NEEDS,
  settingChoices,
  settingKind,
  type ServerVariable,
} from '@smm/domain';
import type { AdminSetting, SettingConfigStatus } from '@smm/domain/contract';
import type { SettingsService } from '../../settings/settings.service';

/**
 * The console's read model of the settings and flags (docs/product.md#site-settings, then the
 * operator-only ones, never served to members): every key with
 * its stored value, its kind and its choices, for the form. Writes are the settings service's
 * (SettingsService.update), which audits them and drops every process's copy.
 */
export class SettingsAdminService {
  constructor(
    private readonly settings: SettingsService,
    private readonly missing: ReadonlySet<ServerVariable>,
  ) {}

  /**
   * Each setting that needs server configuration, with the variables it needs that this process lacks
   * (empty: it takes effect). The console says "적용 안 됨 — 서버에 … 설정 필요" beside it rather than a
   * bare 저장됨. Names only, never values.
   */
  configStatus(): SettingConfigStatus[] {
    return Object.entries(SETTING_SERVER_NEEDS).map(([key, need]) => ({
      key,
      missing: need.variables.filter((variable) => this.missing.has(variable)),
    }));
  }

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
