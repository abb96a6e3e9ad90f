import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  PHONE_NUMBER_LENGTH,
  REGISTER_HINTS,
  REGISTER_MESSAGES,
  SEND_CODE_MESSAGES,
  validateEmailForCode,
  validatePhoneForCode,
  validateRegister,
  VERIFICATION_CODE_LENGTH,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSiteSettings } from '@/lib/site-settings';
import { useRegister, type RegisterPayload } from '../api/register';
import { useRegisterWhere } from '../api/get-register-where';
import { useSendEmailCode, useSendPhoneCode } from '../api/send-verification-code';
import './auth.css';

interface RegisterFormState extends RegisterPayload {
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

/** SPEC.md §8 "Send phone code" / "Send e-mail code": the toast depends on the HTTP status alone. */
function sendCodeErrorMessage(error: unknown, existsMessage: string): string {
  if (isApiError(error)) {
    if (error.status === 400) return SEND_CODE_MESSAGES.BAD_FORM;
    if (error.status === 409) return existsMessage;
  }
  return SEND_CODE_MESSAGES.FAILED;
}

/** Plain sign-up (SPEC.md §2 screen 3), checked by the domain's validateRegister in §5's order. */
export function RegisterForm() {
  const navigate = useNavigate();
  const { settings } = useSiteSettings();
  const registerWhere = useRegisterWhere();
  const registerMutation = useRegister();
  const sendEmail = useSendEmailCode();
  const sendPhone = useSendPhoneCode();
  const [form, setForm] = useState<RegisterFormState>(EMPTY_FORM);
  // A code counts as sent once its send call succeeded; the mutation keeps that state.
  const emailSent = sendEmail.isSuccess;
  const phoneSent = sendPhone.isSuccess;
  // A ref, not state: two clicks in the same tick must not both reach the server.
  const submittingRef = useRef(false);

  const emailVerifyEnabled = settings.flag('ENABLE_EMAIL_VERIFY');
  const phoneEnabled = settings.flag('ENABLE_PHONE_NUMBER');
  const referralEnabled = settings.flag('ENABLE_REFERRAL');

  const update = (key: keyof RegisterFormState) => (event: { target: { value: string } }) =>
    setForm((prev) => ({ ...prev, [key]: event.target.value }));

  /** Checks the address with the domain rule, then sends; on success the code field appears. */
  const sendCode = (
    mutation: typeof sendEmail | typeof sendPhone,
    value: string,
    invalid: string | null,
    sentMessage: string,
    existsMessage: string,
  ) => {
    if (invalid) {
      toast.error(invalid);
      return;
    }
    mutation.mutate(value, {
      onSuccess: () => toast.success(sentMessage),
      onError: (error) => toast.error(sendCodeErrorMessage(error, existsMessage)),
    });
  };
  const onSendEmailCode = () =>
    sendCode(
      sendEmail,
      form.email,
      validateEmailForCode(form.email),
      SEND_CODE_MESSAGES.EMAIL_SENT,
      SEND_CODE_MESSAGES.EMAIL_EXISTS,
    );
  const onSendPhoneCode = () =>
    sendCode(
      sendPhone,
      form.phoneNumber,
      validatePhoneForCode(form.phoneNumber),
      SEND_CODE_MESSAGES.PHONE_SENT,
      SEND_CODE_MESSAGES.PHONE_EXISTS,
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    const invalid = validateRegister(form, {
      emailVerifyEnabled,
      phoneEnabled,
      emailCodeSent: emailSent,
      phoneCodeSent: phoneSent,
    });
    if (invalid) {
      toast.error(invalid);
      return;
    }
    const { passwordRe: _formOnly, ...payload } = form;
    submittingRef.current = true;
    registerMutation.mutate(payload, {
      onSuccess: () => {
        toast.success(REGISTER_MESSAGES.SUCCESS);
        navigate('/login');
      },
      onError: (error) => toast.error(errorMessage(error, REGISTER_MESSAGES.FAILED)),
      onSettled: () => {
        submittingRef.current = false;
      },
    });
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
      <TextField
        label="비밀번호"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={REGISTER_HINTS.PASSWORD}
        value={form.password}
        onChange={update('password')}
      />
      <TextField
        label="비밀번호 재입력"
        name="passwordRe"
        type="password"
        autoComplete="new-password"
        value={form.passwordRe}
        onChange={update('passwordRe')}
      />
      <TextField
        label="이메일"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="example@email.com"
        hint="비밀번호를 잃어버렸을 때 사용됩니다."
        value={form.email}
        onChange={update('email')}
        disabled={emailSent}
        addon={
          emailVerifyEnabled && (
            <Button variant="outline" onClick={onSendEmailCode} disabled={emailSent || sendEmail.isPending}>
              인증코드 전송
            </Button>
          )
        }
      />
      {emailVerifyEnabled && emailSent && (
        <TextField
          label="이메일 인증코드"
          name="emailCode"
          inputMode="text"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="인증코드 5자"
          value={form.emailCode}
          onChange={update('emailCode')}
        />
      )}
      {phoneEnabled && (
        <TextField
          label="휴대전화 번호"
          name="phoneNumber"
          type="tel"
          inputMode="numeric"
          placeholder="01012345678"
          maxLength={PHONE_NUMBER_LENGTH}
          value={form.phoneNumber}
          onChange={update('phoneNumber')}
          disabled={phoneSent}
          addon={
            <Button variant="outline" onClick={onSendPhoneCode} disabled={phoneSent || sendPhone.isPending}>
              인증코드 전송
            </Button>
          }
        />
      )}
      {phoneEnabled && phoneSent && (
        <TextField
          label="휴대전화 인증코드"
          name="sendCode"
          inputMode="numeric"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="인증번호 5자"
          value={form.sendCode}
          onChange={update('sendCode')}
        />
      )}
      {referralEnabled && (
        <TextField
          label="추천인 코드"
          name="referral"
          optional
          value={form.referral}
          onChange={update('referral')}
        />
      )}
      <SelectField
        label="가입경로"
        name="registerWhere"
        value={form.registerWhere}
        onChange={update('registerWhere')}
      >
        <option value="">선택해주세요</option>
        {(registerWhere.data ?? []).map((option) => (
          <option key={option.id} value={option.text}>
            {option.text}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="lg" block disabled={registerMutation.isPending}>
        회원가입
      </Button>
    </form>
  );
}
