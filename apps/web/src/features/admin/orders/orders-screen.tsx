import { AdminPage } from '../components/admin-page';

export function OrdersScreen() {
  return (
    <AdminPage title="주문" description="모든 회원의 주문과 자동주문 검색, 재전송, 취소·부분 환불">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
