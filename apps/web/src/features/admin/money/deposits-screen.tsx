import { AdminPage } from '../components/admin-page';

export function DepositsScreen() {
  return (
    <AdminPage
      title="입금 내역"
      description="은행 알림으로 들어온 입금과 문자, 충전 신청에 연결되지 않은 입금"
    >
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
