import { LOGIN_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountRepository } from '../accounts/account.repository';
import { accounts, rateLimitHits } from '../db/schema';
import { bearer, createMember, tokenFor } from '../test/factories';
import { createTestApp, testConfig, type TestApp } from '../test/test-app';

/**
 * Hardening, auth side: lock-out abuse, one id normalisation, the id allow-list, sign-up limits,
 * NUL in input, token claims. Limits here are small so each case needs only a few requests:
 * 3 failures per (id, address), 8 failures per id, 20 attempts per address, 15-minute window;
 * 3 sign-ups per address per hour.
 */
const WINDOW_SECONDS = 900;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    loginLimits: {
      maxFailuresPerIdAndAddress: 3,
      maxFailuresPerId: 8,
      maxAttemptsPerAddress: 20,
      windowSeconds: WINDOW_SECONDS,
    },
    signupLimits: { maxPerAddress: 3, windowSeconds: 3600 },
  });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload, remoteAddress });
const register = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/register', payload, remoteAddress });
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
const rateLimitRows = async () => (await t.app.database.db.select().from(rateLimitHits)).length;

const signUp = { password: 'pass-1234', email: 'new@example.com', registerWhere: '지인 추천' };

function expectTooMany(response: Awaited<ReturnType<typeof login>>, maxSeconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

describe('lock-out abuse', () => {
  it('wrong passwords from one address never keep the owner out from another', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await login({ id: member.id, password: 'guess' }, '10.6.6.6')).statusCode).toBe(404);
    }
    // The attacker's (id, address) is slowed down to a stop …
    for (let i = 0; i < 10; i++) {
      const refused = await login({ id: member.id, password: 'guess' }, '10.6.6.6');
      expectTooMany(refused, WINDOW_SECONDS);
      expect(refused.json().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    }
    // … even with the right password (so the limit is not an oracle) …
    expect((await login({ id: member.id, password: member.password }, '10.6.6.6')).statusCode).toBe(429);
    // … while the owner, elsewhere, signs in.
    expect((await login({ id: member.id, password: member.password }, '10.0.0.1')).statusCode).toBe(200);
  });

  it('tells the refused client when to come back, and lets it in then', async () => {
    const member = await createMember(t.app);
    await login({ id: member.id, password: 'guess' }, '10.6.6.7');
    t.clock.advance(100 * 1000);
    await login({ id: member.id, password: 'guess' }, '10.6.6.7');
    await login({ id: member.id, password: 'guess' }, '10.6.6.7');
    const refused = await login({ id: member.id, password: member.password }, '10.6.6.7');
    expect(expectTooMany(refused, WINDOW_SECONDS)).toBe(WINDOW_SECONDS - 100);
    t.clock.advance((WINDOW_SECONDS - 100) * 1000);
    expect((await login({ id: member.id, password: member.password }, '10.6.6.7')).statusCode).toBe(200);
  });

  it('caps distributed guessing per id, yet an address that signed in before still gets through', async () => {
    const member = await createMember(t.app);
    expect((await login({ id: member.id, password: member.password }, '10.1.0.1')).statusCode).toBe(200);
    // Eight guesses from four addresses: each stays under its own (id, address) limit.
    for (let i = 0; i < 8; i++) {
      expect((await login({ id: member.id, password: 'guess' }, `10.2.0.${i % 4}`)).statusCode).toBe(404);
    }
    // The ceiling: a fresh address is refused, whatever the password.
    expectTooMany(await login({ id: member.id, password: 'guess' }, '10.2.0.9'), WINDOW_SECONDS);
    expectTooMany(await login({ id: member.id, password: member.password }, '10.2.0.9'), WINDOW_SECONDS);
    // The owner's known address is not: the attackers cannot lock the owner out.
    expect((await login({ id: member.id, password: member.password }, '10.1.0.1')).statusCode).toBe(200);
    // Other ids are untouched, and the ceiling lifts with the window.
    const other = await createMember(t.app);
    expect((await login({ id: other.id, password: other.password }, '10.2.0.9')).statusCode).toBe(200);
    t.clock.advance(WINDOW_SECONDS * 1000);
    expect((await login({ id: member.id, password: member.password }, '10.2.0.9')).statusCode).toBe(200);
  });

  it('counts an id in any letter case, and an IPv6 client per /64, under one counter', async () => {
    const member = await createMember(t.app, { id: 'casemember' });
    await login({ id: 'CaseMember', password: 'guess' }, '2001:db8:1:2::1');
    await login({ id: 'CASEMEMBER', password: 'guess' }, '2001:db8:1:2::ffff');
    await login({ id: 'casemember', password: 'guess' }, '2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expectTooMany(await login({ id: member.id, password: 'guess' }, '2001:db8:1:2::42'), WINDOW_SECONDS);
    // Another /64 is another client.
    expect((await login({ id: member.id, password: member.password }, '2001:db8:1:3::1')).statusCode).toBe(
      200,
    );
  });

  it('keeps the per-address limit across ids', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login({ id: `nobody${i}`, password: 'x' }, '10.9.9.9')).statusCode).toBe(404);
    }
    expectTooMany(await login({ id: 'nobody-else', password: 'x' }, '10.9.9.9'), WINDOW_SECONDS);
  });
});

