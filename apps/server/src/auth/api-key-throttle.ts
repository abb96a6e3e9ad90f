import { API_KEY_ISSUES_PER_HOUR } from '@smm/domain';
import type { Db } from '../db/database';
import { rateLimited } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';

export interface ApiKeyIssueLimits {
  /** New keys one account may issue per window. */
  maxPerAccount: number;
  windowSeconds: number;
}

/**
 * Every key issue writes the account row and hashes a new key; without a bound a stolen session (or a
 * stuck script) could renew it thousands of times a minute. Counted per account only, in the shared
 * `rate_limit_hits` table, so one member can never use it to lock out another.
 */
export class ApiKeyThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: ApiKeyIssueLimits = {
      maxPerAccount: API_KEY_ISSUES_PER_HOUR,
      windowSeconds: 3600,
    },
  ) {}

  async admit(accountId: number): Promise<void> {
    const now = this.clock.now();
    const state = await rateLimitRepository.hit(
      this.db,
      `api-key:account:${accountId}`,
      now,
      this.limits.windowSeconds,
    );
    if (state.hits > this.limits.maxPerAccount) {
      throw rateLimited('TOO_MANY_API_KEYS', secondsUntil(state.resetAt, now));
    }
  }
}
