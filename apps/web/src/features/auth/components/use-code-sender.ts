import { toast } from '@/lib/toast';
import { SEND_CODE_MESSAGES, validateEmailForCode, validatePhoneForCode } from '@smm/domain';
import { useSendEmailCode } from '../api/send-email-code';
import { useSendPhoneCode } from '../api/send-phone-code';
import { sendCodeErrorMessage } from './code-send-field';

export interface CodeSender {
  /** A code went out for the address: the form locks it and shows the code field. */
  sent: boolean;
  pending: boolean;
  send: (address: string) => void;
  /** 변경: the address may be edited again and a new code sent (the one sent is no longer shown). */
  reset: () => void;
}

/** Checks the address with the domain rule, then sends; toasts by answer (docs/product.md#error-answers). */
function useCodeSender<T>(
  mutation: {
    mutate: (input: T, options: MutateCallbacks) => void;
    reset: () => void;
    isSuccess: boolean;
    isPending: boolean;
  },
  toInput: (address: string) => T,
  validate: (address: string) => string | null,
  sentMessage: string,
  existsMessage: string,
): CodeSender {
  return {
    sent: mutation.isSuccess,
    pending: mutation.isPending,
    reset: () => mutation.reset(),
    send: (address) => {
      const invalid = validate(address);
      if (invalid) {
        toast.error(invalid);
        return;
      }
      if (mutation.isPending) return;
      mutation.mutate(toInput(address), {
        onSuccess: () => toast.success(sentMessage),
        onError: (error) => toast.error(sendCodeErrorMessage(error, existsMessage)),
      });
    },
  };
}

interface MutateCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export function useEmailCodeSender(): CodeSender {
  return useCodeSender(
    useSendEmailCode(),
    (email) => ({ email }),
    validateEmailForCode,
    SEND_CODE_MESSAGES.EMAIL_SENT,
    SEND_CODE_MESSAGES.EMAIL_EXISTS,
  );
}

export function usePhoneCodeSender(): CodeSender {
  return useCodeSender(
    useSendPhoneCode(),
    (phoneNumber) => ({ phoneNumber }),
    validatePhoneForCode,
    SEND_CODE_MESSAGES.PHONE_SENT,
    SEND_CODE_MESSAGES.PHONE_EXISTS,
  );
}
