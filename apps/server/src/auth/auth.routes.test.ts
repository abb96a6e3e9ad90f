import { LOGIN_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import { createMember, tokenFor } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/auth/register', payload });
const login = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload, remoteAddress });
const profile = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/auth/profile',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

const valid = {
  id: 'newmember',
  password: 'pass-1234',
  email: 'new@example.com',
  registerWhere: '지인 추천',
};

async function accountCount(): Promise<number> {
  return (await t.app.database.db.select().from(accounts)).length;
}

describe('POST /auth/register', () => {
  it('creates a member with a hashed password and answers 201', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: REGISTER_MESSAGES.SUCCESS });
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, 'newmember'));
    expect(row?.role).toBe('member');
    expect(row?.point).toBe(0);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('pass-1234');
  });

  // The server applies the sign-up rules in the form's order (docs/product.md#login-and-sign-up-rules);
  // each case also breaks later rules.
  it.each([
    [{ ...valid, id: '', password: 'a b', email: 'bad' }, REGISTER_MESSAGES.ID_REQUIRED],
    [{ ...valid, id: 'a b', password: 'a b', email: 'bad' }, REGISTER_MESSAGES.ID_HAS_SPACE],
    [{ ...valid, password: 'a b', email: 'bad' }, REGISTER_MESSAGES.PASSWORD_HAS_SPACE],
    [{ ...valid, email: 'no-at.example.com', password: '' }, REGISTER_MESSAGES.EMAIL_FORMAT],
    [{ ...valid, password: '', registerWhere: '' }, REGISTER_MESSAGES.PASSWORD_REQUIRED],
    [{ ...valid, registerWhere: '' }, REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED],
    [{ ...valid, registerWhere: '존재하지 않는 경로' }, REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED],
  ])('refuses %j with its message and stores nothing', async (payload, message) => {
    const before = await accountCount();
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'REGISTER_INVALID' });
    expect(await accountCount()).toBe(before);
  });

  // The code steps are built (auth/verification.test.ts covers them): the flags reach the web as stored.
  it('tells the web app the code flags as stored, and then asks for the codes', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    await t.app.services.settings.set('ENABLE_PHONE_NUMBER', 'true');
    const settings = (await t.app.inject({ method: 'GET', url: '/service/settings' })).json() as {
      key: string;
      value: string;
    }[];
    expect(settings).toContainEqual({ key: 'ENABLE_EMAIL_VERIFY', value: 'true' });
    expect(settings).toContainEqual({ key: 'ENABLE_PHONE_NUMBER', value: 'true' });
    const response = await register(valid);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REGISTER_MESSAGES.EMAIL_CODE_NOT_SENT);
  });

  it('answers 409 for a taken id, whatever its case', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    const again = await register({ ...valid, id: 'NewMember', email: 'other@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ID_TAKEN', message: REGISTER_MESSAGES.ID_TAKEN });
    expect(await accountCount()).toBe(1);
  });

  it('gives exactly one 201 when two sign-ups race for one id', async () => {
    const results = await Promise.all([register(valid), register({ ...valid, email: 'b@example.com' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 400 to a body of the wrong shape', async () => {
    const response = await register({ ...valid, id: 12345 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: '입력 양식을 맞춰주세요.', code: 'BAD_REQUEST' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('BAD_REQUEST');
  });
});

describe('POST /auth/login and GET /auth/profile', () => {
  it('issues a token that opens the profile', async () => {
    const member = await createMember(t.app);
    const response = await login({ id: member.id, password: member.password });
    expect(response.statusCode).toBe(200);
    const opened = await profile(response.json().accessToken);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ id: member.id, point: 0, apiKey: null });
  });

  it('shows the balance and, once a key exists, its masked form (never the key or a label)', async () => {
    const member = await createMember(t.app, { point: 12_500, apiKey: true });
    const body = (await profile(await tokenFor(t.app, member))).json();
    expect(body.point).toBe(12_500);
    // Masked: the public prefix and the last four characters.
    expect(body.apiKey).toMatch(/^smm_[0-9a-f]{8}…[A-Za-z0-9_-]{4}$/);
    const [prefix, lastFour] = (body.apiKey as string).split('…');
    expect(member.apiKey?.startsWith(`${prefix}_`)).toBe(true);
    expect(member.apiKey?.endsWith(lastFour!)).toBe(true);
    expect(body.apiKey).not.toBe(member.apiKey);
  });

  it('answers 400 with the login rule message for a malformed form', async () => {
    const empty = await login({ id: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(LOGIN_MESSAGES.ID_REQUIRED);
    expect((await login({ id: 'a b', password: 'x' })).json().message).toBe(LOGIN_MESSAGES.ID_HAS_SPACE);
    expect((await login({ id: 'ab', password: '' })).json().message).toBe(LOGIN_MESSAGES.PASSWORD_REQUIRED);
  });

  it('answers 404 for an unknown id and for a wrong password alike', async () => {
    const member = await createMember(t.app);
    const unknown = await login({ id: 'nobody', password: 'whatever' });
    const wrong = await login({ id: member.id, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(404);
    expect(wrong.statusCode).toBe(404);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe(LOGIN_MESSAGES.WRONG_CREDENTIALS);
  });

  it('refuses missing, malformed, forged and expired tokens with 401', async () => {
    const member = await createMember(t.app);
    const token = await tokenFor(t.app, member);

    expect((await profile()).statusCode).toBe(401);
    expect((await profile('not-a-jwt')).statusCode).toBe(401);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('smm-panel')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret!!'));
    const forgedResponse = await profile(forged);
    expect(forgedResponse.statusCode).toBe(401);
    expect(forgedResponse.json().code).toBe('TOKEN_INVALID');

    expect((await profile(token)).statusCode).toBe(200);
    t.clock.advance(3600 * 1000 + 1000); // past the one-hour test TTL, no sleeping
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('refuses a token whose account was deleted', async () => {
    const member = await createMember(t.app);
    const token = await tokenFor(t.app, member);
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: new Date() })
      .where(eq(accounts.loginId, member.id));
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('login rate limits', () => {
  // The per-id ceiling (5 in testConfig); per-(id, address) limits are in hardening.test.ts.
  it('refuses new addresses once an id reaches its failure ceiling, until the window passes', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await login({ id: member.id, password: 'bad' }, `10.0.1.${i}`)).statusCode).toBe(404);
    }
    // Even the right password is refused from an address that never signed in to this id.
    const locked = await login({ id: member.id, password: member.password }, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');

    t.clock.advance(901 * 1000);
    expect((await login({ id: member.id, password: member.password }, '10.0.2.1')).statusCode).toBe(200);
  });

  it('limits attempts from one address across many ids', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login({ id: `nobody${i}`, password: 'x' }, '10.9.9.9')).statusCode).toBe(404);
    }
    expect((await login({ id: 'nobody-else', password: 'x' }, '10.9.9.9')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login({ id: 'nobody-else', password: 'x' }, '10.9.9.10')).statusCode).toBe(404);
  });

  it('clears the failure count of an (id, address) after a successful login from it', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 4; i++) await login({ id: member.id, password: 'bad' }, '10.0.3.1');
    expect((await login({ id: member.id, password: member.password }, '10.0.3.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login({ id: member.id, password: 'bad' }, '10.0.3.1')).statusCode).toBe(404);
    }
    expect((await login({ id: member.id, password: member.password }, '10.0.3.1')).statusCode).toBe(200);
  });
});
