import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SessionState } from '@smm/domain';
import { SITE_NAME, useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import { LogoutRoute } from '@/features/auth/routes/logout';
import { AppLayout, LandingPage } from './layouts';
import { lazyScreen } from './lazy-screen';

// Every screen but the landing (the first load that matters most, kept in the entry) and the tiny logout
// is its own chunk, fetched when its route is first shown.
const AccountRoute = lazyScreen(() =>
  import('@/features/account/routes/account').then((m) => ({ default: m.AccountRoute })),
);
const ApiDocsRoute = lazyScreen(() =>
  import('@/features/api-docs/routes/api-docs').then((m) => ({ default: m.ApiDocsRoute })),
);
const FindIdRoute = lazyScreen(() =>
  import('@/features/auth/routes/find-id').then((m) => ({ default: m.FindIdRoute })),
);
const FindPasswordRoute = lazyScreen(() =>
  import('@/features/auth/routes/find-password').then((m) => ({ default: m.FindPasswordRoute })),
);
const LoginRoute = lazyScreen(() =>
  import('@/features/auth/routes/login').then((m) => ({ default: m.LoginRoute })),
);
const NaverCallbackRoute = lazyScreen(() =>
  import('@/features/auth/routes/naver-callback').then((m) => ({ default: m.NaverCallbackRoute })),
);
const RegisterRoute = lazyScreen(() =>
  import('@/features/auth/routes/register').then((m) => ({ default: m.RegisterRoute })),
);
const ResetPasswordRoute = lazyScreen(() =>
  import('@/features/auth/routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const SocialRegisterRoute = lazyScreen(() =>
  import('@/features/auth/routes/social-register').then((m) => ({ default: m.SocialRegisterRoute })),
);
const TermsOfServiceRoute = lazyScreen(() =>
  import('@/features/content/routes/terms').then((m) => ({ default: m.TermsOfServiceRoute })),
);
const PrivacyPolicyRoute = lazyScreen(() =>
  import('@/features/content/routes/terms').then((m) => ({ default: m.PrivacyPolicyRoute })),
);
const AutoOrderHistoryRoute = lazyScreen(() =>
  import('@/features/history/routes/auto-order-history').then((m) => ({ default: m.AutoOrderHistoryRoute })),
);
const OrderHistoryRoute = lazyScreen(() =>
  import('@/features/history/routes/order-history').then((m) => ({ default: m.OrderHistoryRoute })),
);
const OrderRoute = lazyScreen(() =>
  import('@/features/order/routes/order').then((m) => ({ default: m.OrderRoute })),
);
const MassOrderRoute = lazyScreen(() =>
  import('@/features/mass-order/routes/mass-order').then((m) => ({ default: m.MassOrderRoute })),
);
const PointRoute = lazyScreen(() =>
  import('@/features/points/routes/point').then((m) => ({ default: m.PointRoute })),
);
const InquiriesRoute = lazyScreen(() =>
  import('@/features/inquiries/routes/inquiries').then((m) => ({ default: m.InquiriesRoute })),
);
const InquiryThreadRoute = lazyScreen(() =>
  import('@/features/inquiries/routes/inquiry-thread').then((m) => ({ default: m.InquiryThreadRoute })),
);
const GuideRoute = lazyScreen(() =>
  import('@/features/guide/routes/guide').then((m) => ({ default: m.GuideRoute })),
);
// The operator console: its own chunk, requested only once the session says the caller is an operator.
const AdminApp = lazyScreen(() => import('@/app/admin-app').then((m) => ({ default: m.AdminApp })));
const FaqRoute = lazyScreen(() => import('@/features/faq/routes/faq').then((m) => ({ default: m.FaqRoute })));

/** The Korean title of each page (the tab shows '주문하기 · SMM 패널'); the landing's is the site name. */
const ROUTE_TITLES: Record<string, string> = {
  [paths.home]: SITE_NAME,
  [paths.order]: '주문하기',
  [paths.massOrder]: '대량 주문',
  [paths.point]: '포인트 충전',
  [paths.apiDocs]: 'API 문서',
  [paths.account]: '계정설정',
  [paths.login]: '로그인',
  [paths.register]: '회원가입',
  [paths.socialRegister('naver')]: '회원가입',
  [paths.socialRegister('kakao')]: '회원가입',
  [paths.findId]: '아이디 찾기',
  [paths.findPassword]: '비밀번호 찾기',
  [paths.resetPassword]: '비밀번호 재설정',
  [paths.orderHistory]: '주문내역',
  [paths.autoOrderHistory]: '자동주문내역',
  [paths.qna]: '자주 묻는 질문',
  [paths.guide]: '링크 입력 가이드',
  [paths.inquiries]: '1:1 문의',
  [paths.termsOfService]: '이용약관',
  [paths.privacyPolicy]: '개인정보처리방침',
  [paths.naverCallback]: '네이버 로그인',
  [paths.logout]: '로그아웃',
};

/** Route paths match without regard to case or a trailing slash; so does the title. */
export function routeTitle(pathname: string): string | null | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  // The console titles its own screens (features/admin), so its labels stay out of the members' entry.
  if (path === paths.admin.dashboard || path.startsWith(`${paths.admin.dashboard}/`)) return null;
  const title = ROUTE_TITLES[path];
  return title === SITE_NAME ? undefined : title;
}

const FIRST_SCREEN: Record<string, () => unknown> = {
  [paths.order]: OrderRoute.preload,
  [paths.point]: PointRoute.preload,
  [paths.login]: LoginRoute.preload,
};
// The first screen's chunk is fetched while the session's profile call is in flight (nothing renders
// until it answers), not after it: no extra round trip on a direct visit to the pages people open most.
FIRST_SCREEN[window.location.pathname]?.();

/**
 * Route groups (docs/product.md#routes): public, signed-out (UN_AUTHORIZATION), signed-in (AUTHORIZATION or
 * GUEST).
 */
export function AppRoutes() {
  const { state, profile } = useSession();
  const { settings, isLoaded: settingsLoaded } = useSiteSettings();
  useDocumentTitle(routeTitle(useLocation().pathname));
  // While the session is loading nothing is rendered (docs/product.md#routes).
  if (state === SessionState.LOADING) return null;
  const signedIn = state === SessionState.AUTHORIZATION || state === SessionState.GUEST;
  // /qna exists only with ENABLE_QNA on (docs/product.md#routes); otherwise it falls through to the redirect
  // (not before the settings have answered, so a direct visit is not sent away while the flag is unknown).
  const qnaRoute = settingsLoaded ? settings.flag('ENABLE_QNA') && <FaqRoute /> : null;

  return (
    <Routes>
      <Route path={paths.home} element={<LandingPage />} />
      {state === SessionState.AUTHORIZATION && profile?.role === 'admin' && (
        <Route path={`${paths.admin.dashboard}/*`} element={<AdminApp operatorId={profile.id} />} />
      )}
      {!signedIn && <Route path={paths.naverCallback} element={<NaverCallbackRoute />} />}
      {signedIn && <Route path={paths.logout} element={<LogoutRoute />} />}
      <Route element={<AppLayout />}>
        <Route path={paths.termsOfService} element={<TermsOfServiceRoute />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyRoute />} />
        <Route path={paths.order} element={<OrderRoute />} />
        {signedIn ? (
          <>
            <Route path={paths.massOrder} element={<MassOrderRoute />} />
            <Route path={paths.point} element={<PointRoute />} />
            <Route path={paths.account} element={<AccountRoute />} />
            {qnaRoute !== false && <Route path={paths.qna} element={qnaRoute} />}
            <Route path={paths.orderHistory} element={<OrderHistoryRoute />} />
            <Route path={paths.autoOrderHistory} element={<AutoOrderHistoryRoute />} />
            <Route path={paths.apiDocs} element={<ApiDocsRoute />} />
            <Route path={paths.guide} element={<GuideRoute />} />
            <Route path={paths.inquiries} element={<InquiriesRoute />} />
            <Route path={`${paths.inquiries}/:id`} element={<InquiryThreadRoute />} />
          </>
        ) : (
          <>
            <Route path={paths.login} element={<LoginRoute />} />
            <Route path={paths.register} element={<RegisterRoute />} />
            <Route path={paths.socialRegister('naver')} element={<SocialRegisterRoute provider="naver" />} />
            <Route path={paths.socialRegister('kakao')} element={<SocialRegisterRoute provider="kakao" />} />
            <Route path={paths.findId} element={<FindIdRoute />} />
            <Route path={paths.findPassword} element={<FindPasswordRoute />} />
            <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
          </>
        )}
        <Route path="*" element={<Navigate to={paths.order} replace />} />
      </Route>
    </Routes>
  );
}
