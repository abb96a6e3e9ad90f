import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useSiteSettings } from '@/lib/site-settings';
import { AuthCard } from '../components/auth-card';
import { RegisterChoice } from '../components/register-choice';
import { RegisterForm } from '../components/register-form';

export function RegisterRoute() {
  const { settings } = useSiteSettings();
  const naver = settings.flag('ENABLE_SNS_NAVER');
  const kakao = settings.flag('ENABLE_SNS_KAKAO');
  const [general, setGeneral] = useState(false);
  const showChoice = (naver || kakao) && !general;

  return (
    <AuthCard
      title={showChoice ? '환영합니다!' : '회원가입'}
      description={
        showChoice ? '가입 방법을 선택해 주세요.' : '몇 가지 정보만 입력하면 바로 시작할 수 있어요.'
      }
    >
      {showChoice ? (
        <RegisterChoice naver={naver} kakao={kakao} onGeneral={() => setGeneral(true)} />
      ) : (
        <RegisterForm />
      )}
      <p className="auth-switch auth-footnote">
        이미 계정이 있으신가요? <Link to={paths.login}>로그인</Link>
      </p>
    </AuthCard>
  );
}
