import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /service/reset-password: the link's token (single use) and the new password. */
export const resetPassword = (input: ResetPasswordRequest) => call(authApi.resetPassword, { body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
