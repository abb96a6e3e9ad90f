import type { GuardAccount } from '../accounts/account.repository';

export interface AccountGuardCacheOptions {
  /** How long an entry is trusted without hearing of a change: the net under a missed notification. */
  ttlMs: number;
  /** At most this many accounts are kept; the oldest entry goes first. */
  maxEntries: number;
}

/**
 * Said by a writer after it commits a change of an account's guard facts (null: every account). The
 * app wires it to CacheBus.publishAccount: this process at once, the others by NOTIFY.
 */
export type AccountChanged = (id: number | null) => Promise<void>;

export const ACCOUNT_GUARD_CACHE_DEFAULTS: AccountGuardCacheOptions = { ttlMs: 30_000, maxEntries: 50_000 };

interface Entry {
  facts: Promise<GuardAccount | undefined>;
  loadedAt: number;
}

/**
 * What the member guard needs to know about an account — active or not, its role, when its sessions
 * last ended — kept in memory, so a signed-in request costs no query (docs/ARCHITECTURE.md#the-account-cache).
 * Writers of those facts (suspension, password change or reset, deletion, the operator's role) drop the
 * entry through the cache bus, in this process at once and in every other process by its NOTIFY.
 *
 * Like HotCache: concurrent readers of a cold entry share one load, a failed load is not kept, and a
 * load that started before a `forget` answers only the readers that asked before it.
 */
export class AccountGuardCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly load: (id: number) => Promise<GuardAccount | undefined>,
    private readonly options: AccountGuardCacheOptions = ACCOUNT_GUARD_CACHE_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: number): Promise<GuardAccount | undefined> {
    const entry = this.entries.get(id);
    if (entry && this.now() - entry.loadedAt < this.options.ttlMs) return entry.facts;
    const facts = this.load(id);
    const loaded: Entry = { facts, loadedAt: this.now() };
    this.entries.delete(id);
    this.entries.set(id, loaded);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    facts.catch(() => {
      if (this.entries.get(id) === loaded) this.entries.delete(id);
    });
    return facts;
  }

  /** The account changed: its next request reads it again. */
  forget(id: number): void {
    this.entries.delete(id);
  }

  /** Every account may have changed (a notification may have been missed). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
