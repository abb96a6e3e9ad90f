import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SessionState } from '@smm/domain';
import { SITE_NAME, useDocumentTitle } from '@/lib/document-title';
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
const PointRoute = lazyScreen(() =>
  import('@/features/point/routes/point').then((m) => ({ default: m.PointRoute })),
);
const GuideRoute = lazyScreen(() =>
  import('@/features/guide/routes/guide').then((m) => ({ default: m.GuideRoute })),
);
// The operator console: its own chunk, requested only once the session says the caller is an operator.
const AdminApp = lazyScreen(() =>
  import('@/features/admin/routes/admin-app').then((m) => ({ default: m.AdminApp })),
);
const FaqRoute = lazyScreen(() => import('@/features/faq/routes/faq').then((m) => ({ default: m.FaqRoute })));

/** The Korean title of each page (the tab shows '주문하기 · SMM 패널'); the landing's is the site name. */
export const ROUTE_TITLES: Record<string, string> = {
  '/': SITE_NAME,
  '/order': '주문하기',
  '/point': '포인트 충전',
  '/api': 'API 문서',
  '/account': '계정설정',
  '/login': '로그인',
  '/register': '회원가입',
  '/register/naver': '회원가입',
  '/register/kakao': '회원가입',
  '/find-id': '아이디 찾기',
  '/find-password': '비밀번호 찾기',
  '/reset-password': '비밀번호 재설정',
  '/order-history': '주문내역',
  '/auto-order-history': '자동주문내역',
  '/qna': '자주 묻는 질문',
  '/guide': '링크 입력 가이드',
  '/terms/service': '이용약관',
  '/terms/privacy': '개인정보처리방침',
  '/auth/naver': '네이버 로그인',
  '/logout': '로그아웃',
};

/** Route paths match without regard to case or a trailing slash; so does the title. */
export function routeTitle(pathname: string): string | null | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  // The console titles its own screens (features/admin), so its labels stay out of the members' entry.
  if (path === '/admin' || path.startsWith('/admin/')) return null;
  const title = ROUTE_TITLES[path];
  return title === SITE_NAME ? undefined : title;
}

const FIRST_SCREEN: Record<string, () => unknown> = {
  '/order': OrderRoute.preload,
  '/point': PointRoute.preload,
  '/login': LoginRoute.preload,
};
// The first screen's chunk is fetched while the session's profile call is in flight (nothing renders
// until it answers), not after it: no extra round trip on a direct visit to the pages people open most.
FIRST_SCREEN[window.location.pathname]?.();

/** Route groups of SPEC.md §2: public, signed-out (UN_AUTHORIZATION), signed-in (AUTHORIZATION or GUEST). */
export function AppRoutes() {
  const { state, profile } = useSession();
  const { settings, isLoaded: settingsLoaded } = useSiteSettings();
  useDocumentTitle(routeTitle(useLocation().pathname));
  // SPEC.md §2: while the session is loading nothing is rendered.
  if (state === SessionState.LOADING) return null;
  const signedIn = state === SessionState.AUTHORIZATION || state === SessionState.GUEST;
  // SPEC.md §2: /qna exists only with ENABLE_QNA on; otherwise it falls through to the redirect (not
  // before the settings have answered, so a direct visit is not sent away while the flag is unknown).
  const qnaRoute = settingsLoaded ? settings.flag('ENABLE_QNA') && <FaqRoute /> : null;

  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      {state === SessionState.AUTHORIZATION && profile?.role === 'admin' && (
        <Route path="/admin/*" element={<AdminApp operatorId={profile.id} />} />
      )}
      {!signedIn && <Route path="/auth/naver" element={<NaverCallbackRoute />} />}
      {signedIn && <Route path="/logout" element={<LogoutRoute />} />}
      <Route element={<AppLayout />}>
        <Route path="/terms/service" element={<TermsOfServiceRoute />} />
        <Route path="/terms/privacy" element={<PrivacyPolicyRoute />} />
        <Route path="/order" element={<OrderRoute />} />
        {signedIn ? (
          <>
            <Route path="/point" element={<PointRoute />} />
            <Route path="/account" element={<AccountRoute />} />
            {qnaRoute !== false && <Route path="/qna" element={qnaRoute} />}
            <Route path="/order-history" element={<OrderHistoryRoute />} />
            <Route path="/auto-order-history" element={<AutoOrderHistoryRoute />} />
            <Route path="/api" element={<ApiDocsRoute />} />
            <Route path="/guide" element={<GuideRoute />} />
          </>
        ) : (
          <>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="/register" element={<RegisterRoute />} />
            <Route path="/register/naver" element={<SocialRegisterRoute provider="naver" />} />
            <Route path="/register/kakao" element={<SocialRegisterRoute provider="kakao" />} />
            <Route path="/find-id" element={<FindIdRoute />} />
            <Route path="/find-password" element={<FindPasswordRoute />} />
            <Route path="/reset-password" element={<ResetPasswordRoute />} />
          </>
        )}
        <Route path="*" element={<Navigate to="/order" replace />} />
      </Route>
    </Routes>
  );
}
