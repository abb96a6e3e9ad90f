import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /auth/change-password: 409 CURRENT_PASSWORD_WRONG when the current password is not the account's. */
export const changePassword = (input: ChangePasswordRequest) => call(authApi.changePassword, { body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
