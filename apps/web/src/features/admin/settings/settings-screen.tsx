import { AdminPage } from '../components/admin-page';

export function SettingsScreen() {
  return (
    <AdminPage title="사이트 설정" description="SPEC.md §3의 모든 설정과 기능 플래그">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
