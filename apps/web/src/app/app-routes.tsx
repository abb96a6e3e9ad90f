import { Navigate, Route, Routes } from 'react-router';
import { SessionState } from '@smm/domain';
import { ComingSoonPage } from '@/components/ui/page';
import { useSession } from '@/lib/session/session-context';
import { AccountRoute } from '@/features/account/routes/account';
import { ApiDocsRoute } from '@/features/api-docs/routes/api-docs';
import { FindIdRoute } from '@/features/auth/routes/find-id';
import { FindPasswordRoute } from '@/features/auth/routes/find-password';
import { LoginRoute } from '@/features/auth/routes/login';
import { LogoutRoute } from '@/features/auth/routes/logout';
import { NaverCallbackRoute } from '@/features/auth/routes/naver-callback';
import { RegisterRoute } from '@/features/auth/routes/register';
import { ResetPasswordRoute } from '@/features/auth/routes/reset-password';
import { SocialRegisterRoute } from '@/features/auth/routes/social-register';
import { PrivacyPolicyRoute, TermsOfServiceRoute } from '@/features/content/routes/terms';
import { AutoOrderHistoryRoute } from '@/features/history/routes/auto-order-history';
import { OrderHistoryRoute } from '@/features/history/routes/order-history';
import { OrderRoute } from '@/features/order/routes/order';
import { PointRoute } from '@/features/point/routes/point';
import { AppLayout, LandingPage } from './layouts';

/** Route groups of SPEC.md §2: public, signed-out (UN_AUTHORIZATION), signed-in (AUTHORIZATION or GUEST). */
export function AppRoutes() {
  const { state } = useSession();
  // SPEC.md §2: while the session is loading nothing is rendered.
  if (state === SessionState.LOADING) return null;
  const signedIn = state === SessionState.AUTHORIZATION || state === SessionState.GUEST;

  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
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
            <Route path="/qna" element={<ComingSoonPage title="자주 묻는 질문" />} />
            <Route path="/order-history" element={<OrderHistoryRoute />} />
            <Route path="/auto-order-history" element={<AutoOrderHistoryRoute />} />
            <Route path="/api" element={<ApiDocsRoute />} />
            <Route path="/guide" element={<ComingSoonPage title="링크 입력 가이드" />} />
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
