import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import { bearer, createMember, creditMember, tokenFor, type TestMember } from '../test/factories';
import { createTestApp, testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * docs/ARCHITECTURE.md#the-account-cache: the member guard answers from memory, and each writer of what
 * it decides on — an operator's suspension or restore, a password change, a deletion — drops that
 * memory, so the change bites on the member's next request; on PostgreSQL in every process.
 */
const t = useTestApp();

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });

async function operatorAct(operator: TestMember, member: TestMember, verb: 'suspend' | 'restore') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/admin/api/members/${member.id}/${verb}`,
    headers: bearer(await tokenFor(t.app, operator)),
    payload: { memo: '약관 위반 확인' },
  });
  expect(response.statusCode).toBe(200);
}

async function changePassword(member: TestMember, token: string) {
  // Tokens count in whole seconds: the change is later than the token's issue.
  t.clock.advance(2_000);
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/change-password',
    headers: bearer(token),
    payload: { currentPassword: member.password, newPassword: 'brand-new-pass-9' },
  });
  expect(response.statusCode).toBe(200);
}

async function deleteAccount(token: string) {
  const response = await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
}

describe(`the member guard's account cache on ${testDatabaseKind}`, () => {
  it('answers from memory: a write behind the writers’ back is not seen, a write through them is, at once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const token = await tokenFor(t.app, member);
    expect((await profile(t.app, token)).statusCode).toBe(200);
    // Not through a writer: the guard does not ask the database again, so it does not know.
    await t.app.database.db
      .update(accounts)
      .set({ suspendedAt: new Date() })
      .where(eq(accounts.id, member.accountId));
    expect((await profile(t.app, token)).statusCode).toBe(200);
    await t.app.database.db
      .update(accounts)
      .set({ suspendedAt: null })
      .where(eq(accounts.id, member.accountId));

    await operatorAct(operator, member, 'suspend');
    const refused = await profile(t.app, token);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([401, 'TOKEN_SUSPENDED']);
    await operatorAct(operator, member, 'restore');
    expect((await profile(t.app, token)).statusCode).toBe(200);
  });

  it('a password change ends the old token on its next request; so does deleting the account', async () => {
    const member = await createMember(t.app);
    const token = await tokenFor(t.app, member);
    expect((await profile(t.app, token)).statusCode).toBe(200);
    await changePassword(member, token);
    expect((await profile(t.app, token)).statusCode).toBe(401);

    const leaving = await createMember(t.app);
    const leavingToken = await tokenFor(t.app, leaving);
    expect((await profile(t.app, leavingToken)).statusCode).toBe(200);
    await deleteAccount(leavingToken);
    expect((await profile(t.app, leavingToken)).statusCode).toBe(401);
  });

  it('the profile is not cached: the balance is read on each call', async () => {
    const member = await createMember(t.app, { point: 1000 });
    const token = await tokenFor(t.app, member);
    expect((await profile(t.app, token)).json<{ point: number }>().point).toBe(1000);
    await creditMember(t.app, member.accountId, 1500);
    expect((await profile(t.app, token)).json<{ point: number }>().point).toBe(2500);
  });

  // Two server processes on one PostgreSQL: each caches; a writer in one reaches the other by NOTIFY,
  // well before the cache's 30-second time to live would.
  it.runIf(testDatabaseKind === 'postgres')(
    'on PostgreSQL a suspension, a restore, a password change and a deletion in one process bite in another',
    async () => {
      const other = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
      const soon = { timeout: 3000, interval: 20 };
      try {
        const operator = await createMember(t.app, { role: 'admin' });
        const member = await createMember(t.app);
        const token = await tokenFor(t.app, member);
        expect((await profile(other.app, token)).statusCode).toBe(200);
        // The other process answers from its memory: a write behind the writers' back is not seen there.
        await t.app.database.db
          .update(accounts)
          .set({ suspendedAt: new Date() })
          .where(eq(accounts.id, member.accountId));
        expect((await profile(other.app, token)).statusCode).toBe(200);
        await t.app.database.db
          .update(accounts)
          .set({ suspendedAt: null })
          .where(eq(accounts.id, member.accountId));

        await operatorAct(operator, member, 'suspend');
        await expect.poll(async () => (await profile(other.app, token)).statusCode, soon).toBe(401);
        await operatorAct(operator, member, 'restore');
        await expect.poll(async () => (await profile(other.app, token)).statusCode, soon).toBe(200);

        await changePassword(member, token);
        await expect.poll(async () => (await profile(other.app, token)).statusCode, soon).toBe(401);

        const leaving = await createMember(t.app);
        const leavingToken = await tokenFor(t.app, leaving);
        expect((await profile(other.app, leavingToken)).statusCode).toBe(200);
        await deleteAccount(leavingToken);
        await expect.poll(async () => (await profile(other.app, leavingToken)).statusCode, soon).toBe(401);
      } finally {
        await other.app.close();
      }
    },
  );
});
