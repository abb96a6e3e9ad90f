import { AdminPage } from '../components/admin-page';

export function FaqScreen() {
  return (
    <AdminPage title="FAQ" description="자주 묻는 질문과 답변, 순서">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
