import { useMutation } from '@tanstack/react-query';
import type { SendPhoneCodeRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /auth/send-phone-number: a 5-character code by text message (409 when already registered). */
export const sendPhoneCode = (input: SendPhoneCodeRequest) => call(authApi.sendPhoneCode, { body: input });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
