import { UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { SocialButtons } from './social-buttons';
import './auth.css';

/** With a social sign-up flag on, the visitor first picks how to sign up (SPEC.md §2 screen 3). */
export function RegisterChoice({
  naver,
  kakao,
  onGeneral,
}: {
  naver: boolean;
  kakao: boolean;
  onGeneral: () => void;
}) {
  const navigate = useNavigate();
  return (
    <div className="auth-form">
      <button type="button" className="choice-btn" onClick={onGeneral}>
        <UserPlus size={20} aria-hidden />
        일반 회원가입
      </button>
      <SocialButtons
        naver={naver}
        kakao={kakao}
        naverLabel="네이버로 가입하기"
        kakaoLabel="카카오로 가입하기"
        onNaver={() => navigate('/register/naver')}
        onKakao={() => navigate('/register/kakao')}
      />
    </div>
  );
}
