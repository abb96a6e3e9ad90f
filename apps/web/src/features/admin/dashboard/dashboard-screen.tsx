import { AdminPage } from '../components/admin-page';

export function DashboardScreen() {
  return (
    <AdminPage title="대시보드" description="오늘과 이번 달의 매출, 주문, 충전 대기와 공급사 상태">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
