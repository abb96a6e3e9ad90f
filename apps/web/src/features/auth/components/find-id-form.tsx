import { useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ACCOUNT_MESSAGES, validateEmailForCode, withParticle } from '@smm/domain';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useFindId } from '../api/find-id';
import './auth.css';

/**
 * Find id (docs/product.md#account-recovery): an e-mail in, the member's id (masked) out; the full id is
 * mailed.
 */
export function FindIdForm() {
  const findId = useFindId();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (findId.isPending) return;
    const invalid = validateEmailForCode(email);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    findId.mutate(
      { email },
      {
        onSuccess: ({ userId }) => setFound(userId),
        onError: (error) => toast.error(errorMessage(error, ACCOUNT_MESSAGES.UNKNOWN)),
      },
    );
  };

  if (found !== null) {
    return (
      <div className="auth-form">
        <div className="auth-result" role="status">
          <CheckCircle2 size={28} aria-hidden />
          <p>가입된 아이디를 찾았습니다.</p>
          <strong className="auth-result-value">{found}</strong>
          <span>
            개인정보 보호를 위해 일부를 가렸습니다. 전체 아이디는 {withParticle(email, '으로/로')}{' '}
            보내드렸습니다.
          </span>
        </div>
        <ButtonLink to={paths.login} size="lg" block>
          로그인하기
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
      <Button type="submit" size="lg" block disabled={findId.isPending}>
        아이디 찾기
      </Button>
    </form>
  );
}
