import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { REGISTER_HINTS, REGISTER_MESSAGES, validateRegister } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { errorMessage } from '@/lib/api-client';
import { deviceToken } from '@/lib/device-token';
import { paths } from '@/lib/paths';
import { useSiteSettings } from '@/lib/site-settings';
import { useRegister, type RegisterPayload } from '../api/register';
import { CodeSendField } from './code-send-field';
import { SignUpExtraFields } from './sign-up-extra-fields';
import { useEmailCodeSender, usePhoneCodeSender } from './use-code-sender';
import './auth.css';

interface RegisterFormState extends Omit<RegisterPayload, 'device'> {
  passwordRe: string;
}

const EMPTY_FORM: RegisterFormState = {
  id: '',
  password: '',
  passwordRe: '',
  email: '',
  registerWhere: '',
  phoneNumber: '',
  sendCode: '',
  referral: '',
  emailCode: '',
};

/** The `ref` of a shared link as a code (letters and digits, at most 20), else nothing. */
function referralFromLink(ref: string | null): string {
  const code = (ref ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{1,20}$/.test(code) ? code : '';
}

/** Plain sign-up (docs/product.md#login-and-sign-up), checked by the domain's validateRegister in order. */
export function RegisterForm() {
  const navigate = useNavigate();
  const { settings } = useSiteSettings();
  const registerMutation = useRegister();
  const emailCode = useEmailCodeSender();
  const phoneCode = usePhoneCodeSender();
  // A shared link (`/register?ref=CODE`, the account page's) fills the referral code in.
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState<RegisterFormState>(() => ({
    ...EMPTY_FORM,
    referral: referralFromLink(searchParams.get('ref')),
  }));
  // A ref, not state: two clicks in the same tick must not both reach the server.
  const submittingRef = useRef(false);

  const emailVerifyEnabled = settings.flag('ENABLE_EMAIL_VERIFY');
  const phoneEnabled = settings.flag('ENABLE_PHONE_NUMBER');
  const referralEnabled = settings.flag('ENABLE_REFERRAL');

  const set = (key: keyof RegisterFormState) => (value: string) =>
    setForm((prev) => ({ ...prev, [key]: value }));
  const update = (key: keyof RegisterFormState) => (event: { target: { value: string } }) =>
    set(key)(event.target.value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    const invalid = validateRegister(form, {
      emailVerifyEnabled,
      phoneEnabled,
      emailCodeSent: emailCode.sent,
      phoneCodeSent: phoneCode.sent,
    });
    if (invalid) {
      toast.error(invalid);
      return;
    }
    const { passwordRe: _formOnly, ...payload } = form;
    submittingRef.current = true;
    registerMutation.mutate(
      { ...payload, device: deviceToken() },
      {
        onSuccess: () => {
          toast.success(REGISTER_MESSAGES.SUCCESS);
          navigate(paths.login);
        },
        onError: (error) => toast.error(errorMessage(error, REGISTER_MESSAGES.FAILED)),
        onSettled: () => {
          submittingRef.current = false;
        },
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="아이디"
        name="id"
        autoComplete="username"
        hint={REGISTER_HINTS.ID}
        value={form.id}
        onChange={update('id')}
      />
      <NewPasswordFields
        password={{ label: '비밀번호', name: 'password', value: form.password, onChange: update('password') }}
        again={{
          label: '비밀번호 재입력',
          name: 'passwordRe',
          value: form.passwordRe,
          onChange: update('passwordRe'),
        }}
      />
      <CodeSendField
        label="이메일"
        name="email"
        input={{ type: 'email', autoComplete: 'email', placeholder: 'example@email.com' }}
        hint="비밀번호를 잃어버렸을 때 사용됩니다."
        value={form.email}
        onChange={set('email')}
        verify={emailVerifyEnabled}
        sent={emailCode.sent}
        pending={emailCode.pending}
        onSend={() => emailCode.send(form.email)}
        onChangeAddress={() => {
          emailCode.reset();
          set('emailCode')('');
        }}
        codeLabel="이메일 인증코드"
        codeName="emailCode"
        codeValue={form.emailCode}
        onCodeChange={set('emailCode')}
      />
      <SignUpExtraFields
        values={form}
        set={set}
        phoneEnabled={phoneEnabled}
        referralEnabled={referralEnabled}
        phoneCode={phoneCode}
      />
      <Button type="submit" size="lg" block disabled={registerMutation.isPending}>
        회원가입
      </Button>
    </form>
  );
}
