import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ACCOUNT_MESSAGES, LOGIN_MESSAGES, STORAGE_KEYS, validateLogin } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import { useLogin } from '../api/login';
import { SocialButtons } from './social-buttons';
import { useSocialLogin } from './use-social-login';
import './auth.css';

/** Login errors by HTTP status (docs/product.md#error-answers); 429 carries the server's own wording. */
function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_MESSAGES.UNKNOWN;
  if (error.status === 400) return LOGIN_MESSAGES.BAD_FORM;
  if (error.status === 404) return LOGIN_MESSAGES.WRONG_CREDENTIALS;
  if (error.status === 429 && error.message) return error.message;
  // Told only after the password matched (an operator suspended the account): the server's wording.
  if (error.code === 'ACCOUNT_SUSPENDED' && error.message) return error.message;
  return LOGIN_MESSAGES.UNKNOWN;
}

export function LoginForm() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { settings } = useSiteSettings();
  const loginMutation = useLogin();
  const naver = settings.flag('ENABLE_SNS_NAVER');
  const kakao = settings.flag('ENABLE_SNS_KAKAO');
  const social = useSocialLogin({ naver, kakao });
  const [id, setId] = useState(() => localStorage.getItem(STORAGE_KEYS.REMEMBERED_ID) ?? '');
  const [password, setPassword] = useState('');
  const [rememberId, setRememberId] = useState(
    () => localStorage.getItem(STORAGE_KEYS.REMEMBERED_ID) !== null,
  );
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateLogin({ id, password });
    if (invalid) {
      toast.error(invalid);
      return;
    }
    setSubmitting(true);
    try {
      const { accessToken } = await loginMutation.mutateAsync({ id, password });
      if (rememberId) localStorage.setItem(STORAGE_KEYS.REMEMBERED_ID, id);
      else localStorage.removeItem(STORAGE_KEYS.REMEMBERED_ID);
      await signIn(accessToken);
      toast.success(ACCOUNT_MESSAGES.LOGIN_SUCCESS);
      navigate(paths.order);
    } catch (error) {
      toast.error(loginErrorMessage(error));
      setSubmitting(false);
    }
  };

  const emailVerify = settings.flag('ENABLE_EMAIL_VERIFY');

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="아이디"
        name="id"
        autoComplete="username"
        placeholder="아이디를 입력하세요"
        value={id}
        onChange={(e) => setId(e.target.value)}
      />
      <TextField
        label="비밀번호"
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder="비밀번호를 입력하세요"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="auth-row">
        <Checkbox
          label="아이디 저장"
          checked={rememberId}
          onChange={(e) => setRememberId(e.target.checked)}
        />
        {emailVerify && (
          <div className="auth-find-links">
            <Link to={paths.findId}>아이디 찾기</Link>
            <span aria-hidden>·</span>
            <Link to={paths.findPassword}>비밀번호 찾기</Link>
          </div>
        )}
      </div>
      <Button type="submit" size="lg" block disabled={submitting}>
        로그인
      </Button>
      <SocialButtons
        naver={naver}
        kakao={kakao}
        naverLabel="네이버로 로그인"
        kakaoLabel="카카오로 로그인"
        onNaver={social.startNaver}
        onKakao={social.startKakao}
      />
      <p className="auth-switch">
        아직 회원이 아니신가요? <Link to={paths.register}>회원가입</Link>
      </p>
    </form>
  );
}
