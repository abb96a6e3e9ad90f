import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMember } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * Security, rate limits: every limit of the server answers 429 with Retry-After. Most are proved
 * beside their code; this table names each limit and the test that proves it (and fails if that test
 * is renamed or removed), and the few answers no test checked for Retry-After are checked here.
 */
const SRC = join(__dirname, '..');

interface Limit {
  limit: string;
  route: string;
  /** File under apps/server/src and the exact title of the test that gets the 429. */
  file: string;
  test: string;
  /** The server file that raises it. */
  source: string;
  /** Whether that test also asserts the Retry-After header (else a test below does). */
  retryAfter: 'there' | 'here';
}

const LIMITS: Limit[] = [
  {
    limit: 'inquiry messages per member an hour',
    source: 'inquiries/inquiries.service.ts',
    route: 'POST /service/inquiries, POST /service/inquiries/:id/messages',
    file: 'inquiries/inquiries.test.ts',
    test: 'limits open inquiries and messages an hour, with Korean refusals',
    retryAfter: 'there',
  },
  {
    limit: 'operator test notifications per process',
    source: 'admin/notifications/notifications-admin.routes.ts',
    route: 'POST /admin/api/notifications/test',
    file: 'admin/notifications/notifications-admin.test.ts',
    test: 'sends a test message on each chosen channel (here the outbox), at most one per 30 seconds',
    retryAfter: 'there',
  },
  {
    limit: 'login failures per (id, address)',
    source: 'auth/login-throttle.ts',
    route: 'POST /auth/login',
    file: 'auth/hardening.test.ts',
    test: 'tells the refused client when to come back, and lets it in then',
    retryAfter: 'there',
  },
  {
    limit: 'login failures per id (any address)',
    source: 'auth/login-throttle.ts',
    route: 'POST /auth/login',
    file: 'auth/hardening.test.ts',
    test: 'caps distributed guessing per id, yet an address that signed in before still gets through',
    retryAfter: 'there',
  },
  {
    limit: 'login attempts per address (across ids)',
    source: 'auth/login-throttle.ts',
    route: 'POST /auth/login',
    file: 'auth/hardening.test.ts',
    test: 'keeps the per-address limit across ids',
    retryAfter: 'there',
  },
  {
    limit: 'social logins per address',
    source: 'auth/social/social-auth.service.ts',
    route: 'POST /auth/login/naver, /auth/login/kakao',
    file: 'auth/social/social-auth.routes.test.ts',
    test: 'limits social logins per client address like password logins (429 with Retry-After)',
    retryAfter: 'there',
  },
  {
    limit: 'sign-ups per address',
    source: 'auth/signup-throttle.ts',
    route: 'POST /auth/register',
    file: 'auth/hardening.test.ts',
    test: 'limits sign-ups per client address, with Retry-After',
    retryAfter: 'there',
  },
  {
    limit: 'code sending: one a minute per address',
    source: 'auth/message-throttle.ts',
    route: 'POST /auth/send-email, /auth/send-phone-number',
    file: 'auth/verification.test.ts',
    test: 'refuses a resend within a minute with 429 and Retry-After, then sends a new code that replaces the old',
    retryAfter: 'there',
  },
  {
    limit: 'code sending: a day per address',
    source: 'auth/message-throttle.ts',
    route: 'POST /auth/send-email',
    file: 'auth/verification.test.ts',
    test: 'caps the codes one address is sent a day (CODE_MAX_PER_ADDRESS_PER_DAY)',
    retryAfter: 'there',
  },
  {
    limit: 'code sending: a day per client (e-mail and phone together)',
    source: 'auth/message-throttle.ts',
    route: 'POST /auth/send-email, /auth/send-phone-number',
    file: 'auth/verification.test.ts',
    test: 'caps the requests one client makes a day over e-mail and phone (IPv6: per /64), 409s included',
    retryAfter: 'there',
  },
  {
    limit: 'find id: per client (shared with code sending)',
    source: 'auth/message-throttle.ts',
    route: 'POST /service/find-id',
    file: 'auth/recovery.test.ts',
    test: 'is limited per client (shared with the code calls), so addresses cannot be swept',
    retryAfter: 'there',
  },
  {
    limit: 'find password: per client (shared with code sending)',
    source: 'auth/message-throttle.ts',
    route: 'POST /service/find-password',
    file: 'auth/recovery.test.ts',
    test: 'answers 429 on the client alone, the same for known and unknown addresses',
    retryAfter: 'here',
  },
  {
    limit: 'password guesses on account settings (change password)',
    source: 'auth/account-settings.service.ts',
    route: 'POST /auth/change-password',
    file: 'auth/account-settings.routes.test.ts',
    test: 'refuses further attempts with 429 and Retry-After after 5 wrong guesses, for that account only',
    retryAfter: 'there',
  },
  {
    limit: 'new API keys per account an hour',
    source: 'auth/api-key-throttle.ts',
    route: 'POST /auth/api-key',
    file: 'public-api/public-api.test.ts',
    test: 'POST /auth/api-key allows 10 new keys per account an hour (429 with Retry-After), never limiting another member',
    retryAfter: 'there',
  },
  {
    limit: 'wrong API keys per client address (REST and v2)',
    source: 'auth/invalid-api-key-throttle.ts',
    route: 'GET/POST /api/*, /api/v2',
    file: 'auth/invalid-api-key-throttle.test.ts',
    test: 'refuses an address past the limit with 429 and Retry-After for any key, and leaves other addresses alone',
    retryAfter: 'there',
  },
  {
    limit: 'API key requests per minute (REST and v2)',
    source: 'public-api/api-rate-limiter.ts',
    route: 'GET/POST /api/*, /api/v2',
    file: 'public-api/public-api.test.ts',
    test: 'answers 429 with Retry-After past the limit, for that key only, and again after the window',
    retryAfter: 'there',
  },
  {
    limit: 'API key requests per minute, one count for every process (REST and v2)',
    source: 'public-api/api-rate-limiter.ts',
    route: 'GET/POST /api/*, /api/v2',
    file: 'public-api/api-rate-limit-shared.test.ts',
    test: 'gives a key exactly the limit in total across both apps, then 429 with Retry-After from either',
    retryAfter: 'there',
  },
];

