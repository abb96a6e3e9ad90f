import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import { json, mockApi } from '@/testing/mock-api';
import { api, ApiError, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('sends the stored token as a bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'token-1');
    const { calls } = mockApi({ 'GET /service/notices': [] });
    await api.get('/service/notices');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockApi({ 'GET /service/notices': [] });
    await api.get('/service/notices');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends extra headers beside its own, and a caller cannot replace the bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'token-1');
    const { calls } = mockApi({ 'POST /service/order': {} });
    await api.post('/service/order', { a: 1 }, { headers: { 'Idempotency-Key': 'k-1', Authorization: 'x' } });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k-1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('turns an error body into an ApiError with status, message and code', async () => {
    mockApi({
      'POST /auth/register': json({ message: '이미 사용 중인 아이디입니다.', code: 'ID_TAKEN' }, 409),
    });
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: '이미 사용 중인 아이디입니다.', code: 'ID_TAKEN' });
  });

  it('keeps the parsed error body, for answers that carry more than a message', async () => {
    const body = { message: '가입되지 않은 계정입니다.', code: 'SOCIAL_NOT_REGISTERED', accessToken: 'p-1' };
    mockApi({ 'POST /auth/login/naver': json(body, 404) });
    const error = await api.post('/auth/login/naver', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'SOCIAL_NOT_REGISTERED', body });
  });

  it.each(['/auth/profile', '/service/order-history', '/auth/login'])(
    'a 401 from %s removes the jwt and calls the unauthorized handler',
    async (path) => {
      localStorage.setItem(STORAGE_KEYS.JWT, 'expired');
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      mockApi({ [`GET ${path}`]: json({ message: '로그인이 필요합니다.' }, 401) });

      await expect(api.get(path)).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
    },
  );

  it('does not call the handler for other errors', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'ok');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'POST /auth/login': json({ message: 'x' }, 404) });
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 404 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('ok');
  });
});
