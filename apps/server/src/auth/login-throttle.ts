import { normalizeLoginId } from '@smm/domain';
import type { Db } from '../db/database';
import type { Clock } from '../shared/clock';
import { clientAddressKey } from '../shared/client-address';
import { rateLimitRepository, secondsUntil, type RateLimitState } from '../shared/rate-limit.repository';
import { rateLimited } from '../errors/app-error';

export interface LoginLimits {
  /** Failures against one id from one client, per window, before that client is refused for that id. */
  maxFailuresPerIdAndAddress: number;
  /** Failures against one id from all clients together, per window: the ceiling on distributed guessing. */
  maxFailuresPerId: number;
  /** Attempts from one client, whatever the id, per window (spraying one password over many ids). */
  maxAttemptsPerAddress: number;
  windowSeconds: number;
}

/** A client that signed in to an id within this long is "known" to that id (see the ceiling below). */
const KNOWN_CLIENT_SECONDS = 30 * 24 * 3600;

/**
 * Limits on POST /auth/login, all counted in the database (rate_limit_hits, one upsert per hit) so every
 * process shares them. "Client" is the address as clientAddressKey() groups it (IPv6 per /64); ids are
 * counted by normalizeLoginId(), so `Admin` and `admin` share counters.
 *
 * 1. Per (id, client): after `maxFailuresPerIdAndAddress` failures (default 5) the client gets 429 for
 *    that id until its window ends, whatever the password. One client thus guesses one id at most
 *    5 times per 15 minutes (480 a day), and nobody else is affected: the owner signs in elsewhere.
 * 2. Per client: `maxAttemptsPerAddress` attempts per window over all ids (spraying many ids).
 * 3. Per id: a ceiling on failures from all clients together. Without it, N clients would guess
 *    5·N times per window. Reaching it refuses only clients that have not signed in to this id within
 *    30 days; the owner's usual address (or phone network) still gets in, so hitting the ceiling is
 *    not a lock-out of the owner, and it costs an attacker `ceiling / 5` distinct clients per window.
 *    The default ceiling (20 per 15 minutes, README) caps distributed guessing at 1,920 a day per id.
 *    Why keep it, rather than rely on 1 and 2 alone: a botnet or a large IPv6 allocation makes
 *    clients cheap, and 1 and 2 scale linearly with the number of clients.
 *
 * A success clears its (id, client) failures and marks the client known to the id; it does not
 * lower the id's ceiling count, so an owner's logins do not reopen the ceiling to attackers.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: LoginLimits,
  ) {}

  private keys(loginId: string, address: string) {
    const id = normalizeLoginId(loginId);
    const client = clientAddressKey(address);
    return {
      client: `login:ip:${client}`,
      id: `login:id:${id}`,
      idClient: `login:id-ip:${id}|${client}`,
      known: `login:known:${id}|${client}`,
    };
  }

  /** Counts this attempt against the client and refuses (429 + Retry-After) when a limit is used up. */
  async admit(loginId: string, address: string): Promise<void> {
    const now = this.clock.now();
    const { windowSeconds } = this.limits;
    const keys = this.keys(loginId, address);
    const refuse = (state: RateLimitState) =>
      rateLimited('TOO_MANY_LOGIN_ATTEMPTS', secondsUntil(state.resetAt, now));

    const client = await rateLimitRepository.hit(this.db, keys.client, now, windowSeconds);
    if (client.hits > this.limits.maxAttemptsPerAddress) throw refuse(client);

    const idClient = await rateLimitRepository.peek(this.db, keys.idClient, now, windowSeconds);
    if (idClient.hits >= this.limits.maxFailuresPerIdAndAddress) throw refuse(idClient);

    const id = await rateLimitRepository.peek(this.db, keys.id, now, windowSeconds);
    if (id.hits >= this.limits.maxFailuresPerId) {
      const known = await rateLimitRepository.peek(this.db, keys.known, now, KNOWN_CLIENT_SECONDS);
      if (known.hits === 0) throw refuse(id);
    }
  }

  async recordFailure(loginId: string, address: string): Promise<void> {
    const now = this.clock.now();
    const keys = this.keys(loginId, address);
    await rateLimitRepository.hit(this.db, keys.idClient, now, this.limits.windowSeconds);
    await rateLimitRepository.hit(this.db, keys.id, now, this.limits.windowSeconds);
  }

  /**
   * A deleted account's id is free again: its failure counts and known clients must not carry over to
   * whoever registers it next (a former owner's address would otherwise count as known to the new one).
   */
  async forgetId(loginId: string): Promise<void> {
    const id = normalizeLoginId(loginId);
    await rateLimitRepository.clear(this.db, `login:id:${id}`);
    await rateLimitRepository.clearPrefix(this.db, `login:id-ip:${id}|`);
    await rateLimitRepository.clearPrefix(this.db, `login:known:${id}|`);
  }

  async recordSuccess(loginId: string, address: string): Promise<void> {
    const keys = this.keys(loginId, address);
    await rateLimitRepository.clear(this.db, keys.idClient);
    // A zero-length window restarts at every success: the row holds the time of the latest one.
    await rateLimitRepository.hit(this.db, keys.known, this.clock.now(), 0);
  }
}
