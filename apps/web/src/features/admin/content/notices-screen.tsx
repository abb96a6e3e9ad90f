import { AdminPage } from '../components/admin-page';

export function NoticesScreen() {
  return (
    <AdminPage title="공지사항" description="공지(상단 고정, 배경색)를 쓰고 고칩니다.">
      <p className="admin-status">준비 중</p>
    </AdminPage>
  );
}
