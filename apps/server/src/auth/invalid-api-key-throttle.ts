import type { Db } from '../db/database';
import { rateLimited } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { clientAddressKey } from '../shared/client-address';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';

export interface InvalidApiKeyLimits {
  /** Unknown API keys one client address may send per window before it is refused (0: no limit). */
  maxPerAddress: number;
  windowSeconds: number;
}

/** Past this many refused addresses, those whose window has ended are swept before one is added. */
const SWEEP_AT = 10_000;

/**
 * Guessing API keys, limited per client address (IPv6 per /64) like logins (README "Configuration").
 *
 * Only keys that match no account count, in the shared `rate_limit_hits` table (one upsert each, so
 * every process adds to the same count): a reseller's valid calls never count, and nobody can use up
 * another address's allowance. Once an address is past the limit it is refused with 429 and
 * Retry-After for ANY key until its window ends, valid ones included: if a valid key still went through,
 * a guesser would learn which guess was right. Only the address's own wrong keys can bring that about
 * (a forgotten bot sending a revoked key does; the 429 says why).
 *
 * Every wrong key past the limit is answered 429 by whichever process gets it (the count is shared).
 * The refusal before the lookup is remembered in this process's memory, so valid calls cost no
 * database read: a process learns that an address is over the limit from the first wrong key it gets
 * from it, so past the limit an address has about one more guess looked up per process and window.
 */
export class InvalidApiKeyThrottle {
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: InvalidApiKeyLimits,
  ) {}

  /** Before a key is looked up: an address over the limit is refused whatever key it sends. */
  admit(address: string): void {
    if (this.limits.maxPerAddress === 0) return;
    const client = clientAddressKey(address);
    const until = this.refusedUntil.get(client);
    if (until === undefined) return;
    const now = this.clock.now().getTime();
    if (now < until) throw rateLimited('TOO_MANY_INVALID_API_KEYS', (until - now) / 1000);
    this.refusedUntil.delete(client);
  }

  /** A key that matched no account: counted; past the limit this very answer is the 429. */
  async recordInvalid(address: string): Promise<void> {
    if (this.limits.maxPerAddress === 0) return;
    const now = this.clock.now();
    const client = clientAddressKey(address);
    const state = await rateLimitRepository.hit(
      this.db,
      `api-key-invalid:ip:${client}`,
      now,
      this.limits.windowSeconds,
    );
    if (state.hits <= this.limits.maxPerAddress) return;
    if (this.refusedUntil.size >= SWEEP_AT) this.sweep(now.getTime());
    this.refusedUntil.set(client, state.resetAt.getTime());
    throw rateLimited('TOO_MANY_INVALID_API_KEYS', secondsUntil(state.resetAt, now));
  }

  private sweep(now: number): void {
    for (const [client, until] of this.refusedUntil) if (until <= now) this.refusedUntil.delete(client);
  }
}
