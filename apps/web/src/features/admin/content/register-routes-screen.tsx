import { AdminPage } from '../components/admin-page';

export function RegisterRoutesScreen() {
  return (
    <AdminPage title="가입 경로" description="회원가입 때 고르는 가입 경로 목록">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
