import type { KakaoLoginRequest, LoginResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /auth/login/kakao: the SDK's access token. 404 SOCIAL_NOT_REGISTERED leads to /register/kakao. */
export const loginKakao = (input: KakaoLoginRequest) => api.post<LoginResponse>('/auth/login/kakao', input);
