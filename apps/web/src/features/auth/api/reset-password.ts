import { useMutation } from '@tanstack/react-query';
import type { MessageBody, ResetPasswordRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /service/reset-password: the link's token (single use) and the new password. */
export const resetPassword = (input: ResetPasswordRequest) =>
  api.post<MessageBody>('/service/reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
