import { ACCOUNT_GUARD_CACHE_DEFAULTS, type AccountGuardCacheOptions } from './account-guard-cache';

interface Entry {
  accountId: number;
  loadedAt: number;
}

/**
 * Which account an API key's hash names, kept in memory (docs/ARCHITECTURE.md#the-account-cache): a
 * reseller's status and order calls then cost no query to find the caller, whose guard facts come
 * from AccountGuardCache. Only keys that named an account are kept; a wrong key is looked up (and
 * counted against its address) every time.
 *
 * A key stops working when its account changes: issuing a new key, a suspension, a deletion all say
 * so through the cache bus (this process at once, the others by NOTIFY), and `forget` drops every key
 * of that account. A lookup that started before such a `forget` is not kept (it may have read the old
 * key), so a replaced key is refused from the moment the change is heard; `ttlMs` bounds a missed
 * notification, as for the guard facts.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private forgets = 0;

  constructor(
    private readonly options: AccountGuardCacheOptions = ACCOUNT_GUARD_CACHE_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The account of a key hash looked up before, if still trusted. */
  accountOf(hash: string): number | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (this.now() - entry.loadedAt < this.options.ttlMs) return entry.accountId;
    this.entries.delete(hash);
    return undefined;
  }

  /** A mark taken before a lookup: `remember` keeps its answer only if nothing was forgotten since. */
  mark(): number {
    return this.forgets;
  }

  remember(hash: string, accountId: number, mark: number): void {
    if (mark !== this.forgets) return;
    this.entries.delete(hash);
    this.entries.set(hash, { accountId, loadedAt: this.now() });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** The account changed (null: every account may have): its keys are looked up again. */
  forget(accountId: number | null): void {
    this.forgets += 1;
    if (accountId === null) {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (entry.accountId === accountId) this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }
}
