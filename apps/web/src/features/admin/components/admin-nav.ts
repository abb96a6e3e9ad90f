/** The console's screens, grouped as the side navigation shows them (paths under /admin). */
import { paths } from '@/lib/paths';
export interface AdminNavItem {
  path: string;
  label: string;
}
export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: '현황',
    items: [
      { path: paths.admin.dashboard, label: '대시보드' },
      { path: paths.admin.watch, label: '확인 필요' },
    ],
  },
  {
    label: '충전·정산',
    items: [
      { path: paths.admin.charges, label: '충전 신청' },
      { path: paths.admin.deposits, label: '입금 내역' },
      { path: paths.admin.receipts, label: '증빙 발행' },
    ],
  },
  {
    label: '주문·회원',
    items: [
      { path: paths.admin.orders, label: '주문' },
      { path: paths.admin.inquiries, label: '1:1 문의' },
      { path: paths.admin.members, label: '회원' },
      { path: paths.admin.grades, label: '회원 등급' },
      { path: paths.admin.referralRewards, label: '추천인 적립' },
    ],
  },
  {
    label: '상품',
    items: [
      { path: paths.admin.catalog, label: '플랫폼·상품' },
      { path: paths.admin.providers, label: '공급사' },
    ],
  },
  {
    label: '콘텐츠',
    items: [
      { path: paths.admin.notices, label: '공지사항' },
      { path: paths.admin.faq, label: 'FAQ' },
      { path: paths.admin.popups, label: '팝업' },
      { path: paths.admin.registerRoutes, label: '가입 경로' },
      { path: paths.admin.savedAnswers, label: '자주 쓰는 답변' },
    ],
  },
  {
    label: '시스템',
    items: [
      { path: paths.admin.settings, label: '사이트 설정' },
      { path: paths.admin.notifications, label: '알림' },
      { path: paths.admin.audit, label: '감사 로그' },
    ],
  },
];

/** The Korean title of a console path (the tab shows '충전 신청 · 운영자 콘솔'). */
export function adminTitle(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || paths.admin.dashboard;
  let best: AdminNavItem | undefined;
  for (const item of ADMIN_NAV.flatMap((group) => group.items)) {
    const matches = path === item.path || path.startsWith(`${item.path}/`);
    if (matches && (!best || item.path.length > best.path.length)) best = item;
  }
  return best?.label;
}
