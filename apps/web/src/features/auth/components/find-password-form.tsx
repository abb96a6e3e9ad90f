import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ACCOUNT_MESSAGES, RESET_TOKEN_TTL_SECONDS, validateEmailForCode, withParticle } from '@smm/domain';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useFindPassword } from '../api/find-password';
import './auth.css';

const LINK_MINUTES = RESET_TOKEN_TTL_SECONDS / 60;

/**
 * Find password (docs/product.md#account-recovery): an e-mail in, then word that a reset link was sent. The
 * server answers alike for unknown addresses, so the screen says "if it is registered".
 */
export function FindPasswordForm() {
  const findPassword = useFindPassword();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (findPassword.isPending) return;
    const invalid = validateEmailForCode(email);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    findPassword.mutate(
      { email },
      {
        onSuccess: (answer) => {
          toast.success(answer?.message || ACCOUNT_MESSAGES.FIND_PASSWORD_SENT);
          setSentTo(email);
        },
        onError: (error) => toast.error(errorMessage(error, ACCOUNT_MESSAGES.UNKNOWN)),
      },
    );
  };

  if (sentTo !== null) {
    return (
      <div className="auth-form">
        <div className="auth-result" role="status">
          <MailCheck size={28} aria-hidden />
          <p>{ACCOUNT_MESSAGES.FIND_PASSWORD_SENT}</p>
          <span>
            {withParticle(sentTo, '으로/로')} 가입된 계정이 있으면 비밀번호 재설정 링크를 보내드렸습니다.
            링크는 {LINK_MINUTES}분 동안 한 번만 사용할 수 있습니다. 메일이 보이지 않으면 스팸함도 확인해
            주세요.
          </span>
        </div>
        <ButtonLink to={paths.login} size="lg" block>
          로그인으로 돌아가기
        </ButtonLink>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="이메일"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="가입할 때 입력한 이메일"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" size="lg" block disabled={findPassword.isPending}>
        재설정 링크 받기
      </Button>
    </form>
  );
}
