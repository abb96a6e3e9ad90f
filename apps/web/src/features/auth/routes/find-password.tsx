import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { FindPasswordForm } from '../components/find-password-form';

export function FindPasswordRoute() {
  return (
    <AuthCard
      title="비밀번호 찾기"
      description="가입할 때 입력한 이메일로 비밀번호 재설정 링크를 보내드립니다."
    >
      <FindPasswordForm />
      <p className="auth-switch auth-footnote">
        아이디가 생각나지 않으세요? <Link to={paths.findId}>아이디 찾기</Link>
      </p>
    </AuthCard>
  );
}
