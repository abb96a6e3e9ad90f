import { useMutation } from '@tanstack/react-query';
import type { FindPasswordRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /service/find-password: mails a reset link; the same answer for an unknown address. */
export const findPassword = (input: FindPasswordRequest) => call(authApi.findPassword, { body: input });

export const useFindPassword = () => useMutation({ mutationFn: findPassword });
