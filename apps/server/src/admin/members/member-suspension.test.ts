import { ACCOUNT_SUSPENDED_MESSAGE, LOGIN_MESSAGES, V2_ERRORS } from '@smm/domain';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { socialIdentities } from '../../db/schema';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { startFakeSocialProvider } from '../../test/fake-social-provider';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const fake = await startFakeSocialProvider();
afterAll(() => fake.close());
const t = useTestApp({
  social: {
    naverClientSecret: fake.naverClientSecret,
    naverAuthUrl: fake.naverAuthUrl,
    naverApiUrl: fake.naverApiUrl,
    kakaoApiUrl: fake.kakaoApiUrl,
    kakaoAppId: fake.kakaoAppId,
  },
});

beforeEach(async () => {
  fake.reset();
  const { settings } = t.app.services;
  await settings.set('ENABLE_SNS_NAVER', 'true');
  await settings.set('ENABLE_SNS_KAKAO', 'true');
  await settings.set('SNS_NAVER_CLIENT_ID', fake.naverClientId);
});

const login = (id: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { id, password }, remoteAddress: '10.0.0.1' });

async function act(operator: TestMember, member: string, verb: 'suspend' | 'restore', memo = '약관 위반') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/admin/api/members/${member}/${verb}`,
    headers: bearer(await tokenFor(t.app, operator)),
    payload: { memo },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ changed: boolean }>();
}

const suspended = { message: ACCOUNT_SUSPENDED_MESSAGE, code: 'ACCOUNT_SUSPENDED' };

describe(`a suspended member on ${testDatabaseKind}`, () => {
  it('is told so at login only with the right password, and gets in again once restored', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    await act(operator, member.id, 'suspend');

    const right = await login(member.id, member.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual(suspended);
    // Any case of the id names the same account.
    expect((await login(member.id.toUpperCase(), member.password)).json()).toEqual(suspended);

    const wrong = await login(member.id, 'wrong-password-1');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: LOGIN_MESSAGES.WRONG_CREDENTIALS, code: 'LOGIN_FAILED' });

    await act(operator, member.id, 'restore', '');
    const back = await login(member.id, member.password);
    expect(back.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: bearer(back.json<{ accessToken: string }>().accessToken),
    });
    expect(profile.json()).toMatchObject({ id: member.id });
  });

  it('loses a session already open at once (401, so the web app drops it) and the API key', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { apiKey: true });
    const token = await tokenFor(t.app, member);
    const profile = () => t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    const rest = () =>
      t.app.inject({ method: 'GET', url: '/api/services', headers: { 'api-key': member.apiKey! } });
    const v2 = () =>
      t.app.inject({ method: 'POST', url: '/api/v2', payload: { key: member.apiKey!, action: 'balance' } });
    expect((await profile()).statusCode).toBe(200);
    expect((await rest()).statusCode).toBe(200);
    expect((await v2()).json()).toHaveProperty('balance');

    await act(operator, member.id, 'suspend');
    const refused = await profile();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: ACCOUNT_SUSPENDED_MESSAGE, code: 'TOKEN_SUSPENDED' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(token),
      payload: {},
    });
    expect(order.statusCode).toBe(401);
    const restRefused = await rest();
    expect(restRefused.statusCode).toBe(401);
    expect(restRefused.json()).toEqual({ message: ACCOUNT_SUSPENDED_MESSAGE, code: 'API_KEY_INVALID' });
    const v2Refused = await v2();
    expect(v2Refused.statusCode).toBe(200);
    expect(v2Refused.json()).toEqual({ error: V2_ERRORS.INVALID_KEY });

    // Restoring gives back the same token and key (they were refused, not revoked).
    await act(operator, member.id, 'restore');
    expect((await profile()).statusCode).toBe(200);
    expect((await rest()).statusCode).toBe(200);
    expect((await v2()).json()).toHaveProperty('balance');
  });

  it('cannot sign in with Naver or Kakao either', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    await t.app.database.db.insert(socialIdentities).values([
      { provider: 'naver', providerUserId: 'naver-9', accountId: member.accountId },
      { provider: 'kakao', providerUserId: '4000000009', accountId: member.accountId },
    ]);
    fake.addNaverUser({ id: 'naver-9' });
    const kakaoToken = fake.addKakaoUser({ id: 4000000009 });
    await act(operator, member.id, 'suspend');

    fake.signInNaverAs('naver-9');
    const ours = await t.app.inject({ method: 'GET', url: '/auth/naver/authorize?state=state-1234abcd' });
    const atNaver = await fetch(String(ours.headers.location), { redirect: 'manual' });
    const callback = new URL(atNaver.headers.get('location') ?? '');
    const naver = await t.app.inject({
      method: 'POST',
      url: '/auth/login/naver',
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    expect(naver.statusCode).toBe(403);
    expect(naver.json()).toEqual(suspended);

    const kakao = await t.app.inject({
      method: 'POST',
      url: '/auth/login/kakao',
      payload: { accessToken: kakaoToken },
    });
    expect(kakao.statusCode).toBe(403);
    expect(kakao.json()).toEqual(suspended);

    await act(operator, member.id, 'restore');
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login/kakao',
      payload: { accessToken: kakaoToken },
    });
    expect(again.statusCode).toBe(200);
  });
});
