import type { InputHTMLAttributes } from 'react';
import { Check } from 'lucide-react';
import { SEND_CODE_MESSAGES, VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_RULES } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import './auth.css';

/**
 * Send-code answers (docs/product.md#error-answers): 400 and 409 by status; a 429 (resend too soon,
 * daily cap) says why in the server's words; anything else is the generic failure.
 */
export function sendCodeErrorMessage(error: unknown, existsMessage: string): string {
  if (isApiError(error)) {
    if (error.status === 400) return SEND_CODE_MESSAGES.BAD_FORM;
    if (error.status === 409) return existsMessage;
    if (error.status === 429 && error.message) return error.message;
  }
  return SEND_CODE_MESSAGES.FAILED;
}

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'placeholder' | 'maxLength' | 'autoComplete'
>;

interface CodeSendFieldProps {
  /** The address field: e-mail or phone number. */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  input?: InputProps;
  hint?: string;
  optional?: boolean;
  /** Whether the send-code step is on (its flag); off, the field is a plain input. */
  verify: boolean;
  sent: boolean;
  pending: boolean;
  onSend: () => void;
  /**
   * 변경 after a send: unlocks the address so a typo can be fixed without a reload (the caller forgets
   * the sent state and the typed code).
   */
  onChangeAddress: () => void;
  /** The code field, revealed once a code was sent. */
  codeLabel: string;
  codeName: string;
  codeValue: string;
  onCodeChange: (value: string) => void;
}

const TTL_MINUTES = VERIFICATION_CODE_RULES.ttlSeconds / 60;

/**
 * An address with its send-code button and, after a successful send, the code field
 * (docs/product.md#login-and-sign-up: sending locks the address and the button and reveals the code).
 */
export function CodeSendField({
  label,
  name,
  value,
  onChange,
  input,
  hint,
  optional,
  verify,
  sent,
  pending,
  onSend,
  onChangeAddress,
  codeLabel,
  codeName,
  codeValue,
  onCodeChange,
}: CodeSendFieldProps) {
  return (
    <>
      <TextField
        label={label}
        name={name}
        {...input}
        hint={hint}
        optional={optional}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={verify && sent}
        addon={
          verify &&
          (sent ? (
            <span className="code-sent">
              <span className="code-sent-mark" role="status">
                <Check size={16} aria-hidden /> 전송 완료
              </span>
              <Button
                variant="outline"
                className="code-send-btn"
                aria-label={`${label} 변경`}
                onClick={onChangeAddress}
              >
                변경
              </Button>
            </span>
          ) : (
            <Button variant="outline" className="code-send-btn" onClick={onSend} disabled={pending}>
              {pending ? '전송 중…' : '인증코드 전송'}
            </Button>
          ))
        }
      />
      {verify && sent && (
        <TextField
          label={codeLabel}
          name={codeName}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder={`인증코드 ${VERIFICATION_CODE_LENGTH}자리`}
          hint={`보내드린 ${VERIFICATION_CODE_LENGTH}자리 코드를 ${TTL_MINUTES}분 안에 입력해주세요.`}
          value={codeValue}
          onChange={(event) => onCodeChange(event.target.value)}
        />
      )}
    </>
  );
}
