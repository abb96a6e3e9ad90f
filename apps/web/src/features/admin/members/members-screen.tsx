import { AdminPage } from '../components/admin-page';

export function MembersScreen() {
  return (
    <AdminPage title="회원" description="회원 검색과 상세, 정지·복구, API 키 초기화">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
