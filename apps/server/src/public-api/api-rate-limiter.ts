import { rateLimited } from '../errors/app-error';
import type { Clock } from '../shared/clock';

const WINDOW_MS = 60_000;
/** Past this many tracked keys, windows that have ended are swept before a new one is added. */
const SWEEP_AT = 10_000;

/**
 * Public API requests per key: a fixed one-minute window per account, counted in this process's
 * memory. Counting in the database would cost a write per request on a path bots poll thousands of
 * times a second; with N processes behind a proxy a key therefore gets up to N × the limit, which
 * the README says. Keyed by the account the key authenticated, so only the key's holder can use up
 * its allowance: nobody can lock a reseller out by sending wrong keys.
 */
export class ApiRateLimiter {
  private readonly windows = new Map<number, { startedAt: number; hits: number }>();

  constructor(
    private readonly limitPerMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one request of `accountId`; over the limit it throws a 429 that says when to retry. */
  admit(accountId: number): void {
    if (this.limitPerMinute === 0) return;
    const now = this.clock.now().getTime();
    let window = this.windows.get(accountId);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      if (!window && this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { startedAt: now, hits: 0 };
      this.windows.set(accountId, window);
    }
    window.hits += 1;
    if (window.hits > this.limitPerMinute) {
      throw rateLimited('TOO_MANY_REQUESTS', (window.startedAt + WINDOW_MS - now) / 1000);
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= WINDOW_MS) this.windows.delete(key);
    }
  }
}
