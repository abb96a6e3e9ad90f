import { ACCOUNT_MESSAGES, ChargeStatus, LOGIN_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, charges, orders, pointLedger, rateLimitHits, socialIdentities } from '../db/schema';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../test/factories';
import { reportDeposit, requestCharge } from '../test/charge-factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import {
  AccountSettingsService,
  CHANGE_PASSWORD_LIMIT,
  OPERATOR_CANNOT_DELETE_MESSAGE,
} from './account-settings.service';
import { LoginThrottle } from './login-throttle';

const t = useTestApp();

async function call(
  member: TestMember | null,
  method: 'POST' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: member ? bearer(await tokenFor(t.app, member)) : {},
    ...(payload ? { payload } : {}),
  });
}
const changePassword = (member: TestMember, currentPassword: unknown, newPassword: unknown) =>
  call(member, 'POST', '/auth/change-password', { currentPassword, newPassword });
const login = (id: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { id, password }, remoteAddress });
const accountRow = async (id: number) =>
  (await t.app.database.db.select().from(accounts).where(eq(accounts.id, id)))[0];

describe(`POST /auth/change-password on ${testDatabaseKind}`, () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const member = await createMember(t.app);
    const before = (await accountRow(member.accountId))?.passwordHash;
    const response = await changePassword(member, member.password, 'brand-new-pass-9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.PASSWORD_CHANGED });
    const after = (await accountRow(member.accountId))?.passwordHash;
    expect(after).toMatch(/^\$argon2id\$/);
    expect(after).not.toBe(before);
    expect(after).not.toContain('brand-new-pass-9');

    expect((await login(member.id, member.password)).statusCode).toBe(404);
    const fresh = await login(member.id, 'brand-new-pass-9');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().accessToken).toEqual(expect.any(String));
  });

  // Change password's rules (docs/product.md#account-rules) in their order, then the sign-up password rules;
  // each case also breaks a later rule, and nothing counts as a wrong guess or changes the password.
  it.each([
    ['', '', ACCOUNT_MESSAGES.CURRENT_PASSWORD_REQUIRED],
    ['whatever-1', '', ACCOUNT_MESSAGES.NEW_PASSWORD_REQUIRED],
    ['whatever-1', 'has space 1', REGISTER_MESSAGES.PASSWORD_HAS_SPACE],
    ['whatever-1', 'short', REGISTER_MESSAGES.PASSWORD_TOO_SHORT],
  ])('refuses current %j / new %j with 400 and its message', async (current, next, message) => {
    const member = await createMember(t.app);
    const response = await changePassword(member, current, next);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    expect((await login(member.id, member.password)).statusCode).toBe(200);
    expect(
      await t.app.database.db
        .select()
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} LIKE 'change-password:%'`),
    ).toEqual([]);
  });

  it.each([
    ['NUL in the current password', { currentPassword: 'a\u0000b', newPassword: 'brand-new-pass-9' }],
    ['a huge new password', { currentPassword: 'x', newPassword: 'y'.repeat(20_000) }],
    ['a number', { currentPassword: 12345678, newPassword: 'brand-new-pass-9' }],
  ])('answers %s with 400, never 500', async (_name, payload) => {
    const member = await createMember(t.app);
    const response = await call(member, 'POST', '/auth/change-password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('ends every session of the old password: tokens issued before the change are 401, new logins work', async () => {
    const member = await createMember(t.app);
    const stolen = await tokenFor(t.app, member);
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    expect((await profile(stolen)).statusCode).toBe(200);
    t.clock.advance(5_000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: bearer(stolen),
      payload: { currentPassword: member.password, newPassword: 'brand-new-pass-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(stolen)).statusCode).toBe(401);
    t.clock.advance(1_000);
    const fresh = await login(member.id, 'brand-new-pass-9');
    expect((await profile(fresh.json().accessToken as string)).statusCode).toBe(200);
  });

  it('answers 409 CURRENT_PASSWORD_WRONG to a wrong current password and keeps the password', async () => {
    const member = await createMember(t.app);
    const response = await changePassword(member, 'not-my-password', 'brand-new-pass-9');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG,
      code: 'CURRENT_PASSWORD_WRONG',
    });
    expect((await login(member.id, member.password)).statusCode).toBe(200);
    expect((await login(member.id, 'brand-new-pass-9')).statusCode).toBe(404);
  });

  it('refuses further attempts with 429 and Retry-After after 5 wrong guesses, for that account only', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.maxAttempts; i++) {
      expect((await changePassword(member, `guess-${i}`, 'brand-new-pass-9')).statusCode).toBe(409);
    }
    // Even the right password waits now: a stolen token cannot keep guessing.
    const refused = await changePassword(member, member.password, 'brand-new-pass-9');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CHANGE_PASSWORD_LIMIT.windowSeconds);
    expect((await login(member.id, member.password)).statusCode).toBe(200);
    // Another account is not affected.
    expect((await changePassword(other, other.password, 'brand-new-pass-8')).statusCode).toBe(200);

    t.clock.advance(CHANGE_PASSWORD_LIMIT.windowSeconds * 1000);
    expect((await changePassword(member, member.password, 'brand-new-pass-9')).statusCode).toBe(200);
  });

  it('counts parallel guesses exactly: 8 at once get 5 answers of 409 and 3 of 429', async () => {
    const member = await createMember(t.app);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => changePassword(member, `guess-${i}`, 'brand-new-pass-9')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429, 429, 429]);
  });

  it('clears the count when the right password is given', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.maxAttempts - 1; i++) {
      expect((await changePassword(member, `guess-${i}`, 'brand-new-pass-9')).statusCode).toBe(409);
    }
    expect((await changePassword(member, member.password, 'brand-new-pass-9')).statusCode).toBe(200);
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.maxAttempts; i++) {
      expect((await changePassword(member, `guess-${i}`, 'other-pass-77')).statusCode).toBe(409);
    }
  });

  it('answers 401 without a token', async () => {
    const response = await call(null, 'POST', '/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'brand-new-pass-9',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /auth/referral-code', () => {
  const issue = (member: TestMember) => call(member, 'POST', '/auth/referral-code');

  it('answers 404 while ENABLE_REFERRAL is off, and issues nothing', async () => {
    await t.app.services.settings.set('ENABLE_REFERRAL', 'false');
    const member = await createMember(t.app);
    const response = await issue(member);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await accountRow(member.accountId))?.referralCode).toBeNull();
  });

  it('issues a readable code once; asking again, even at once, gives the same code', async () => {
    await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
    const member = await createMember(t.app);
    const [first, racing] = await Promise.all([issue(member), issue(member)]);
    expect(first?.statusCode).toBe(200);
    const code = first?.json().referralCode as string;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(racing?.json()).toEqual({ referralCode: code });
    expect((await issue(member)).json()).toEqual({ referralCode: code });
    const profile = await call(member, 'GET', '/auth/profile');
    expect(profile.json().referralCode).toBe(code);
  });

  it('gives every member a different code', async () => {
    await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(t.app)));
    const codes = await Promise.all(members.map(async (m) => (await issue(m)).json().referralCode as string));
    expect(new Set(codes).size).toBe(12);
  });

  it('draws again when the drawn code is already someone else’s', async () => {
    await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
    const holder = await createMember(t.app);
    await t.app.database.db
      .update(accounts)
      .set({ referralCode: 'TAKEN234' })
      .where(eq(accounts.id, holder.accountId));
    const member = await createMember(t.app);
    const draws = ['TAKEN234', 'TAKEN234', 'FREE2345'];
    const service = new AccountSettingsService(
      t.app.database.db,
      t.app.services.settings,
      t.clock,
      new LoginThrottle(t.app.database.db, t.clock, {
        maxFailuresPerIdAndAddress: 5,
        maxFailuresPerId: 5,
        maxAttemptsPerAddress: 5,
        windowSeconds: 60,
      }),
      (id) => t.app.services.cacheBus.publishAccount(id),
      () => draws.shift() ?? 'NEVER234',
    );
    const account = await t.app.services.auth.authenticateToken(await tokenFor(t.app, member));
    expect(await service.issueReferralCode(account)).toEqual({ referralCode: 'FREE2345' });
    expect(draws).toEqual([]);
  });

  it('is recorded on a member who signs up with it (typed in lower case), and an unknown code is a 400', async () => {
    await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
    const referrer = await createMember(t.app);
    const code = (await issue(referrer)).json().referralCode as string;
    const signUp = (id: string, referral: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: {
          id,
          password: 'pass-1234',
          email: `${id}@example.com`,
          registerWhere: '지인 추천',
          referral,
        },
      });
    expect((await signUp('referred1', ` ${code.toLowerCase()} `)).statusCode).toBe(201);
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, 'referred1'));
    expect(row?.referredBy).toBe(referrer.accountId);
    const unknown = await signUp('referred2', 'NOPE2345');
    expect(unknown.statusCode).toBe(400);
  });
});

describe(`DELETE /auth/account on ${testDatabaseKind}`, () => {
  async function memberWithHistory() {
    const member = await createMember(t.app, { point: 50_000, apiKey: true });
    const token = await tokenFor(t.app, member);
    const service = await catalogService(t.app);
    await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      amount: service.min,
    });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    return { member, token };
  }
  const rowsOf = async (accountId: number) => ({
    ledger: await t.app.database.db.select().from(pointLedger).where(eq(pointLedger.accountId, accountId)),
    orders: await t.app.database.db.select().from(orders).where(eq(orders.accountId, accountId)),
    charges: await t.app.database.db.select().from(charges).where(eq(charges.accountId, accountId)),
  });

  it('ends the account at once: no login, token and API key refused, personal data released', async () => {
    const { member, token } = await memberWithHistory();
    expect((await login(member.id, member.password)).statusCode).toBe(200);
    const knownBefore = await t.app.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `login:known:${member.id}|10.0.0.1`));
    expect(knownBefore).toHaveLength(1);
    await t.app.database.db
      .insert(socialIdentities)
      .values({ provider: 'naver', providerUserId: 'naver-user-1', accountId: member.accountId });

    const response = await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.ACCOUNT_DELETED });

    // The login limiter forgets the id: it may belong to someone else next.
    const limiterRows = await t.app.database.db
      .select()
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} LIKE ${`login:%${member.id}%`}`);
    expect(limiterRows).toEqual([]);
    // The same token, at once (the guard reads deleted_at on every request).
    const profile = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { 'api-key': member.apiKey ?? '' },
    });
    expect(api.statusCode).toBe(401);
    const refused = await login(member.id, member.password);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(LOGIN_MESSAGES.WRONG_CREDENTIALS);

    const row = await accountRow(member.accountId);
    expect(row).toMatchObject({
      loginId: `deleted:${member.accountId}`,
      email: '',
      phoneNumber: null,
      referralCode: null,
      registerWhere: '',
      apiKeyHash: null,
      apiKeyPrefix: null,
      apiKeySuffix: null,
    });
    expect(row?.deletedAt).toEqual(t.clock.now());
    expect(row?.passwordHash).not.toMatch(/^\$argon2/);
    expect(
      await t.app.database.db
        .select()
        .from(socialIdentities)
        .where(eq(socialIdentities.accountId, member.accountId)),
    ).toEqual([]);
  });

  it('keeps the ledger, orders and charges (a waiting charge ended), refuses a later deposit, and the balance equal to the ledger', async () => {
    const { member, token } = await memberWithHistory();
    const before = await rowsOf(member.accountId);
    const balance = await pointOf(t.app, member.accountId);
    expect(before.ledger.length).toBe(2);
    expect(before.orders.length).toBe(1);
    expect(before.charges.length).toBe(1);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) })).statusCode,
    ).toBe(200);

    const after = await rowsOf(member.accountId);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.orders).toEqual(before.orders);
    // The charge still waiting for its transfer is kept, ended (거절) with the account: a transfer
    // arriving later is held for an operator instead of crediting an account nobody can use.
    expect(after.charges).toEqual(
      before.charges.map((charge) => ({
        ...charge,
        status: ChargeStatus.FAIL,
        responseAt: expect.any(Date),
      })),
    );
    const late = await reportDeposit(t.app, {
      name: '홍길동',
      amount: 10_000,
      depositedAt: '2026-11-22T18:30:00+09:00',
      reference: 'after-deletion-1',
    });
    expect(late).toMatchObject({ status: 'LATE' });
    // The account page warns the points vanish: they stay on the unusable account, so point = Σ ledger holds.
    expect(await pointOf(t.app, member.accountId)).toBe(balance);
    for (const { point, ledger } of await balancesAndLedgerSums(t.app)) expect(point).toBe(ledger);
  });

  it('frees the id: it can be registered again, as a new account with nothing of the old one', async () => {
    const { member, token } = await memberWithHistory();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) })).statusCode,
    ).toBe(200);

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        id: member.id.toUpperCase(),
        password: 'another-pass-1',
        email: 'new@example.com',
        registerWhere: '지인 추천',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const fresh = await login(member.id, 'another-pass-1');
    expect(fresh.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: bearer(fresh.json().accessToken),
    });
    expect(profile.json()).toEqual({ id: member.id.toUpperCase(), point: 0, apiKey: null });
    expect((await login(member.id, member.password)).statusCode).toBe(404);
  });

  it('refuses an operator with 403 and leaves the account as it was', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const response = await call(operator, 'DELETE', '/auth/account');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: OPERATOR_CANNOT_DELETE_MESSAGE, code: 'FORBIDDEN' });
    const row = await accountRow(operator.accountId);
    expect(row?.deletedAt).toBeNull();
    expect(row?.loginId).toBe(operator.id);
    expect((await login(operator.id, operator.password)).statusCode).toBe(200);
  });

  it('answers 401 without a token, and a deleted member’s referral code no longer refers anyone', async () => {
    expect((await call(null, 'DELETE', '/auth/account')).statusCode).toBe(401);
    await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
    const member = await createMember(t.app);
    const code = (await call(member, 'POST', '/auth/referral-code')).json().referralCode as string;
    expect((await call(member, 'DELETE', '/auth/account')).statusCode).toBe(200);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        id: 'referred9',
        password: 'pass-1234',
        email: 'r9@example.com',
        registerWhere: '지인 추천',
        referral: code,
      },
    });
    expect(signUp.statusCode).toBe(400);
  });
});
