import { describe, expect, it } from 'vitest';
import type { GuardAccount } from '../accounts/account.repository';
import { AccountGuardCache } from './account-guard-cache';

const facts = (id: number, suspended = false): GuardAccount => ({
  id,
  loginId: `member${id}`,
  role: 'member',
  sessionsValidAfter: null,
  suspendedAt: suspended ? new Date(0) : null,
});

/** docs/ARCHITECTURE.md#the-account-cache: the guard's facts, in memory until a writer says otherwise. */
describe('AccountGuardCache', () => {
  it('loads an account once for concurrent readers and answers later ones from memory', async () => {
    let loads = 0;
    const cache = new AccountGuardCache(async (id) => (loads++, facts(id)));
    await Promise.all([cache.get(1), cache.get(1), cache.get(1)]);
    await cache.get(1);
    expect(loads).toBe(1);
    await cache.get(2);
    expect(loads).toBe(2);
  });

  it('reads again after forget, and never keeps a load that started before it', async () => {
    const answers = [facts(1), facts(1, true)];
    const cache = new AccountGuardCache(async () => answers.shift()!);
    const early = cache.get(1);
    cache.forget(1); // the account was suspended while its old facts were being read
    expect((await early)!.suspendedAt).toBeNull();
    expect((await cache.get(1))!.suspendedAt).not.toBeNull();
    expect((await cache.get(1))!.suspendedAt).not.toBeNull();
  });

  it('clear() drops every account; an entry older than its time to live is read again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new AccountGuardCache(
      async (id) => (loads++, facts(id)),
      { ttlMs: 1000, maxEntries: 10 },
      () => now,
    );
    await cache.get(1);
    await cache.get(2);
    cache.clear();
    await cache.get(1);
    expect(loads).toBe(3);
    now = 999;
    await cache.get(1);
    expect(loads).toBe(3);
    now = 1000;
    await cache.get(1);
    expect(loads).toBe(4);
  });

  it('keeps at most maxEntries, dropping the oldest, and does not keep a failed load', async () => {
    let fail = true;
    const cache = new AccountGuardCache(
      async (id) => {
        if (fail) throw new Error('database restarting');
        return facts(id);
      },
      { ttlMs: 60_000, maxEntries: 2 },
    );
    await expect(cache.get(1)).rejects.toThrow('database restarting');
    expect(cache.size).toBe(0);
    fail = false;
    await cache.get(1);
    await cache.get(2);
    await cache.get(3);
    expect(cache.size).toBe(2);
  });
});
