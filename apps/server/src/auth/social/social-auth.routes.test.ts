import { ACCOUNT_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import { socialNotRegisteredBody } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, socialIdentities } from '../../db/schema';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { startFakeSocialProvider } from '../../test/fake-social-provider';
import { createTestApp, testConfig, testDatabaseKind, useTestApp } from '../../test/test-app';

const fake = await startFakeSocialProvider();
afterAll(() => fake.close());
const social = {
  naverClientSecret: fake.naverClientSecret,
  naverAuthUrl: fake.naverAuthUrl,
  naverApiUrl: fake.naverApiUrl,
  kakaoApiUrl: fake.kakaoApiUrl,
  kakaoAppId: fake.kakaoAppId,
};
// A provider that never answers costs this long.
const TIMEOUT_MS = 300;
const t = useTestApp({
  social,
  providers: { ...testConfig().providers, timeoutMs: TIMEOUT_MS },
});

beforeEach(async () => {
  fake.reset();
  const { settings } = t.app.services;
  await settings.set('ENABLE_SNS_NAVER', 'true');
  await settings.set('ENABLE_SNS_KAKAO', 'true');
  await settings.set('SNS_NAVER_CLIENT_ID', fake.naverClientId);
});

const post = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const registration = { registerWhere: '지인 추천', phoneNumber: '', sendCode: '', referral: '' };
const profileOf = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(accessToken) })).json();
const memberCount = async () => (await t.app.database.db.select().from(accounts)).length;

