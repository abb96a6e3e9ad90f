import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import { json, mockApi, on } from '@/testing/mock-api';
import { authApi, ordersApi, siteApi } from '@smm/domain/endpoints';
import { ApiError, call, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('sends the stored token as a bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'token-1');
    const { calls } = mockApi({ [on(siteApi.notices)]: [] });
    await call(siteApi.notices);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockApi({ [on(siteApi.notices)]: [] });
    await call(siteApi.notices);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends extra headers beside its own, and a caller cannot replace the bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'token-1');
    const { calls } = mockApi({ [on(ordersApi.place)]: {} });
    await call(
      ordersApi.place,
      { body: { serviceId: 1, link: 'a' } },
      { headers: { 'Idempotency-Key': 'k-1', Authorization: 'x' } },
    );
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k-1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('turns an error body into an ApiError with status, message and code', async () => {
    mockApi({
      [on(authApi.register)]: json({ message: '이미 사용 중인 아이디입니다.', code: 'ID_TAKEN' }, 409),
    });
    const error = await call(authApi.register, { body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: '이미 사용 중인 아이디입니다.', code: 'ID_TAKEN' });
  });

  it('keeps the parsed error body, for answers that carry more than a message', async () => {
    const body = { message: '가입되지 않은 계정입니다.', code: 'SOCIAL_NOT_REGISTERED', accessToken: 'p-1' };
    mockApi({ [on(authApi.loginNaver)]: json(body, 404) });
    const error = await call(authApi.loginNaver, { body: {} as never }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'SOCIAL_NOT_REGISTERED', body });
  });

  it.each([authApi.profile, ordersApi.history, authApi.login])(
    'a 401 from $path removes the jwt and calls the unauthorized handler',
    async (endpoint) => {
      localStorage.setItem(STORAGE_KEYS.JWT, 'expired');
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      mockApi({ [on(endpoint)]: json({ message: '로그인이 필요합니다.' }, 401) });

      await expect(call(endpoint, { body: {} as never })).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
    },
  );

  it('does not call the handler for other errors', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'ok');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ [on(authApi.login)]: json({ message: 'x' }, 404) });
    await expect(call(authApi.login, { body: {} as never })).rejects.toMatchObject({ status: 404 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('ok');
  });
});
