import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import type { SocialProvider } from '../api/register-social';
import { AuthCard } from '../components/auth-card';
import { SocialRegisterForm } from '../components/social-register-form';

const PROVIDER_NAMES: Record<SocialProvider, string> = { naver: '네이버', kakao: '카카오' };

function providerTokenOf(state: unknown): string | null {
  const token = (state as { accessToken?: unknown } | null)?.accessToken;
  return typeof token === 'string' && token ? token : null;
}

/**
 * /register/naver and /register/kakao (docs/product.md#login-and-sign-up). The provider's token arrives in
 * the navigation state from the social login's 404; without it (a typed URL, a reload in another tab) there
 * is nothing to register, so the visitor goes back to /register.
 */
export function SocialRegisterRoute({ provider }: { provider: SocialProvider }) {
  const location = useLocation();
  const accessToken = providerTokenOf(location.state);
  if (!accessToken) return <Navigate to={paths.register} replace />;
  const name = PROVIDER_NAMES[provider];

  return (
    <AuthCard
      title={`${name} 회원가입`}
      description={`${name} 계정으로 가입을 마무리합니다. 몇 가지만 확인해 주세요.`}
    >
      <p className={`social-register-badge is-${provider}`}>
        <span className="social-mark" aria-hidden>
          {provider === 'naver' ? 'N' : 'K'}
        </span>
        {name} 계정으로 가입합니다
      </p>
      <SocialRegisterForm provider={provider} accessToken={accessToken} />
      <p className="auth-switch auth-footnote">
        이미 계정이 있으신가요? <Link to={paths.login}>로그인</Link>
      </p>
    </AuthCard>
  );
}
