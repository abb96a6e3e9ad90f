import { useMutation } from '@tanstack/react-query';
import type { MessageBody, SocialRegisterRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export type SocialProvider = 'naver' | 'kakao';

/** POST /auth/register/naver | /auth/register/kakao (docs/product.md#data-shapes). */
export const registerSocial = ({
  provider,
  ...payload
}: SocialRegisterRequest & { provider: SocialProvider }) =>
  api.post<MessageBody>(`/auth/register/${provider}`, payload);

export const useRegisterSocial = () => useMutation({ mutationFn: registerSocial });
