import { useMutation } from '@tanstack/react-query';
import type { FindPasswordRequest, MessageBody } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /service/find-password: mails a reset link; the same answer for an unknown address. */
export const findPassword = (input: FindPasswordRequest) =>
  api.post<MessageBody>('/service/find-password', input);

export const useFindPassword = () => useMutation({ mutationFn: findPassword });
