import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import { bearer, createMember, tokenFor } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { accountOf } from './guards';

const t = useTestApp({}, (app) => {
  // Routes declare who may call them; these probes stand for the member, operator and public API.
  for (const auth of ['member', 'operator', 'apiKey'] as const) {
    app.get(`/probe/${auth}`, { config: { auth } }, (request) => ({ loginId: accountOf(request).loginId }));
  }
  app.get('/probe/public', () => ({ ok: true }));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('declared guards', () => {
  it('member: a valid token of an active account, else 401', async () => {
    const member = await createMember(t.app);
    const token = await tokenFor(t.app, member);
    expect((await get('/probe/member')).statusCode).toBe(401);
    expect((await get('/probe/member', { authorization: 'Basic abc' })).statusCode).toBe(401);
    const ok = await get('/probe/member', bearer(token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ loginId: member.id });
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: new Date() })
      .where(eq(accounts.id, member.accountId));
    // As every writer of the guard's facts does after its commit (docs/ARCHITECTURE.md#the-account-cache).
    await t.app.services.cacheBus.publishAccount(member.accountId);
    expect((await get('/probe/member', bearer(token))).json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('operator: 401 without a token, 403 for a member, and the role is the current one', async () => {
    const member = await createMember(t.app);
    const operator = await createMember(t.app, { role: 'admin' });
    expect((await get('/probe/operator')).statusCode).toBe(401);
    const refused = await get('/probe/operator', bearer(await tokenFor(t.app, member)));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: '권한이 없습니다.', code: 'FORBIDDEN' });
    const operatorToken = await tokenFor(t.app, operator);
    expect((await get('/probe/operator', bearer(operatorToken))).statusCode).toBe(200);
    // Demoted after the token was issued: the token still says admin, the database does not.
    await t.app.database.db
      .update(accounts)
      .set({ role: 'member' })
      .where(eq(accounts.id, operator.accountId));
    await t.app.services.cacheBus.publishAccount(operator.accountId);
    expect((await get('/probe/operator', bearer(operatorToken))).statusCode).toBe(403);
  });

  it('apiKey: the api-key header names the account by its hash; a wrong or missing key is 401', async () => {
    const member = await createMember(t.app, { apiKey: true });
    const ok = await get('/probe/apiKey', { 'api-key': member.apiKey! });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ loginId: member.id });
    expect((await get('/probe/apiKey')).statusCode).toBe(401);
    expect((await get('/probe/apiKey', { 'api-key': `${member.apiKey}x` })).json()).toMatchObject({
      code: 'API_KEY_INVALID',
    });
    // A member token is not an API key.
    expect((await get('/probe/apiKey', bearer(await tokenFor(t.app, member)))).statusCode).toBe(401);
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(row?.apiKeyHash).not.toContain(member.apiKey!);
    expect(row?.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves undeclared routes public', async () => {
    expect((await get('/probe/public')).statusCode).toBe(200);
  });
});
