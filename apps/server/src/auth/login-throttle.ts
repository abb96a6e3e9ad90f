import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { rateLimitRepository } from '../shared/rate-limit.repository';

export interface LoginLimits {
  maxFailuresPerId: number;
  maxAttemptsPerAddress: number;
  windowSeconds: number;
}

/**
 * Two limits on POST /auth/login: every attempt from one address counts (spraying many ids), and
 * failures against one id count (guessing one password from many addresses). A success clears the id.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: LoginLimits,
  ) {}

  private idKey(loginId: string) {
    return `login:id:${loginId.toLowerCase()}`;
  }

  /** Counts this attempt against the address and refuses when either limit is already used up. */
  async admit(loginId: string, address: string): Promise<void> {
    const now = this.clock.now();
    const { windowSeconds } = this.limits;
    const addressHits = await rateLimitRepository.hit(this.db, `login:ip:${address}`, now, windowSeconds);
    if (addressHits > this.limits.maxAttemptsPerAddress) throw appError('TOO_MANY_LOGIN_ATTEMPTS');
    const idFailures = await rateLimitRepository.count(this.db, this.idKey(loginId), now, windowSeconds);
    if (idFailures >= this.limits.maxFailuresPerId) throw appError('TOO_MANY_LOGIN_ATTEMPTS');
  }

  async recordFailure(loginId: string): Promise<void> {
    await rateLimitRepository.hit(this.db, this.idKey(loginId), this.clock.now(), this.limits.windowSeconds);
  }

  async recordSuccess(loginId: string): Promise<void> {
    await rateLimitRepository.clear(this.db, this.idKey(loginId));
  }
}