/** What the member's popup does: our authorize redirect → Naver's page → back to the callback with a code. */
async function naverPopup(state = 'state-1234abcd') {
  const ours = await t.app.inject({ method: 'GET', url: `/auth/naver/authorize?state=${state}` });
  expect(ours.statusCode).toBe(302);
  const atNaver = await fetch(String(ours.headers.location), { redirect: 'manual' });
  expect(atNaver.status).toBe(302);
  const callback = new URL(atNaver.headers.get('location') ?? '');
  return {
    callback,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

describe(`Naver login on ${testDatabaseKind}`, () => {
  it('redirects the popup to Naver with our client id, redirect URI and the state', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/service/settings' })).json();
    expect(settings).toContainEqual({ key: 'ENABLE_SNS_NAVER', value: 'true' });
    expect(settings).toContainEqual({ key: 'ENABLE_SNS_KAKAO', value: 'true' });
    const response = await t.app.inject({ method: 'GET', url: '/auth/naver/authorize?state=Ab-_12345678' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.naverAuthUrl}/oauth2.0/authorize`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.naverClientId,
      redirect_uri: 'http://panel.test/auth/naver',
      state: 'Ab-_12345678',
    });

    await t.app.services.settings.set('SNS_NAVER_REDIRECT_URL', 'https://panel.example.kr/auth/naver');
    const configured = await t.app.inject({ method: 'GET', url: '/auth/naver/authorize?state=Ab-_12345678' });
    expect(new URL(String(configured.headers.location)).searchParams.get('redirect_uri')).toBe(
      'https://panel.example.kr/auth/naver',
    );
  });

  it.each([
    ['missing', ''],
    ['too short', '?state=abc'],
    ['too long', `?state=${'a'.repeat(65)}`],
    ['not URL-safe', '?state=abcd%20efgh'],
    ['NUL', '?state=abcdefgh%00'],
    ['twice', '?state=abcdefgh&state=ijklmnop'],
  ])('answers a %s state with 400', async (_name, query) => {
    const response = await t.app.inject({ method: 'GET', url: `/auth/naver/authorize${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('signs a linked member in with our own token', async () => {
    const member = await createMember(t.app);
    await t.app.database.db
      .insert(socialIdentities)
      .values({ provider: 'naver', providerUserId: 'naver-1', accountId: member.accountId });
    fake.addNaverUser({ id: 'naver-1', email: 'n1@naver.com' });
    fake.signInNaverAs('naver-1');

    const { callback, code, state } = await naverPopup();
    expect(`${callback.origin}${callback.pathname}`).toBe('http://panel.test/auth/naver');
    const response = await post('/auth/login/naver', { code, state });
    expect(response.statusCode).toBe(200);
    expect(await profileOf(response.json().accessToken)).toMatchObject({ id: member.id });
    // The code works once.
    const replay = await post('/auth/login/naver', { code, state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      message: ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED,
      code: 'SOCIAL_LOGIN_FAILED',
    });
  });

  it('answers 404 with Naver’s token for a new member, who registers with it and then signs in', async () => {
    fake.addNaverUser({ id: 'naver-new', email: 'New.Member@Naver.com', mobile: '010-1234-5678' });
    fake.signInNaverAs('naver-new');

    const first = await post('/auth/login/naver', await naverPopup());
    expect(first.statusCode).toBe(404);
    const body = socialNotRegisteredBody.parse(first.json());
    expect(body).toEqual({
      message: ACCOUNT_MESSAGES.SOCIAL_NOT_REGISTERED,
      code: 'SOCIAL_NOT_REGISTERED',
      accessToken: expect.stringMatching(/^nt_/),
    });

    const registered = await post('/auth/register/naver', { ...registration, accessToken: body.accessToken });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toEqual({ message: REGISTER_MESSAGES.SUCCESS });

    const again = await post('/auth/login/naver', await naverPopup());
    expect(again.statusCode).toBe(200);
    const profile = await profileOf(again.json().accessToken);
    expect(profile).toEqual({ id: expect.stringMatching(/^naver_[a-z0-9]{8}$/), point: 0, apiKey: null });
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, profile.id));
    expect(row).toMatchObject({
      email: 'new.member@naver.com',
      registerWhere: '지인 추천',
      role: 'member',
      phoneNumber: null,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    // The same Naver account cannot register twice.
    const twice = await post('/auth/register/naver', { ...registration, accessToken: body.accessToken });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: ACCOUNT_MESSAGES.SOCIAL_ALREADY_REGISTERED,
      code: 'SOCIAL_ALREADY_REGISTERED',
    });
  });

  it('keeps no e-mail another member already holds', async () => {
    await createMember(t.app, { id: 'holder1' }); // holder1@example.com
    fake.addNaverUser({ id: 'naver-dup', email: 'holder1@example.com' });
    fake.signInNaverAs('naver-dup');
    const { accessToken } = (await post('/auth/login/naver', await naverPopup())).json();
    expect((await post('/auth/register/naver', { ...registration, accessToken })).statusCode).toBe(201);
    const [link] = await t.app.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.providerUserId, 'naver-dup'));
    const [row] = await t.app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, link?.accountId ?? 0));
    expect(row?.email).toBe('');
  });

  it('gives one 201 and one 409 when one Naver account registers twice at once', async () => {
    fake.addNaverUser({ id: 'naver-twin' });
    fake.signInNaverAs('naver-twin');
    const { accessToken } = (await post('/auth/login/naver', await naverPopup())).json();
    const results = await Promise.all([
      post('/auth/register/naver', { ...registration, accessToken }),
      post('/auth/register/naver', { ...registration, accessToken }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.database.db.select().from(socialIdentities)).toHaveLength(1);
  });

  it.each([
    ['an unknown code', async () => ({ code: 'no-such-code', state: 'state-1234abcd' })],
    [
      'a code with another state',
      async () => ({ ...(await naverPopup('state-1234abcd')), state: 'other-state-99' }),
    ],
    ['an empty code', async () => ({ code: '', state: 'state-1234abcd' })],
  ])('answers %s with 400 and Naver’s failure message', async (_name, input) => {
    fake.addNaverUser({ id: 'naver-1' });
    fake.signInNaverAs('naver-1');
    const response = await post('/auth/login/naver', await input());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED,
      code: 'SOCIAL_LOGIN_FAILED',
    });
  });

  it.each(['refuse', 'down', 'hang'] as const)(
    'answers 400 when Naver is in mode %s (and logs why)',
    async (mode) => {
      fake.addNaverUser({ id: 'naver-1' });
      fake.signInNaverAs('naver-1');
      const { code, state } = await naverPopup();
      fake.setMode(mode);
      const started = Date.now();
      const response = await post('/auth/login/naver', { code, state });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
      expect(t.logs()).toContain('social login failed');
      expect(t.logs()).not.toContain(code);
    },
  );

  it('refuses a token Naver does not know at registration, storing nothing', async () => {
    const before = await memberCount();
    const response = await post('/auth/register/naver', { ...registration, accessToken: 'nt_forged-token' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED);
    expect(await memberCount()).toBe(before);
  });

  it('checks the sign-up route first, as the form does', async () => {
    fake.addNaverUser({ id: 'naver-1' });
    fake.signInNaverAs('naver-1');
    const { accessToken } = (await post('/auth/login/naver', await naverPopup())).json();
    for (const registerWhere of ['', '   ', '없는 경로']) {
      const response = await post('/auth/register/naver', { ...registration, registerWhere, accessToken });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED,
        code: 'REGISTER_INVALID',
      });
    }
    expect(await t.app.database.db.select().from(socialIdentities)).toEqual([]);
  });

  it('is a 404 on every route while the flag is off or no client id is set, without calling Naver', async () => {
    for (const [key, value] of [
      ['ENABLE_SNS_NAVER', 'false'],
      ['SNS_NAVER_CLIENT_ID', ''],
    ] as const) {
      await t.app.services.settings.set('ENABLE_SNS_NAVER', 'true');
      await t.app.services.settings.set('SNS_NAVER_CLIENT_ID', fake.naverClientId);
      await t.app.services.settings.set(key, value);
      const answers = [
        await t.app.inject({ method: 'GET', url: '/auth/naver/authorize?state=state-1234abcd' }),
        await post('/auth/login/naver', { code: 'c', state: 'state-1234abcd' }),
        await post('/auth/register/naver', { ...registration, accessToken: 'nt_x' }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, key).toBe(404);
        expect(answer.json(), key).toEqual({ message: '요청한 주소를 찾을 수 없습니다.', code: 'NOT_FOUND' });
      }
    }
    expect(fake.calls).toEqual([]);
  });
});

