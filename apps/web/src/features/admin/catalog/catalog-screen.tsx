import { AdminPage } from '../components/admin-page';

export function CatalogScreen() {
  return (
    <AdminPage
      title="플랫폼·상품"
      description="플랫폼, 카테고리, 상품과 순서. 바꾸면 회원 사이트에 바로 반영됩니다."
    >
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