describe('every rate limit and the test that proves it', () => {
  it.each(LIMITS)('$limit ($route): $file', ({ file, test, retryAfter }) => {
    const source = readFileSync(join(SRC, file), 'utf8');
    // The test exists under that title (prettier may put a long title on a line of its own).
    expect(source.replace(/\(\s+'/g, "('")).toContain(`it('${test}'`);
    const start = source.indexOf(test);
    const next = source.indexOf('\n  it(', start + test.length);
    const body = source.slice(start, next === -1 ? undefined : next);
    expect(body).toMatch(/429|expectTooMany/);
    if (retryAfter === 'there') expect(body.toLowerCase()).toMatch(/retry-after|expecttoomany/);
  });

  it('has a row for every file of the server that raises a 429', () => {
    const raisers = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(SRC, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const text = readFileSync(join(SRC, path), 'utf8');
          // app-error.ts defines rateLimited() itself.
          if (path !== 'errors/app-error.ts' && /rateLimited\(|new AppError\('TOO_MANY_/.test(text)) {
            raisers.add(path);
          }
        }
      }
    };
    walk('');
    expect([...raisers].sort()).toEqual([...new Set(LIMITS.map((l) => l.source))].sort());
  });
});

// The limits whose existing tests check the 429 but not its Retry-After.
const t = useTestApp({ codeLimits: { perAddressPerDay: 3, perClientPerDay: 4 } });

describe(`Retry-After on the limits not checked elsewhere, ${testDatabaseKind}`, () => {
  it('find password: the client cap answers 429 with Retry-After (seconds to the end of the day window)', async () => {
    await createMember(t.app, { id: 'known1' });
    const findPassword = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/service/find-password',
        payload: { email },
        remoteAddress: '10.30.0.1',
      });
    let refused;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const response = await findPassword(`nobody${i}@example.com`);
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused?.statusCode).toBe(429);
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Known and unknown addresses alike.
    const known = await findPassword('known1@example.com');
    expect(known.statusCode).toBe(429);
    expect(known.headers['retry-after']).toBeDefined();
  });

  it('login per address across ids (the default limits): 429 with Retry-After within the window', async () => {
    const login = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { id, password: 'x' },
        remoteAddress: '10.31.0.1',
      });
    let refused;
    for (let i = 0; i < 30 && !refused; i += 1) {
      const response = await login(`nobody${i}`);
      if (response.statusCode === 429) refused = response;
    }
    expect(refused?.statusCode).toBe(429);
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused?.json<{ message: string }>().message).toMatch(/[가-힣]/);
  });
});