describe(`Kakao login on ${testDatabaseKind}`, () => {
  it('signs a linked member in; an unknown one gets 404 with the same token, registers, then signs in', async () => {
    const linked = await createMember(t.app);
    await t.app.database.db
      .insert(socialIdentities)
      .values({ provider: 'kakao', providerUserId: '4000000001', accountId: linked.accountId });
    const linkedToken = fake.addKakaoUser({ id: 4000000001 });
    const signedIn = await post('/auth/login/kakao', { accessToken: linkedToken });
    expect(signedIn.statusCode).toBe(200);
    expect(await profileOf(signedIn.json().accessToken)).toMatchObject({ id: linked.id });

    const accessToken = fake.addKakaoUser({ id: 4000000002, email: 'kakao2@kakao.com' });
    const unknown = await post('/auth/login/kakao', { accessToken });
    expect(unknown.statusCode).toBe(404);
    expect(socialNotRegisteredBody.parse(unknown.json())).toEqual({
      message: ACCOUNT_MESSAGES.SOCIAL_NOT_REGISTERED,
      code: 'SOCIAL_NOT_REGISTERED',
      accessToken,
    });
    const registered = await post('/auth/register/kakao', { ...registration, accessToken });
    expect(registered.statusCode).toBe(201);
    const again = await post('/auth/login/kakao', { accessToken });
    expect(again.statusCode).toBe(200);
    const profile = await profileOf(again.json().accessToken);
    expect(profile.id).toMatch(/^kakao_[a-z0-9]{8}$/);
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, profile.id));
    expect(row?.email).toBe('kakao2@kakao.com');
  });

  it('keeps only an e-mail Kakao has verified', async () => {
    const accessToken = fake.addKakaoUser({
      id: 4000000003,
      email: 'unverified@kakao.com',
      emailVerified: false,
    });
    expect((await post('/auth/register/kakao', { ...registration, accessToken })).statusCode).toBe(201);
    const [link] = await t.app.database.db.select().from(socialIdentities);
    const [row] = await t.app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, link?.accountId ?? 0));
    expect(row?.email).toBe('');
  });

  it('refuses a token issued to another Kakao app (a site that collected its visitors’ tokens)', async () => {
    const member = await createMember(t.app);
    await t.app.database.db
      .insert(socialIdentities)
      .values({ provider: 'kakao', providerUserId: '4000000004', accountId: member.accountId });
    fake.addKakaoUser({ id: 4000000004 });
    const foreign = fake.kakaoTokenOfOtherApp(4000000004);
    for (const url of ['/auth/login/kakao', '/auth/register/kakao']) {
      const response = await post(url, { ...registration, accessToken: foreign });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        message: ACCOUNT_MESSAGES.KAKAO_LOGIN_FAILED,
        code: 'SOCIAL_LOGIN_FAILED',
      });
    }
  });

  it.each([
    ['an unknown token', 'kt_unknown', ['/v1/user/access_token_info']],
    ['a token that is no header value', '토큰', []],
    ['an empty token', '', []],
  ])('answers %s with 400 and Kakao’s failure message', async (_name, accessToken, paths) => {
    const response = await post('/auth/login/kakao', { accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.KAKAO_LOGIN_FAILED,
      code: 'SOCIAL_LOGIN_FAILED',
    });
    expect(fake.calls.map((c) => c.path)).toEqual(paths.map((p) => `/kakao-api${p}`));
  });

  it.each(['refuse', 'down', 'hang'] as const)('answers 400 when Kakao is in mode %s', async (mode) => {
    const accessToken = fake.addKakaoUser({ id: 4000000005 });
    fake.setMode(mode);
    const response = await post('/auth/login/kakao', { accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.KAKAO_LOGIN_FAILED);
  });

  it('is a 404 while the flag is off', async () => {
    await t.app.services.settings.set('ENABLE_SNS_KAKAO', 'false');
    const accessToken = fake.addKakaoUser({ id: 4000000006 });
    expect((await post('/auth/login/kakao', { accessToken })).statusCode).toBe(404);
    expect((await post('/auth/register/kakao', { ...registration, accessToken })).statusCode).toBe(404);
    expect(fake.calls).toEqual([]);
  });

  it('limits social logins per client address like password logins (429 with Retry-After)', async () => {
    const accessToken = fake.addKakaoUser({ id: 4000000007 });
    const limit = testConfig().loginLimits.maxAttemptsPerAddress;
    for (let i = 0; i < limit; i++) {
      expect((await post('/auth/login/kakao', { accessToken }, '10.9.9.9')).statusCode).toBe(404);
    }
    const refused = await post('/auth/login/kakao', { accessToken }, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/auth/login/kakao', { accessToken }, '10.9.9.10')).statusCode).toBe(404);
  });
});

