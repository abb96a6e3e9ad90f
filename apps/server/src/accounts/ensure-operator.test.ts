import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { accounts } from '../db/schema';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { ensureOperator } from './ensure-operator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ admin: { id: 'operator', password: 'operator-pass-1' } });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const rowOf = async (loginId: string) =>
  (await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, loginId)))[0];
const login = (id: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { id, password } });

describe('ADMIN_ID at start', () => {
  it('refuses to start when ADMIN_ID names a member, in any case, and leaves the member as it was', async () => {
    const member = await createMember(t.app, { id: 'member.kim', apiKey: true });
    const before = await rowOf('member.kim');
    for (const id of ['member.kim', 'Member.Kim']) {
      const attempt = ensureOperator(t.app.database.db, { id, password: 'takeover-pass-1' });
      await expect(attempt).rejects.toThrow(ConfigError);
      await expect(ensureOperator(t.app.database.db, { id, password: 'takeover-pass-1' })).rejects.toThrow(
        /ADMIN_ID: "[^"]+" is the id of an existing member account/,
      );
    }
    expect(await rowOf('member.kim')).toEqual(before);
    expect(before?.role).toBe('member');
    expect((await login(member.id, member.password)).statusCode).toBe(200);
    expect((await login(member.id, 'takeover-pass-1')).statusCode).toBe(404);
    // Nothing else changed either: the operator is still the operator.
    expect((await rowOf('operator'))?.role).toBe('admin');
  });

  it('refuses a deleted member id too (reviving it would inherit its e-mail and keys)', async () => {
    await createMember(t.app, { id: 'gone.member' });
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: new Date() })
      .where(eq(accounts.loginId, 'gone.member'));
    await expect(
      ensureOperator(t.app.database.db, { id: 'gone.member', password: 'x'.repeat(8) }),
    ).rejects.toThrow(ConfigError);
  });

  it('creates a fresh operator, and resets an existing operator password', async () => {
    const fresh = await ensureOperator(t.app.database.db, { id: 'operator', password: 'new-operator-pass' });
    expect(fresh).toEqual({ created: false, demoted: [] });
    expect((await login('operator', 'operator-pass-1')).statusCode).toBe(404);
    expect((await login('Operator', 'new-operator-pass')).statusCode).toBe(200);
  });

  it('demotes a former operator when ADMIN_ID changes', async () => {
    const outcome = await ensureOperator(t.app.database.db, { id: 'new.boss', password: 'new-boss-pass-1' });
    expect(outcome).toEqual({ created: true, demoted: ['operator'] });
    expect((await rowOf('operator'))?.role).toBe('member');
    expect((await rowOf('new.boss'))?.role).toBe('admin');
    expect((await login('new.boss', 'new-boss-pass-1')).statusCode).toBe(200);
    // Back again: the earlier operator account (created as operator, no e-mail) is operator again.
    const back = await ensureOperator(t.app.database.db, { id: 'operator', password: 'operator-pass-1' });
    expect(back).toEqual({ created: false, demoted: ['new.boss'] });
    expect((await rowOf('operator'))?.role).toBe('admin');
    expect((await rowOf('new.boss'))?.role).toBe('member');
  });
});
