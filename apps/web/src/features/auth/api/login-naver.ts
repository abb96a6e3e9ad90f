import type { LoginResponse, NaverLoginRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/**
 * POST /auth/login/naver: the authorization code (and the state it came back with) that the popup's
 * callback page posted. 404 SOCIAL_NOT_REGISTERED carries the provider's token for /register/naver.
 */
export const loginNaver = (input: NaverLoginRequest) => api.post<LoginResponse>('/auth/login/naver', input);