describe('social sign-up rules', () => {
  it.each([
    ['NUL in the token', { ...registration, accessToken: 'a\u0000b' }],
    ['a huge token', { ...registration, accessToken: 'a'.repeat(5000) }],
    ['a huge sign-up route', { ...registration, registerWhere: '가'.repeat(1000), accessToken: 'x' }],
    ['a number as the token', { ...registration, accessToken: 42 }],
  ])('answers %s with 400, never 500', async (_name, payload) => {
    for (const url of ['/auth/register/naver', '/auth/register/kakao', '/auth/login/kakao']) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(400);
    }
    const naver = await post('/auth/login/naver', { code: 'c\u0000', state: 'x'.repeat(300) });
    expect(naver.statusCode).toBe(400);
  });

  it('records the referrer when ENABLE_REFERRAL is on, and refuses an unknown code', async () => {
    await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
    const referrer = await createMember(t.app);
    const code = (
      await t.app.inject({
        method: 'POST',
        url: '/auth/referral-code',
        headers: bearer(await tokenFor(t.app, referrer)),
      })
    ).json().referralCode as string;
    const unknownToken = fake.addKakaoUser({ id: 4000000010 });
    const unknown = await post('/auth/register/kakao', {
      ...registration,
      referral: 'NOPE2345',
      accessToken: unknownToken,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('REGISTER_INVALID');

    const accessToken = fake.addKakaoUser({ id: 4000000011 });
    expect(
      (await post('/auth/register/kakao', { ...registration, referral: code.toLowerCase(), accessToken }))
        .statusCode,
    ).toBe(201);
    const [link] = await t.app.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.providerUserId, '4000000011'));
    const [row] = await t.app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, link?.accountId ?? 0));
    expect(row?.referredBy).toBe(referrer.accountId);
  });

  it('with ENABLE_PHONE_NUMBER on, needs the code sent to that phone', async () => {
    await t.app.services.settings.set('ENABLE_PHONE_NUMBER', 'true');
    const accessToken = fake.addKakaoUser({ id: 4000000020 });
    const phone = '010-2222-3333';
    const attempt = (phoneNumber: string, sendCode: string) =>
      post('/auth/register/kakao', { ...registration, phoneNumber, sendCode, accessToken });

    const notSent = await attempt(phone, '12345');
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json().message).toBe(REGISTER_MESSAGES.PHONE_CODE_NOT_SENT);

    expect((await post('/auth/send-phone-number', { phoneNumber: '01022223333' })).statusCode).toBe(200);
    const text = t.app.services.outbox.last('01022223333')?.text ?? '';
    const code = /\b(\d{5})\b/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{5}$/);

    const short = await attempt(phone, '123');
    expect(short.json().message).toBe(REGISTER_MESSAGES.PHONE_CODE_LENGTH);
    const wrong = await attempt(phone, code === '00000' ? '11111' : '00000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INVALID');
    expect(await t.app.database.db.select().from(socialIdentities)).toEqual([]);

    const right = await attempt(phone, code);
    expect(right.statusCode).toBe(201);
    const [link] = await t.app.database.db.select().from(socialIdentities);
    const [row] = await t.app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, link?.accountId ?? 0));
    expect(row?.phoneNumber).toBe('01022223333');

    // The code is used up: a second Kakao account cannot register with it.
    const second = fake.addKakaoUser({ id: 4000000021 });
    const reused = await post('/auth/register/kakao', {
      ...registration,
      phoneNumber: phone,
      sendCode: code,
      accessToken: second,
    });
    expect(reused.statusCode).toBe(400);
  });

  it('unlinks a deleted member: the provider account can sign up again', async () => {
    const accessToken = fake.addKakaoUser({ id: 4000000030 });
    expect((await post('/auth/register/kakao', { ...registration, accessToken })).statusCode).toBe(201);
    const login = await post('/auth/login/kakao', { accessToken });
    const ours = login.json().accessToken as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(ours) })).statusCode,
    ).toBe(200);
    expect((await post('/auth/login/kakao', { accessToken })).statusCode).toBe(404);
    expect((await post('/auth/register/kakao', { ...registration, accessToken })).statusCode).toBe(201);
  });
});

