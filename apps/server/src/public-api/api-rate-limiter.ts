import type { Db } from '../db/database';
import { rateLimited } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';

const WINDOW_SECONDS = 60;
/** Past this many refused keys, those whose window has ended are swept before one is added. */
const SWEEP_AT = 10_000;

/**
 * Public API requests per key (docs/ARCHITECTURE.md#public-api): a fixed one-minute window per
 * account, counted once for the whole deployment in the shared `rate_limit_hits` table, like login
 * limits: one upsert per request counts the hit and restarts an ended window in a single statement,
 * so N processes together let a key through exactly the limit a minute. Keyed by the account the key
 * authenticated, so only the key's holder can use up its allowance: nobody can lock a reseller out
 * by sending wrong keys.
 *
 * A key found over its limit is remembered in this process's memory until its window ends and refused
 * from there without a query: a bot hammering past its limit costs no writes. That memory only ever
 * refuses (the shared count already says the window is used up), so it never lets a key through.
 */
export class ApiRateLimiter {
  private readonly refusedUntil = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly limitPerMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one request of `accountId`; over the limit it throws a 429 that says when to retry. */
  async admit(accountId: number): Promise<void> {
    if (this.limitPerMinute === 0) return;
    const now = this.clock.now();
    const until = this.refusedUntil.get(accountId);
    if (until !== undefined) {
      if (now.getTime() < until) throw rateLimited('TOO_MANY_REQUESTS', secondsUntil(new Date(until), now));
      this.refusedUntil.delete(accountId);
    }
    const state = await rateLimitRepository.hit(this.db, `api:account:${accountId}`, now, WINDOW_SECONDS);
    if (state.hits <= this.limitPerMinute) return;
    if (this.refusedUntil.size >= SWEEP_AT) this.sweep(now.getTime());
    this.refusedUntil.set(accountId, state.resetAt.getTime());
    throw rateLimited('TOO_MANY_REQUESTS', secondsUntil(state.resetAt, now));
  }

  private sweep(now: number): void {
    for (const [accountId, until] of this.refusedUntil) if (until <= now) this.refusedUntil.delete(accountId);
  }
}
