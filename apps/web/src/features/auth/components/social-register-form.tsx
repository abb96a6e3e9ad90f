import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { REGISTER_MESSAGES, validateSocialRegister } from '@smm/domain';
import type { SocialRegisterRequest } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { deviceToken } from '@/lib/device-token';
import { paths } from '@/lib/paths';
import { useSiteSettings } from '@/lib/site-settings';
import { useRegisterSocial, type SocialProvider } from '../api/register-social';
import { SignUpExtraFields } from './sign-up-extra-fields';
import { usePhoneCodeSender } from './use-code-sender';
import './auth.css';

type SocialRegisterFields = Omit<SocialRegisterRequest, 'accessToken' | 'device'>;

const EMPTY_FORM: SocialRegisterFields = { registerWhere: '', phoneNumber: '', sendCode: '', referral: '' };

/**
 * Social sign-up (docs/product.md#login-and-sign-up): the provider's token from the login's 404, plus the
 * phone code step when the phone flag is on, the referral code when the referral flag is on, and the sign-up
 * route.
 */
export function SocialRegisterForm({
  provider,
  accessToken,
}: {
  provider: SocialProvider;
  accessToken: string;
}) {
  const navigate = useNavigate();
  const { settings } = useSiteSettings();
  const registerMutation = useRegisterSocial();
  const phoneCode = usePhoneCodeSender();
  const [form, setForm] = useState<SocialRegisterFields>(EMPTY_FORM);
  const submittingRef = useRef(false);

  const phoneEnabled = settings.flag('ENABLE_PHONE_NUMBER');
  const referralEnabled = settings.flag('ENABLE_REFERRAL');

  const set = (key: keyof SocialRegisterFields) => (value: string) =>
    setForm((prev) => ({ ...prev, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    const invalid = validateSocialRegister(form, { phoneEnabled, phoneCodeSent: phoneCode.sent });
    if (invalid) {
      toast.error(invalid);
      return;
    }
    submittingRef.current = true;
    registerMutation.mutate(
      // Without the phone step nothing about a phone is sent.
      phoneEnabled
        ? { ...form, provider, accessToken, device: deviceToken() }
        : { ...form, phoneNumber: '', sendCode: '', provider, accessToken, device: deviceToken() },
      {
        onSuccess: (answer) => {
          toast.success(answer?.message || REGISTER_MESSAGES.SUCCESS);
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
