import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, isResetTokenUsable, RESET_TOKEN_TTL_SECONDS } from '@smm/domain';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * /reset-password?token=… (docs/product.md#account-recovery). A token that is missing, unreadable or past its
 * `exp` gets the reason on the page itself, with the way to a new link. It used to send the
 * reader back with a toast, but a link opened from a mail goes back out of the site (or to a fresh load of
 * the previous page), and the toast went with it: the member was bounced without being told why.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // Checked once, on arrival: a form left open past the expiry is answered by the server.
  const [usable] = useState(() => isResetTokenUsable(token, Date.now()));

  if (!usable || !token) {
    return (
      <AuthCard title="비밀번호 재설정">
        <div className="auth-form">
          <div className="auth-result" role="alert">
            <p>{ACCOUNT_MESSAGES.RESET_LINK_INVALID}</p>
            <span>
              링크는 보낸 뒤 {RESET_TOKEN_TTL_SECONDS / 60}분 동안 한 번만 쓸 수 있습니다. 비밀번호 찾기에서
              새 링크를 받아 주세요.
            </span>
          </div>
          <ButtonLink to={paths.findPassword} size="lg" block>
            새 재설정 링크 받기
          </ButtonLink>
          <ButtonLink to={paths.login} variant="outline" size="lg" block>
            로그인으로 돌아가기
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="비밀번호 재설정" description="새로 사용할 비밀번호를 입력해 주세요.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
