import { useState } from 'react';
import { Link } from 'react-router';
import { useSiteSettings } from '@/lib/site-settings';
import { RegisterChoice } from '../components/register-choice';
import { RegisterForm } from '../components/register-form';
import '../components/auth.css';

export function RegisterRoute() {
  const { settings } = useSiteSettings();
  const naver = settings.flag('ENABLE_SNS_NAVER');
  const kakao = settings.flag('ENABLE_SNS_KAKAO');
  const [general, setGeneral] = useState(false);
  const showChoice = (naver || kakao) && !general;

  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card-head">
          <h1>{showChoice ? '환영합니다!' : '회원가입'}</h1>
          <p>
            {showChoice ? '가입 방법을 선택해 주세요.' : '몇 가지 정보만 입력하면 바로 시작할 수 있어요.'}
          </p>
        </div>
        {showChoice ? (
          <RegisterChoice naver={naver} kakao={kakao} onGeneral={() => setGeneral(true)} />
        ) : (
          <RegisterForm />
        )}
        <p className="auth-switch" style={{ marginTop: 18 }}>
          이미 계정이 있으신가요? <Link to="/login">로그인</Link>
        </p>
      </div>
    </div>
  );
}
