import { AdminPage } from '../components/admin-page';

export function PopupsScreen() {
  return (
    <AdminPage title="팝업" description="회원에게 보이는 이미지 팝업">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
