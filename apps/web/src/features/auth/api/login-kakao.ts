import type { KakaoLoginRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /auth/login/kakao: the SDK's access token. 404 SOCIAL_NOT_REGISTERED leads to /register/kakao. */
export const loginKakao = (input: KakaoLoginRequest) => call(authApi.loginKakao, { body: input });
