import { LoginForm } from '../components/login-form';
import '../components/auth.css';

export function LoginRoute() {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card-head">
          <h1>로그인</h1>
          <p>다시 오신 것을 환영합니다.</p>
        </div>
        <LoginForm />
      </div>
    </div>
  );
}
