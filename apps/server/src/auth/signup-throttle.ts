import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../shared/clock';
import { clientAddressKey } from '../shared/client-address';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';
import { rateLimited } from '../errors/app-error';

export interface SignupLimits {
  /** Sign-up attempts (bodies that pass the schema) from one client per window. */
  maxPerAddress: number;
  windowSeconds: number;
}

/**
 * Sign-ups per client address (IPv6 per /64), counted in the database with one upsert so every process
 * shares the count. The attempt is counted before anything else happens, so a burst of parallel
 * sign-ups cannot slip past a read-then-write check; only bodies that pass the schema count.
 */
export class SignupThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: SignupLimits,
  ) {}

  async admit(address: string): Promise<void> {
    const now = this.clock.now();
    const state = await rateLimitRepository.hit(
      this.db,
      `signup:ip:${clientAddressKey(address)}`,
      now,
      this.limits.windowSeconds,
    );
    if (state.hits > this.limits.maxPerAddress) {
      throw rateLimited('TOO_MANY_SIGNUPS', secondsUntil(state.resetAt, now));
    }
  }
}

/** Every sign-up route: the plain one and Naver's and Kakao's. */
const SIGN_UP_URLS = new Set(['/auth/register', '/auth/register/naver', '/auth/register/kakao']);

/**
 * Puts the throttle in front of the sign-up routes (POST), after body validation. Call before the auth
 * routes are registered (onRoute sees only later routes).
 */
export function registerSignupThrottle(app: FastifyInstance, throttle: SignupThrottle): void {
  const admit: preHandlerHookHandler = async (request) => {
    await throttle.admit(request.ip);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!SIGN_UP_URLS.has(route.url) || !methods.includes('POST')) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [admit, ...existing];
  });
}
