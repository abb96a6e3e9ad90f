import { useMutation } from '@tanstack/react-query';
import type { MessageBody, SendEmailCodeRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /auth/send-email: a 5-character code to that address (409 when it is already registered). */
export const sendEmailCode = (input: SendEmailCodeRequest) =>
  api.post<MessageBody>('/auth/send-email', input);

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
