import { PHONE_NUMBER_LENGTH } from '@smm/domain';
import { TextField } from '@/components/ui/field';
import { CodeSendField } from './code-send-field';
import { RegisterWhereSelect } from './register-where-select';
import type { CodeSender } from './use-code-sender';

type ExtraField = 'phoneNumber' | 'sendCode' | 'referral' | 'registerWhere';

/**
 * The fields the plain and the social sign-up share (docs/product.md#login-and-sign-up): the phone number
 * with its code step (ENABLE_PHONE_NUMBER), the referral code (ENABLE_REFERRAL) and the sign-up route.
 */
export function SignUpExtraFields({
  values,
  set,
  phoneEnabled,
  referralEnabled,
  phoneCode,
}: {
  values: Record<ExtraField, string>;
  set: (key: ExtraField) => (value: string) => void;
  phoneEnabled: boolean;
  referralEnabled: boolean;
  phoneCode: CodeSender;
}) {
  return (
    <>
      {phoneEnabled && (
        <CodeSendField
          label="휴대전화 번호"
          name="phoneNumber"
          input={{
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            placeholder: "'-' 없이 01012345678",
            maxLength: PHONE_NUMBER_LENGTH,
          }}
          value={values.phoneNumber}
          onChange={set('phoneNumber')}
          verify
          sent={phoneCode.sent}
          pending={phoneCode.pending}
          onSend={() => phoneCode.send(values.phoneNumber)}
          onChangeAddress={() => {
            phoneCode.reset();
            set('sendCode')('');
          }}
          codeLabel="휴대전화 인증코드"
          codeName="sendCode"
          codeValue={values.sendCode}
          onCodeChange={set('sendCode')}
        />
      )}
      {referralEnabled && (
        <TextField
          label="추천인 코드"
          name="referral"
          optional
          autoComplete="off"
          value={values.referral}
          onChange={(event) => set('referral')(event.target.value)}
        />
      )}
      <RegisterWhereSelect value={values.registerWhere} onChange={set('registerWhere')} />
    </>
  );
}
