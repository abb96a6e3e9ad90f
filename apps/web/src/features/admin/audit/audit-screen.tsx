import { AdminPage } from '../components/admin-page';

export function AuditScreen() {
  return (
    <AdminPage title="감사 로그" description="운영자가 한 모든 작업: 누가, 언제, 무엇을, 전후 값">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
