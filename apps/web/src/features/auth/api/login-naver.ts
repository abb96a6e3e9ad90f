import type { NaverLoginRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/**
 * POST /auth/login/naver: the authorization code (and the state it came back with) that the popup's
 * callback page posted. 404 SOCIAL_NOT_REGISTERED carries the provider's token for /register/naver.
 */
export const loginNaver = (input: NaverLoginRequest) => call(authApi.loginNaver, { body: input });
