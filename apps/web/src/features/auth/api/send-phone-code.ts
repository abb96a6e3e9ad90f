import { useMutation } from '@tanstack/react-query';
import type { MessageBody, SendPhoneCodeRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /auth/send-phone-number: a 5-character code by text message (409 when already registered). */
export const sendPhoneCode = (input: SendPhoneCodeRequest) =>
  api.post<MessageBody>('/auth/send-phone-number', input);

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
