import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import { bearer, createMember, creditMember, tokenFor, type TestMember } from '../test/factories';
import { createTestApp, testDatabaseKind, useTestApp } from '../test/test-app';
import { ApiKeyCache } from './api-key-cache';
import { generateApiKey } from './api-keys';
import { accountRepository } from '../accounts/account.repository';

/**
 * docs/ARCHITECTURE.md#the-account-cache: the public API finds the caller of a key from memory, and
 * every change of the account (a new key, a suspension, a deletion) drops that memory, so the old key
 * is refused on its next call; on PostgreSQL in every process. The balance is never kept.
 */
const t = useTestApp();

const v2 = (app: FastifyInstance, key: string, action: string) =>
  app.inject({ method: 'POST', url: '/api/v2', payload: { key, action } });

async function issueKey(app: FastifyInstance, member: TestMember): Promise<string> {
  const token = await tokenFor(app, member);
  const response = await app.inject({ method: 'POST', url: '/auth/api-key', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ apiKey: string }>().apiKey;
}

describe(`the API key's account cache on ${testDatabaseKind}`, () => {
  it('answers from memory: a key changed behind the writers’ back still works, a new key issued ends the old one at once', async () => {
    const member = await createMember(t.app, { point: 1000 });
    // Written straight to the database, so no change is announced (on PostgreSQL its echo could come
    // back later and empty the memory this test looks at).
    const { key: first, ...parts } = generateApiKey();
    await accountRepository.replaceApiKey(t.app.database.db, member.accountId, parts);
    expect((await v2(t.app, first, 'balance')).json()).toEqual({ balance: '1000.00', currency: 'KRW' });
    // Not through a writer: the key's account is not looked up again, so the change is not seen.
    await t.app.database.db
      .update(accounts)
      .set({ apiKeyHash: 'not-the-key' })
      .where(eq(accounts.id, member.accountId));
    expect((await v2(t.app, first, 'balance')).json()).toEqual({ balance: '1000.00', currency: 'KRW' });

    t.clock.advance(60_000); // the API key throttle allows one new key a minute
    const second = await issueKey(t.app, member);
    expect((await v2(t.app, first, 'balance')).json()).toEqual({ error: 'Invalid API key' });
    expect((await v2(t.app, second, 'balance')).json()).toEqual({ balance: '1000.00', currency: 'KRW' });
  });

  it('the balance is read on each call, not kept with the key', async () => {
    const member = await createMember(t.app, { point: 1000 });
    const key = await issueKey(t.app, member);
    expect((await v2(t.app, key, 'balance')).json<{ balance: string }>().balance).toBe('1000.00');
    await creditMember(t.app, member.accountId, 1500);
    expect((await v2(t.app, key, 'balance')).json<{ balance: string }>().balance).toBe('2500.00');
  });

  it('a suspension refuses a key already in memory on its next call, a restore lets it in again', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const key = await issueKey(t.app, member);
    expect((await v2(t.app, key, 'balance')).json()).toHaveProperty('balance');
    for (const [verb, answer] of [
      ['suspend', { error: 'Invalid API key' }],
      ['restore', { balance: '0.00', currency: 'KRW' }],
    ] as const) {
      const acted = await t.app.inject({
        method: 'POST',
        url: `/admin/api/members/${member.id}/${verb}`,
        headers: bearer(await tokenFor(t.app, operator)),
        payload: { memo: '약관 위반 확인' },
      });
      expect(acted.statusCode).toBe(200);
      expect((await v2(t.app, key, 'balance')).json()).toEqual(answer);
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'on PostgreSQL a new key issued in one process ends the old one in another',
    async () => {
      const other = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
      try {
        const member = await createMember(t.app, { point: 700 });
        const first = await issueKey(t.app, member);
        expect((await v2(other.app, first, 'balance')).json()).toEqual({
          balance: '700.00',
          currency: 'KRW',
        });
        t.clock.advance(60_000);
        await issueKey(t.app, member);
        await expect
          .poll(async () => (await v2(other.app, first, 'balance')).json(), { timeout: 3000, interval: 20 })
          .toEqual({ error: 'Invalid API key' });
      } finally {
        await other.app.close();
      }
    },
  );
});

describe('ApiKeyCache', () => {
  it('keeps a key for its time to live, drops an account’s keys when told, and keeps no lookup that began before', () => {
    let now = 0;
    const cache = new ApiKeyCache({ ttlMs: 1000, maxEntries: 2 }, () => now);
    cache.remember('a', 1, cache.mark());
    cache.remember('b', 1, cache.mark());
    expect([cache.accountOf('a'), cache.accountOf('b')]).toEqual([1, 1]);
    now = 1000;
    expect(cache.accountOf('a')).toBeUndefined();

    cache.remember('c', 2, cache.mark());
    cache.remember('d', 3, cache.mark());
    const before = cache.mark();
    cache.forget(2);
    expect([cache.accountOf('c'), cache.accountOf('d')]).toEqual([undefined, 3]);
    // A lookup that started before the forget may have read the old key: it is not kept.
    cache.remember('c', 2, before);
    expect(cache.accountOf('c')).toBeUndefined();

    cache.remember('e', 4, cache.mark());
    cache.remember('f', 5, cache.mark());
    expect(cache.size).toBe(2); // the oldest went first
    cache.forget(null);
    expect(cache.size).toBe(0);
  });
});
