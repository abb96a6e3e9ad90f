import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, MessageBody } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /auth/change-password: 409 CURRENT_PASSWORD_WRONG when the current password is not the account's. */
export const changePassword = (input: ChangePasswordRequest) =>
  api.post<MessageBody>('/auth/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
