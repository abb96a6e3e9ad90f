import { AdminPage } from '../components/admin-page';

export function ChargesScreen() {
  return (
    <AdminPage title="충전 신청" description="무통장 입금 충전 신청을 확인하고 수락하거나 거절합니다.">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
