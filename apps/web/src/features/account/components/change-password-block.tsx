import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ACCOUNT_MESSAGES, BROWSE_ONLY_MESSAGE, SessionState, validateChangePassword } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { Card } from '@/components/ui/page';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useChangePassword } from '../api/change-password';

/**
 * Answers (docs/product.md#error-answers): 409 is the wrong current password; a rule the server holds (400)
 * or a rate limit (429) is said in the server's words; anything else is the generic error.
 */
function changePasswordErrorMessage(error: unknown): string {
  if (!isApiError(error)) return ACCOUNT_MESSAGES.UNKNOWN;
  if (error.status === 409) return ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG;
  if ((error.status === 400 || error.status === 429) && error.message) return error.message;
  return ACCOUNT_MESSAGES.UNKNOWN;
}

/** How long the success toast shows before /logout reloads the page. */
const LOGOUT_DELAY_MS = 1200;

const EMPTY = { currentPassword: '', newPassword: '', newPasswordRe: '' };

/**
 * Change password (docs/product.md#account-rules): current, new, re-entry, checked by the domain's rule;
 * while a change is in flight further submissions are ignored; success signs out through /logout.
 */
export function ChangePasswordBlock() {
  const { state } = useSession();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const pending = useRef(false);

  const update = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((prev) => ({ ...prev, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state !== SessionState.AUTHORIZATION) {
      toast.error(BROWSE_ONLY_MESSAGE);
      return;
    }
    if (pending.current) return;
    const invalid = validateChangePassword(form);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    pending.current = true;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_MESSAGES.PASSWORD_CHANGED);
          // /logout reloads the site root, which would wipe the toast at once: let it be read first.
          // The form stays locked meanwhile (pending is never released on success).
          window.setTimeout(() => navigate(paths.logout), LOGOUT_DELAY_MS);
        },
        onError: (error) => {
          toast.error(changePasswordErrorMessage(error));
          pending.current = false;
        },
      },
    );
  };

  return (
    <Card className="account-card">
      <div className="account-card-head">
        <h2 className="account-section-title">비밀번호 변경</h2>
        <p className="account-text">비밀번호를 바꾸면 로그아웃됩니다. 새 비밀번호로 다시 로그인해 주세요.</p>
      </div>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="현재 비밀번호"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={update('currentPassword')}
        />
        <NewPasswordFields
          password={{
            label: '새 비밀번호',
            name: 'newPassword',
            value: form.newPassword,
            onChange: update('newPassword'),
          }}
          again={{
            label: '새 비밀번호 재입력',
            name: 'newPasswordRe',
            value: form.newPasswordRe,
            onChange: update('newPasswordRe'),
          }}
        />
        <div className="account-form-actions">
          <Button type="submit" disabled={change.isPending || change.isSuccess}>
            {change.isPending ? '변경하는 중…' : '비밀번호 변경'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
