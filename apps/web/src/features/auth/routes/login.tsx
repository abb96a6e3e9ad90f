import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  return (
    <AuthCard title="로그인" description="다시 오신 것을 환영합니다.">
      <LoginForm />
    </AuthCard>
  );
}
