import './auth.css';

interface SocialButtonsProps {
  naver: boolean;
  kakao: boolean;
  naverLabel: string;
  kakaoLabel: string;
  onNaver: () => void;
  onKakao: () => void;
}

/** Provider buttons, each shown only when its ENABLE_SNS_* flag is on (docs/product.md#login-and-sign-up). */
export function SocialButtons({
  naver,
  kakao,
  naverLabel,
  kakaoLabel,
  onNaver,
  onKakao,
}: SocialButtonsProps) {
  if (!naver && !kakao) return null;
  return (
    <div className="social-buttons">
      <div className="auth-divider">
        <span>또는</span>
      </div>
      {naver && (
        <button type="button" className="social-btn social-naver" onClick={onNaver}>
          <span className="social-mark" aria-hidden>
            N
          </span>
          {naverLabel}
        </button>
      )}
      {kakao && (
        <button type="button" className="social-btn social-kakao" onClick={onKakao}>
          <span className="social-mark" aria-hidden>
            K
          </span>
          {kakaoLabel}
        </button>
      )}
    </div>
  );
}
