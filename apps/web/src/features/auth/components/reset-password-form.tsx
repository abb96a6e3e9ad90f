import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ACCOUNT_MESSAGES, validateResetPassword } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/reset-password';
import './auth.css';

/** Reset password (docs/product.md#account-recovery): two fields and a button; success goes to /. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [passwordRe, setPasswordRe] = useState('');
  const submittingRef = useRef(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    const invalid = validateResetPassword({ password, passwordRe });
    if (invalid) {
      toast.error(invalid);
      return;
    }
    submittingRef.current = true;
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_MESSAGES.PASSWORD_RESET);
          navigate(paths.home);
        },
        onError: (error) => toast.error(errorMessage(error, ACCOUNT_MESSAGES.UNKNOWN)),
        onSettled: () => {
          submittingRef.current = false;
        },
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <NewPasswordFields
        password={{
          label: '새 비밀번호',
          name: 'password',
          value: password,
          onChange: (event) => setPassword(event.target.value),
        }}
        again={{
          label: '새 비밀번호 확인',
          name: 'passwordRe',
          value: passwordRe,
          onChange: (event) => setPasswordRe(event.target.value),
        }}
      />
      <Button type="submit" size="lg" block disabled={resetPassword.isPending}>
        비밀번호 재설정
      </Button>
    </form>
  );
}
