/**
 * The Naver popup's handshake (docs/product.md#login-and-sign-up): the opener makes a random `state`, keeps
 * it in sessionStorage and opens the server's authorize redirect with it; the provider sends the popup back
 * to /auth/naver with `code` and `state`; the callback page posts both to the opener, which accepts them only
 * when the state is the one it made (a forged or replayed message is ignored).
 */
import { authApi } from '@smm/domain/endpoints';
import { urlOf } from '@/lib/api-client';

export const NAVER_AUTH_SOURCE = 'naver-auth';
export const NAVER_STATE_KEY = 'naver-oauth-state';

export interface NaverAuthMessage {
  source: typeof NAVER_AUTH_SOURCE;
  code: string;
  state: string;
}

export function isNaverAuthMessage(data: unknown): data is NaverAuthMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  return (
    record.source === NAVER_AUTH_SOURCE && typeof record.code === 'string' && typeof record.state === 'string'
  );
}

/** 24 url-safe characters from 18 random bytes (144 bits). */
function createNaverState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The server answers this with a 302 to Naver's authorize page (response_type, client_id, redirect_uri, state). */
export function naverAuthorizeUrl(state: string): string {
  return urlOf(authApi.naverAuthorize, { query: { state } });
}

/** Starts a sign-in: a new state replaces any earlier one, so only the latest popup's answer counts. */
export function beginNaverState(): string {
  const state = createNaverState();
  sessionStorage.setItem(NAVER_STATE_KEY, state);
  return state;
}

/** True once for the state this tab made; the state is spent either way it matches. */
export function consumeNaverState(state: string): boolean {
  const expected = sessionStorage.getItem(NAVER_STATE_KEY);
  if (!expected || expected !== state) return false;
  sessionStorage.removeItem(NAVER_STATE_KEY);
  return true;
}
