import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { FindIdForm } from '../components/find-id-form';

export function FindIdRoute() {
  return (
    <AuthCard title="아이디 찾기" description="가입할 때 입력한 이메일로 아이디를 찾습니다.">
      <FindIdForm />
      <p className="auth-switch auth-footnote">
        비밀번호가 생각나지 않으세요? <Link to={paths.findPassword}>비밀번호 찾기</Link>
      </p>
    </AuthCard>
  );
}
