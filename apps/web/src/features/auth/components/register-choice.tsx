import { UserPlus } from 'lucide-react';
import { SocialButtons } from './social-buttons';
import { useSocialLogin } from './use-social-login';
import './auth.css';

/**
 * With a social sign-up flag on, the visitor first picks how to sign up (docs/product.md#login-and-sign-up).
 * A provider choice starts that provider's sign-in: an account not yet a member comes back as a 404 and
 * continues on /register/<provider>; one that is a member is simply signed in.
 */
export function RegisterChoice({
  naver,
  kakao,
  onGeneral,
}: {
  naver: boolean;
  kakao: boolean;
  onGeneral: () => void;
}) {
  const social = useSocialLogin({ naver, kakao });
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
        onNaver={social.startNaver}
        onKakao={social.startKakao}
      />
    </div>
  );
}
