import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, isResetTokenUsable } from '@smm/domain';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * /reset-password?token=… (docs/product.md#account-recovery). A token that is missing, unreadable or past its
 * `exp` sends the reader back one page. A link opened from a mail in a new tab has no page behind it, so
 * there the reader goes to the start page instead of staying on a form that cannot work.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = params.get('token');
  // Checked once, on arrival: a form left open past the expiry is answered by the server.
  const [usable] = useState(() => isResetTokenUsable(token, Date.now()));
  const sentBack = useRef(false);

  useEffect(() => {
    if (usable || sentBack.current) return;
    sentBack.current = true;
    toast.error(ACCOUNT_MESSAGES.RESET_LINK_INVALID);
    // The first entry of a tab that has no other (a mail link opened in a new tab): nowhere to go back to.
    if (location.key === 'default' && window.history.length <= 1) navigate(paths.home, { replace: true });
    else navigate(-1);
  }, [usable, location.key, navigate]);

  if (!usable || !token) return null;
  return (
    <AuthCard title="비밀번호 재설정" description="새로 사용할 비밀번호를 입력해 주세요.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