describe('one normalisation for ids', () => {
  it('refuses admİn (U+0130) with 400 before any counter or query, and it never reaches admin', async () => {
    const admin = await createMember(t.app, { id: 'admin' });
    for (const id of ['admİn', 'ADMİN', 'аdmin', 'ad\u200Bmin', 'admin\u202E', 'ａｄｍｉｎ']) {
      const response = await login({ id, password: admin.password });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ message: LOGIN_MESSAGES.ID_FORMAT, code: 'LOGIN_INVALID' });
    }
    expect(await rateLimitRows()).toBe(0);
    expect((await login({ id: 'ADMIN', password: admin.password })).statusCode).toBe(200);
  });

  it('a non-allow-listed id never uses up the address limit', async () => {
    for (let i = 0; i < 25; i++) expect((await login({ id: 'abc', password: 'x' })).statusCode).toBe(400);
    expect(await rateLimitRows()).toBe(0);
  });

  it('the repository compares lower(login_id) with the normalised id: lookalikes never match', async () => {
    await createMember(t.app, { id: 'kim.admin' });
    const { db } = t.app.database;
    expect(await accountRepository.findActiveByLoginId(db, 'KIM.Admin')).toBeDefined();
    // Kelvin sign and dotted capital I: SQL lower() may fold these onto ASCII under a UTF-8 locale.
    for (const id of ['\u212Aim.admin', 'kim.admİn', 'KIM.ADMİN']) {
      expect(await accountRepository.findActiveByLoginId(db, id), id).toBeUndefined();
      expect(await accountRepository.loginIdExists(db, id), id).toBe(false);
    }
  });

  it('sign-up refuses an id that differs from a taken one only in case', async () => {
    await createMember(t.app, { id: 'Some.Member' });
    const again = await register({ ...signUp, id: 'sOME.mEMBER' });
    expect(again.statusCode).toBe(409);
  });
});

describe('sign-up rules', () => {
  it.each([
    ['too short', 'abc'],
    ['zero-width space', 'new\u200Bmember'],
    ['right-to-left override', 'new\u202Emember'],
    ['Cyrillic a', 'nеwmember'],
    ['Korean', '새회원입니다'],
  ])('refuses an id that is %s with the Korean format message', async (_name, id) => {
    const response = await register({ ...signUp, id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: REGISTER_MESSAGES.ID_FORMAT, code: 'REGISTER_INVALID' });
  });

  it('requires 8 password characters', async () => {
    const response = await register({ ...signUp, id: 'newmember', password: 'pass123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('비밀번호는 8자 이상 입력해주세요.');
    expect((await register({ ...signUp, id: 'newmember', password: 'pass1234' })).statusCode).toBe(201);
  });

  it('refuses NUL and other control characters in id or e-mail with 400, never 500', async () => {
    for (const payload of [
      { ...signUp, id: 'new\u0000member' },
      { ...signUp, id: 'newmember', email: 'new\u0000@example.com' },
      { ...signUp, id: 'newmember', email: 'new\u0007@example.com' },
    ]) {
      const response = await register(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await login({ id: 'ad\u0000min', password: 'x' })).statusCode).toBe(400);
    expect((await t.app.database.db.select().from(accounts)).length).toBe(0);
  });

  it('limits sign-ups per client address, with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await register(
        { ...signUp, id: `signup${i}`, email: `s${i}@example.com` },
        '10.4.0.1',
      );
      expect(response.statusCode).toBe(201);
    }
    const refused = await register({ ...signUp, id: 'signup9', email: 's9@example.com' }, '10.4.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_SIGNUPS');
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(
      (await register({ ...signUp, id: 'signup9', email: 's9@example.com' }, '10.4.0.2')).statusCode,
    ).toBe(201);
    t.clock.advance(3600 * 1000);
    expect(
      (await register({ ...signUp, id: 'signup8', email: 's8@example.com' }, '10.4.0.1')).statusCode,
    ).toBe(201);
  });
});

describe('token claims', () => {
  const key = new TextEncoder().encode(testConfig().jwtSecret);
  const sign = (sub: string, withExp = true) => {
    const jwt = new SignJWT({ role: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer('smm-panel')
      .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000));
    if (withExp) jwt.setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 600);
    return jwt.sign(key);
  };

  it('refuses a token without exp, even signed with the right key', async () => {
    const member = await createMember(t.app);
    expect((await profile(await sign(String(member.accountId)))).statusCode).toBe(200);
    const forever = await profile(await sign(String(member.accountId), false));
    expect(forever.statusCode).toBe(401);
    expect(forever.json().code).toBe('TOKEN_INVALID');
  });

  it('accepts only a plain positive integer as subject', async () => {
    const member = await createMember(t.app);
    expect(member.accountId).toBe(1);
    for (const sub of ['1e0', ' 1', '1 ', '01', '+1', '1.0', '0x1', '0', '-1', '2147483648', '99999999999']) {
      const response = await profile(await sign(sub));
      expect(response.statusCode, JSON.stringify(sub)).toBe(401);
    }
    // The tokens the server issues still open the profile.
    expect((await profile(await tokenFor(t.app, member))).statusCode).toBe(200);
  });

  it('looks ids up in any case: lower(login_id) against the normalised id', async () => {
    const member = await createMember(t.app, { id: 'MixedCase' });
    await t.app.database.db
      .update(accounts)
      .set({ loginId: sql`upper(${accounts.loginId})` })
      .where(eq(accounts.id, member.accountId));
    expect((await login({ id: 'mixedcase', password: member.password })).statusCode).toBe(200);
  });
});
