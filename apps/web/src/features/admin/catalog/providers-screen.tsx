import { AdminPage } from '../components/admin-page';

export function ProvidersScreen() {
  return (
    <AdminPage title="공급사" description="상품을 처리하는 공급사(API v2)와 잔액, 상품 가져오기">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
