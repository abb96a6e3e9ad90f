import { useMutation } from '@tanstack/react-query';
import type { SocialRegisterRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export type SocialProvider = 'naver' | 'kakao';

/** POST /auth/register/naver | /auth/register/kakao (docs/product.md#data-shapes). */
export const registerSocial = ({
  provider,
  ...payload
}: SocialRegisterRequest & { provider: SocialProvider }) =>
  call(provider === 'naver' ? authApi.registerNaver : authApi.registerKakao, { body: payload });

export const useRegisterSocial = () => useMutation({ mutationFn: registerSocial });
