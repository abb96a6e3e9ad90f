import { useMutation } from '@tanstack/react-query';
import type { SendEmailCodeRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /auth/send-email: a 5-character code to that address (409 when it is already registered). */
export const sendEmailCode = (input: SendEmailCodeRequest) => call(authApi.sendEmailCode, { body: input });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
