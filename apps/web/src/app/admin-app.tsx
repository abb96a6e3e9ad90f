import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { adminRoutePath, paths } from '@/lib/paths';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminStatus } from '@/features/admin/components/admin-page';
import { useWaitingCount } from '@/features/admin-inquiries/api/admin-inquiries-api';

// Each console screen is its own chunk inside the console's (which members never download): the
// dashboard's chart library loads only with the dashboard.
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
const DashboardScreen = screen(
  () => import('@/features/admin-dashboard/dashboard-screen'),
  'DashboardScreen',
);
const ChargesScreen = screen(() => import('@/features/admin-points/charges-screen'), 'ChargesScreen');
const DepositsScreen = screen(() => import('@/features/admin-points/deposits-screen'), 'DepositsScreen');
const ReceiptsScreen = screen(() => import('@/features/admin-points/receipts-screen'), 'ReceiptsScreen');
const CatalogScreen = screen(() => import('@/features/admin-catalog/catalog-screen'), 'CatalogScreen');
const ProvidersScreen = screen(() => import('@/features/admin-catalog/providers-screen'), 'ProvidersScreen');
const OrdersScreen = screen(() => import('@/features/admin-orders/orders-screen'), 'OrdersScreen');
const MembersScreen = screen(() => import('@/features/admin-members/members-screen'), 'MembersScreen');
// A member's page with the points area's ledger in its 포인트 tab and the pricing area's 등급·단가 tab:
// the modules load together, as one screen.
const MemberDetailScreen = lazy(async () => {
  const [{ MemberDetailScreen: Screen }, { MemberLedgerPanel }, { MemberPricingPanel }] = await Promise.all([
    import('@/features/admin-members/member-detail-screen'),
    import('@/features/admin-points/member-ledger-panel'),
    import('@/features/admin-pricing/member-pricing-panel'),
  ]);
  const pointsPanel = (loginId: string) => <MemberLedgerPanel loginId={loginId} />;
  const pricingPanel = (loginId: string) => <MemberPricingPanel loginId={loginId} />;
  return { default: () => <Screen pointsPanel={pointsPanel} pricingPanel={pricingPanel} /> };
});
const InquiriesScreen = screen(
  () => import('@/features/admin-inquiries/inquiries-screen'),
  'InquiriesScreen',
);
// An inquiry's thread with the orders and points areas' actions on its linked order or charge, the
// member area's image (fetched with the token) and 자주 쓰는 답변's picker: the modules load together,
// as one screen.
const InquiryThreadScreen = lazy(async () => {
  const [
    { InquiryThreadScreen: Screen },
    { LinkedOrderActions },
    { LinkedChargeActions },
    { InquiryImage },
    { SavedAnswerPicker },
  ] = await Promise.all([
    import('@/features/admin-inquiries/inquiry-thread-screen'),
    import('@/features/admin-orders/linked-order-actions'),
    import('@/features/admin-points/linked-charge-actions'),
    import('@/features/inquiries/components/inquiry-parts'),
    import('@/features/admin-saved-answers/saved-answer-picker'),
  ]);
  return {
    default: () => (
      <Screen
        orderActions={(order, onChanged) => <LinkedOrderActions order={order} onChanged={onChanged} />}
        chargeActions={(charge, onChanged) => <LinkedChargeActions charge={charge} onChanged={onChanged} />}
        image={(url) => <InquiryImage url={url} />}
        answerPicker={(onPick) => <SavedAnswerPicker onPick={onPick} />}
      />
    ),
  };
});
const GradesScreen = screen(() => import('@/features/admin-pricing/grades-screen'), 'GradesScreen');
const NoticesScreen = screen(() => import('@/features/admin-content/notices-screen'), 'NoticesScreen');
const FaqScreen = screen(() => import('@/features/admin-content/faq-screen'), 'FaqScreen');
const PopupsScreen = screen(() => import('@/features/admin-content/popups-screen'), 'PopupsScreen');
const RegisterRoutesScreen = screen(
  () => import('@/features/admin-content/register-routes-screen'),
  'RegisterRoutesScreen',
);
const SavedAnswersScreen = screen(
  () => import('@/features/admin-content/saved-answers-screen'),
  'SavedAnswersScreen',
);
const SettingsScreen = screen(() => import('@/features/admin-settings/settings-screen'), 'SettingsScreen');
const AuditScreen = screen(() => import('@/features/admin-audit/audit-screen'), 'AuditScreen');
const RewardsScreen = screen(() => import('@/features/admin-rewards/rewards-screen'), 'RewardsScreen');
const WatchScreen = screen(() => import('@/features/admin-dashboard/watch/watch-screen'), 'WatchScreen');
const NotificationsScreen = screen(
  () => import('@/features/admin-notifications/notifications-screen'),
  'NotificationsScreen',
);

/** The operator console under /admin (app-routes.tsx mounts it for operators only). */
export function AdminApp({ operatorId }: { operatorId: string }) {
  const waiting = useWaitingCount();
  return (
    <AdminLayout operatorId={operatorId} navCounts={{ [paths.admin.inquiries]: waiting ?? 0 }}>
      <Suspense fallback={<AdminStatus kind="loading" />}>
        <Routes>
          <Route index element={<DashboardScreen />} />
          <Route path={adminRoutePath(paths.admin.watch)} element={<WatchScreen />} />
          <Route path={adminRoutePath(paths.admin.charges)} element={<ChargesScreen />} />
          <Route path={adminRoutePath(paths.admin.deposits)} element={<DepositsScreen />} />
          <Route path={adminRoutePath(paths.admin.receipts)} element={<ReceiptsScreen />} />
          <Route path={adminRoutePath(paths.admin.catalog)} element={<CatalogScreen />} />
          <Route path={adminRoutePath(paths.admin.providers)} element={<ProvidersScreen />} />
          <Route path={adminRoutePath(paths.admin.orders)} element={<OrdersScreen />} />
          <Route path={adminRoutePath(paths.admin.members)} element={<MembersScreen />} />
          <Route path={`${adminRoutePath(paths.admin.members)}/:loginId`} element={<MemberDetailScreen />} />
          <Route path={adminRoutePath(paths.admin.inquiries)} element={<InquiriesScreen />} />
          <Route path={`${adminRoutePath(paths.admin.inquiries)}/:id`} element={<InquiryThreadScreen />} />
          <Route path={adminRoutePath(paths.admin.grades)} element={<GradesScreen />} />
          <Route path={adminRoutePath(paths.admin.notices)} element={<NoticesScreen />} />
          <Route path={adminRoutePath(paths.admin.faq)} element={<FaqScreen />} />
          <Route path={adminRoutePath(paths.admin.popups)} element={<PopupsScreen />} />
          <Route path={adminRoutePath(paths.admin.registerRoutes)} element={<RegisterRoutesScreen />} />
          <Route path={adminRoutePath(paths.admin.savedAnswers)} element={<SavedAnswersScreen />} />
          <Route path={adminRoutePath(paths.admin.settings)} element={<SettingsScreen />} />
          <Route path={adminRoutePath(paths.admin.audit)} element={<AuditScreen />} />
          <Route path={adminRoutePath(paths.admin.referralRewards)} element={<RewardsScreen />} />
          <Route path={adminRoutePath(paths.admin.notifications)} element={<NotificationsScreen />} />
          <Route path="*" element={<Navigate to={paths.admin.dashboard} replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
