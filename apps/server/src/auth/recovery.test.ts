import { ACCOUNT_MESSAGES, ERROR_CATALOG, REGISTER_MESSAGES, RESET_TOKEN_TTL_SECONDS } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { accounts, passwordResets } from '../db/schema';
import { createMember, tokenFor } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp({ codeLimits: { perAddressPerDay: 3, perClientPerDay: 6 } });

const MINUTE = 60_000;
const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

const post = (url: string, payload: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
const findId = (email: unknown, remoteAddress?: string) => post('/service/find-id', { email }, remoteAddress);
const findPassword = async (email: unknown, remoteAddress?: string) => {
  const response = await post('/service/find-password', { email }, remoteAddress);
  // The e-mail goes out after the answer; wait for it before looking in the outbox.
  await t.app.services.recovery.settled();
  return response;
};
const resetPassword = (token: unknown, password: unknown) =>
  post('/service/reset-password', { token, password });
const login = (id: string, password: string) => post('/auth/login', { id, password });

/** The token of the latest reset link mailed to `to`. */
function tokenMailedTo(to: string): string {
  const text = t.app.services.outbox.last(to)?.text ?? '';
  const link = /http:\/\/panel\.test\/reset-password\?token=([^\s]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no reset link was mailed to ${to}`);
  return decodeURIComponent(link);
}

async function memberWithEmail(id: string, email: string) {
  const member = await createMember(t.app, { id });
  await t.app.database.db.update(accounts).set({ email }).where(eq(accounts.id, member.accountId));
  return member;
}

describe('POST /service/find-id', () => {
  it('answers the id masked and mails the full id to that address', async () => {
    await createMember(t.app, { id: 'findme123' });
    const response = await findId(' FindMe123@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'fi******3' });
    await t.app.services.recovery.settled();
    const mail = t.app.services.outbox.last('findme123@example.com');
    expect(mail?.subject).toBe('[(주)소셜부스트] 아이디 찾기 안내');
    expect(mail?.text).toContain('findme123');
    expect(mail?.html).toContain('findme123');
    expect(t.logs()).not.toContain('findme123@example.com');
  });

  it('answers 404 for an address no active member has', async () => {
    const member = await createMember(t.app, { id: 'gone1' });
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: t.clock.now() })
      .where(eq(accounts.id, member.accountId));
    for (const email of ['nobody@example.com', 'gone1@example.com']) {
      const response = await findId(email);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: ACCOUNT_MESSAGES.FIND_ID_NOT_FOUND,
        code: 'FIND_ID_NOT_FOUND',
      });
    }
    await t.app.services.recovery.settled();
    expect(t.app.services.outbox.messages()).toEqual([]);
  });

  it('names the most recent member when several share the address', async () => {
    await memberWithEmail('older1', 'shared@example.com');
    await memberWithEmail('newer22', 'Shared@Example.com');
    expect((await findId('shared@example.com')).json()).toEqual({ userId: 'ne****2' });
  });

  it('answers 400 to a malformed address and to unexpected input', async () => {
    for (const email of [
      'no-at.example.com',
      'a@b.c, d@e.f',
      '',
      'a\u0000@b.kr',
      `${'a'.repeat(300)}@b.kr`,
      7,
    ]) {
      const response = await findId(email);
      expect(response.statusCode).toBe(400);
    }
    expect((await findId('bad')).json()).toEqual({
      message: REGISTER_MESSAGES.EMAIL_FORMAT,
      code: 'BAD_REQUEST',
    });
  });

  it('is limited per client (shared with the code calls), so addresses cannot be swept', async () => {
    await createMember(t.app, { id: 'sweep1' });
    for (let i = 0; i < 5; i += 1)
      expect((await findId(`x${i}@example.com`, '10.7.7.7')).statusCode).toBe(404);
    expect((await post('/auth/send-email', { email: 'y@example.com' }, '10.7.7.7')).statusCode).toBe(200);
    const capped = await findId('sweep1@example.com', '10.7.7.7');
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBeDefined();
    expect((await findId('sweep1@example.com', '10.7.7.8')).statusCode).toBe(200);
  });
});

describe('POST /service/find-password', () => {
  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    await createMember(t.app, { id: 'resetme' });
    const known = await findPassword('ResetMe@example.com');
    const unknown = await findPassword('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.FIND_PASSWORD_SENT });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    expect(t.app.services.outbox.last('stranger@example.com')).toBeUndefined();
    const mail = t.app.services.outbox.last('resetme@example.com');
    expect(mail?.subject).toBe('[(주)소셜부스트] 비밀번호 재설정 안내');
    const token = tokenMailedTo('resetme@example.com');
    expect(mail?.html).toContain(
      `href="http://panel.test/reset-password?token=${encodeURIComponent(token)}"`,
    );
  });

  it('mails a signed token: purpose, the account, a jti on record, exp in seconds 30 minutes ahead', async () => {
    const member = await createMember(t.app, { id: 'claims1' });
    await findPassword('claims1@example.com');
    const claims = decodeJwt(tokenMailedTo('claims1@example.com'));
    const nowSeconds = t.clock.now().getTime() / 1000;
    expect(claims).toMatchObject({ purpose: 'password-reset', sub: String(member.accountId) });
    expect(claims.exp).toBe(nowSeconds + RESET_TOKEN_TTL_SECONDS);
    expect(Number.isInteger(claims.exp)).toBe(true);
    const [row] = await t.app.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, claims.jti!));
    expect(row).toMatchObject({ accountId: member.accountId, usedAt: null });
    expect(row?.expiresAt.getTime()).toBe(claims.exp! * 1000);
  });

  it('never says sent when the limit holds the mail: one a minute (then when to ask again) and a few a day, alike for unknown addresses', async () => {
    await createMember(t.app, { id: 'flooded' });
    expect((await findPassword('flooded@example.com', '10.1.0.1')).statusCode).toBe(200);
    const again = await findPassword('flooded@example.com', '10.1.0.2');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.RECOVERY_TOO_SOON(60), code: 'TOO_MANY_CODES' });
    expect(again.headers['retry-after']).toBe('60');
    expect(t.app.services.outbox.messages()).toHaveLength(1);
    // An address with no account is answered the same way: the answer tells nobody who is registered.
    expect((await findPassword('nobody-here@example.com', '10.1.0.3')).statusCode).toBe(200);
    const unknown = await findPassword('nobody-here@example.com', '10.1.0.4');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(again.json());
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(MINUTE);
      expect((await findPassword('flooded@example.com', `10.1.1.${i}`)).statusCode).toBe(200);
    }
    // A day holds three (perAddressPerDay in this file): the fourth is refused, not silently dropped.
    expect(t.app.services.outbox.messages()).toHaveLength(3);
    t.clock.advance(MINUTE);
    const capped = await findPassword('flooded@example.com', '10.1.2.1');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ message: ACCOUNT_MESSAGES.RECOVERY_DAILY_LIMIT });
    expect(t.app.services.outbox.messages()).toHaveLength(3);
  });

  it('a sign-up code, find id and find password each have their own minute: all three mails go out', async () => {
    const code = await t.app.inject({
      method: 'POST',
      url: '/auth/send-email',
      payload: { email: 'trio1@example.com' },
      remoteAddress: '10.3.0.1',
    });
    expect(code.statusCode).toBe(200);
    await createMember(t.app, { id: 'trio1' });
    expect((await findId('trio1@example.com', '10.3.0.2')).statusCode).toBe(200);
    expect((await findPassword('trio1@example.com', '10.3.0.3')).statusCode).toBe(200);
    await t.app.services.recovery.settled();
    expect(t.app.services.outbox.messages().filter((m) => m.to === 'trio1@example.com')).toHaveLength(3);
    // Find id again within the minute: told when, not told "sent".
    const again = await findId('trio1@example.com', '10.3.0.4');
    expect(again.statusCode).toBe(429);
    expect((again.json() as { message: string }).message).toMatch(/초 후에 다시 시도해주세요/);
  });

  it('answers 429 on the client alone, the same for known and unknown addresses', async () => {
    await createMember(t.app, { id: 'known1' });
    for (let i = 0; i < 6; i += 1) await findPassword(`nobody${i}@example.com`, '10.2.2.2');
    const known = await findPassword('known1@example.com', '10.2.2.2');
    const unknown = await findPassword('nobody9@example.com', '10.2.2.2');
    expect(known.statusCode).toBe(429);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      message: ERROR_CATALOG.TOO_MANY_REQUESTS.message,
      code: 'TOO_MANY_CODES',
    });
  });

  it('answers 400 to a malformed address', async () => {
    expect((await findPassword('nope')).statusCode).toBe(400);
    expect((await findPassword('x@y.kr\u0000')).statusCode).toBe(400);
  });
});

describe('POST /service/reset-password', () => {
  async function linkFor(id: string): Promise<string> {
    await createMember(t.app, { id });
    await findPassword(`${id}@example.com`);
    return tokenMailedTo(`${id}@example.com`);
  }

  it('sets the new password once; the old one stops working', async () => {
    const token = await linkFor('resetter');
    const response = await resetPassword(token, 'brand-new-pass-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.PASSWORD_RESET });
    expect((await login('resetter', 'brand-new-pass-1')).statusCode).toBe(200);
    expect((await login('resetter', 'correct-horse-1')).statusCode).toBe(404);

    const reuse = await resetPassword(token, 'another-pass-22');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      message: ACCOUNT_MESSAGES.RESET_LINK_INVALID,
      code: 'RESET_TOKEN_INVALID',
    });
    expect((await login('resetter', 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('ends the sessions of the old password: a token issued before the reset is 401', async () => {
    const member = await memberWithEmail('sessioner', 'sessioner@example.com');
    const before = await tokenFor(t.app, member);
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profile(before)).statusCode).toBe(200);
    t.clock.advance(2_000);
    await findPassword('sessioner@example.com');
    expect((await resetPassword(tokenMailedTo('sessioner@example.com'), 'brand-new-pass-1')).statusCode).toBe(
      200,
    );
    expect((await profile(before)).statusCode).toBe(401);
    t.clock.advance(1_000);
    const after = await login('sessioner', 'brand-new-pass-1');
    expect((await profile(after.json().accessToken as string)).statusCode).toBe(200);
  });

  it('refuses an expired link (exp is checked in seconds on the server clock)', async () => {
    const token = await linkFor('slowpoke');
    t.clock.advance(RESET_TOKEN_TTL_SECONDS * 1000 - 1000);
    const early = await linkFor('quick1');
    expect((await resetPassword(early, 'brand-new-pass-1')).statusCode).toBe(200);
    t.clock.advance(1000);
    const late = await resetPassword(token, 'brand-new-pass-1');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses forged, tampered, foreign-purpose and malformed tokens', async () => {
    const member = await createMember(t.app, { id: 'target1' });
    await findPassword('target1@example.com');
    const real = tokenMailedTo('target1@example.com');
    const { jti } = decodeJwt(real);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const sign = (claims: Record<string, unknown>, secret = TEST_SECRET, sub = String(member.accountId)) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('smm-panel')
        .setSubject(sub)
        .setJti(jti!)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(secret));

    const [header, payload, signature] = real.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(real), sub: String(member.accountId + 1) }),
    ).toString('base64url');
    const forged = [
      await sign({ purpose: 'password-reset' }, 'some-other-secret-some-other-secret-01'),
      await sign({ purpose: 'login' }),
      await sign({ role: 'member' }),
      await tokenFor(t.app, member), // a login token is not a reset token
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}xx`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      'not-a-token',
      '',
      'a.b.c',
    ];
    for (const token of forged) {
      const response = await resetPassword(token, 'brand-new-pass-1');
      expect(response.statusCode, token).toBe(400);
      expect(response.json().code, token).toBe('RESET_TOKEN_INVALID');
    }
    // A reset token is no login token either.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { authorization: `Bearer ${real}` },
    });
    expect(profile.statusCode).toBe(401);
    expect((await resetPassword(real, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('checks the new password with the sign-up rules first', async () => {
    const token = await linkFor('rules1');
    for (const [password, message] of [
      ['', REGISTER_MESSAGES.PASSWORD_REQUIRED],
      ['has space 123', REGISTER_MESSAGES.PASSWORD_HAS_SPACE],
      ['short', REGISTER_MESSAGES.PASSWORD_TOO_SHORT],
    ] as const) {
      const response = await resetPassword(token, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    }
    expect((await resetPassword(token, 'x'.repeat(600))).statusCode).toBe(400);
    expect((await resetPassword('x'.repeat(3000), 'brand-new-pass-1')).statusCode).toBe(400);
    expect((await resetPassword(`${token}\u0000`, 'brand-new-pass-1')).statusCode).toBe(400);
    expect((await resetPassword(token, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('applies two racing resets with one link once', async () => {
    const token = await linkFor('racer');
    const results = await Promise.all([
      resetPassword(token, 'first-pass-111'),
      resetPassword(token, 'second-pass-222'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? 'first-pass-111' : 'second-pass-222';
    expect((await login('racer', winner)).statusCode).toBe(200);
  });

  it('retires the account’s other links, and refuses a link of a deleted account', async () => {
    await createMember(t.app, { id: 'twolinks' });
    await findPassword('twolinks@example.com');
    const first = tokenMailedTo('twolinks@example.com');
    t.clock.advance(MINUTE);
    await findPassword('twolinks@example.com');
    const second = tokenMailedTo('twolinks@example.com');
    expect(second).not.toBe(first);
    expect((await resetPassword(second, 'brand-new-pass-1')).statusCode).toBe(200);
    expect((await resetPassword(first, 'brand-new-pass-2')).statusCode).toBe(400);

    const token = await linkFor('leaver');
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: t.clock.now() })
      .where(eq(accounts.loginId, 'leaver'));
    expect((await resetPassword(token, 'brand-new-pass-1')).statusCode).toBe(400);
  });

  it('never writes the token, the link or the passwords to the log', async () => {
    const token = await linkFor('quiet1');
    await resetPassword(token, 'brand-new-pass-1');
    await resetPassword(token, 'brand-new-pass-2');
    const logs = t.logs();
    expect(logs).toContain('/service/reset-password');
    for (const secret of [
      token,
      token.split('.')[2]!,
      'brand-new-pass-1',
      'brand-new-pass-2',
      'quiet1@example.com',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
