import { AdminPage } from '../components/admin-page';

export function MemberDetailScreen() {
  return (
    <AdminPage title="회원 상세" description="프로필, 주문, 충전, 포인트 내역과 잔액 조정">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