describe('providers without their server configuration', () => {
  it('read as off in the settings and answer 404, whatever the operator stored', async () => {
    const bare = await createTestApp({
      social: {
        naverAuthUrl: fake.naverAuthUrl,
        naverApiUrl: fake.naverApiUrl,
        kakaoApiUrl: fake.kakaoApiUrl,
      },
    });
    try {
      await bare.app.services.settings.set('ENABLE_SNS_NAVER', 'true');
      await bare.app.services.settings.set('ENABLE_SNS_KAKAO', 'true');
      await bare.app.services.settings.set('SNS_NAVER_CLIENT_ID', fake.naverClientId);
      const settings = (await bare.app.inject({ method: 'GET', url: '/service/settings' })).json();
      expect(settings).toContainEqual({ key: 'ENABLE_SNS_NAVER', value: 'false' });
      expect(settings).toContainEqual({ key: 'ENABLE_SNS_KAKAO', value: 'false' });
      const naver = await bare.app.inject({
        method: 'GET',
        url: '/auth/naver/authorize?state=state-1234abcd',
      });
      expect(naver.statusCode).toBe(404);
      const kakao = await bare.app.inject({
        method: 'POST',
        url: '/auth/login/kakao',
        payload: { accessToken: 'kt_x' },
      });
      expect(kakao.statusCode).toBe(404);
    } finally {
      await bare.close();
      // The shared in-memory database was emptied under the file's own app: put it back.
      await t.reset();
    }
  });
});
