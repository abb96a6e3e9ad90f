import { API_KEY_ISSUES_PER_HOUR } from '@smm/domain';
import type { Db } from '../db/database';
import { rateLimited } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';

const HOUR_SECONDS = 3600;

/**
 * Every key issue writes the account row and hashes a new key; without a bound a stolen session (or a
 * stuck script) could renew it thousands of times a minute. Counted per account only, in the shared
 * `rate_limit_hits` table, so one member can never use it to lock out another. The number is a domain
 * rule (API_KEY_ISSUES_PER_HOUR): the refusal's message states it.
 */
export class ApiKeyThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async admit(accountId: number): Promise<void> {
    const now = this.clock.now();
    const state = await rateLimitRepository.hit(this.db, `api-key:account:${accountId}`, now, HOUR_SECONDS);
    if (state.hits > API_KEY_ISSUES_PER_HOUR) {
      throw rateLimited('TOO_MANY_API_KEYS', secondsUntil(state.resetAt, now));
    }
  }
}
