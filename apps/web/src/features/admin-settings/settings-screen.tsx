import {
  SETTING_GROUPS,
  SETTING_LABELS,
  isSettingKey,
  type ConsoleSettingKey,
  type ServerVariable,
} from '@smm/domain';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { useAdminSettings } from './api/get-admin-settings';
import { useSettingsConfigStatus } from './api/get-settings-config-status';
import { SettingField } from './setting-field';
import '@/features/admin/settings-form.css';

/**
 * Every setting and flag (docs/product.md#site-settings), grouped, each with the control its kind calls for.
 */
export function SettingsScreen() {
  const { data, isPending, isError } = useAdminSettings();
  // What the server lacks for each setting that needs its configuration; until it answers, nothing is said.
  const configStatus = useSettingsConfigStatus().data;
  const missing = new Map<string, ServerVariable[]>(configStatus?.map((s) => [s.key, s.missing]));
  const valueOf = (key: ConsoleSettingKey) => data?.find((setting) => setting.key === key)?.value ?? '';

  return (
    <AdminPage
      title="사이트 설정"
      description="회원 사이트의 정보와 기능을 바꿉니다. 저장하면 회원 화면에 바로 반영됩니다."
    >
      {isPending ? (
        <AdminStatus kind="loading" />
      ) : isError ? (
        <AdminStatus kind="error">설정을 불러오지 못했습니다. 새로고침해주세요.</AdminStatus>
      ) : (
        SETTING_GROUPS.map((group) => {
          const settings = data.filter(
            (setting) => isSettingKey(setting.key) && SETTING_LABELS[setting.key].group === group.id,
          );
          if (settings.length === 0) return null;
          // Operator notifications have their own screen (channels, kinds, a test message, what was sent).
          if (group.id === 'notify')
            return (
              <AdminSection key={group.id} title={group.label} className="settings-group">
                <p className="settings-group-description">
                  이메일·텔레그램 알림은 <Link to={paths.admin.notifications}>알림</Link> 화면에서 설정합니다.
                </p>
              </AdminSection>
            );
          return (
            <AdminSection key={group.id} title={group.label} className="settings-group">
              <p className="settings-group-description">{group.description}</p>
              <div className="settings-grid">
                {settings.map((setting) => (
                  <SettingField
                    key={setting.key}
                    setting={setting}
                    missing={missing.get(setting.key) ?? []}
                    valueOf={valueOf}
                  />
                ))}
              </div>
            </AdminSection>
          );
        })
      )}
    </AdminPage>
  );
}
