import { AdminPage } from '../components/admin-page';

export function ReceiptsScreen() {
  return (
    <AdminPage title="증빙 발행" description="세금계산서와 현금영수증 신청을 처리하고 CSV로 내보냅니다.">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
