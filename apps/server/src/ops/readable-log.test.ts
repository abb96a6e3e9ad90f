import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { readableLine } from './readable-log';

/**
 * docs/ARCHITECTURE.md#the-first-start-and-the-log: under `npm start` (LOG_FORMAT=readable) the log is
 * a short line per notable event — no request lines and no background reports at the default level,
 * warnings and errors always, never a query string — while production's JSON log is unchanged.
 */
const kinds = {
  readable: ['readable', 'info'],
  readableDebug: ['readable', 'debug'],
  json: ['json', 'info'],
} as const;
const apps = new Map<keyof typeof kinds, TestApp>();
// Made before the tests (booting the database and migrating take the hook's time, not a test's).
beforeAll(async () => {
  for (const [kind, [logFormat, logLevel]] of Object.entries(kinds)) {
    const t = await createTestApp({ logFormat, logLevel });
    t.app.get('/probe/fails', async () => {
      throw new Error('probe failure');
    });
    apps.set(kind as keyof typeof kinds, t);
  }
});
afterAll(async () => {
  for (const app of apps.values()) await app.close();
});

/** The app of `kind`, its log emptied (the apps share one database on PGlite, and its seeding logs). */
async function appWith(kind: keyof typeof kinds) {
  const t = apps.get(kind)!;
  await t.reset();
  return t;
}

async function traffic(t: TestApp) {
  for (const url of ['/service/settings?token=SECRET-IN-QUERY', '/healthz', '/no/such/thing']) {
    await t.app.inject({ method: 'GET', url });
  }
  await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { id: 'nobody1', password: 'wrong-password-1' },
  });
  // A background tick that did something: the simulated provider's balance is sampled.
  await t.app.background.runOnce();
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('the readable log (npm start)', () => {
  it('shows no request lines and no background reports at the default level, but every error', async () => {
    const t = await appWith('readable');
    await traffic(t);
    expect(t.logs()).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/probe/fails?key=SECRET' })).statusCode).toBe(500);

    const logged = lines(t.logs());
    expect(
      logged.every((line) => !line.startsWith('{')),
      t.logs(),
    ).toBe(true);
    expect(logged[0]).toMatch(/^\d\d:\d\d:\d\d ERROR unhandled error reqId=\S+ — Error: probe failure$/);
    // The stack follows, indented; nothing else was logged.
    expect(logged.slice(1).every((line) => line.startsWith('    at '))).toBe(true);
    expect(t.logs()).not.toContain('SECRET');
  });

  it('shows one line per request, its query cut, from LOG_LEVEL=debug on', async () => {
    const t = await appWith('readableDebug');
    await traffic(t);
    const logged = lines(t.logs());
    expect(logged.filter((line) => / DEBUG GET \/service\/settings\?… 200 \d+ ms /.test(line))).toHaveLength(
      1,
    );
    expect(logged.filter((line) => line.includes('GET /no/such/thing 404'))).toHaveLength(1);
    expect(logged.some((line) => line.includes('background tick'))).toBe(true);
    expect(logged.every((line) => !line.startsWith('{'))).toBe(true);
    expect(t.logs()).not.toContain('SECRET');
  });

  it('leaves the JSON log of production as it was: two lines per request, the background reports', async () => {
    const t = await appWith('json');
    await traffic(t);
    const records = lines(t.logs()).map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(records.filter((record) => record.msg === 'incoming request').length).toBeGreaterThanOrEqual(3);
    expect(records.filter((record) => record.msg === 'request completed').length).toBeGreaterThanOrEqual(3);
    expect(records.some((record) => record.msg === 'background tick')).toBe(true);
    expect(records.find((record) => record.req?.url.startsWith('/service/settings'))?.req?.url).toBe(
      '/service/settings?…',
    );
  });

  it('writes a record as time, level (none for info), message and its fields', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(readableLine({ level: 30, time, pid: 1, hostname: 'h', msg: 'shut down' })).toBe(
      '03:04:05 shut down\n',
    );
    expect(
      readableLine({
        level: 40,
        time,
        msg: 'not configured',
        outbox: '/data/outbox',
        transports: ['e-mail (SMTP_HOST)', 'text messages'],
        count: 2,
      }),
    ).toBe(
      '03:04:05 WARN not configured outbox=/data/outbox transports="e-mail (SMTP_HOST), text messages" count=2\n',
    );
  });
});
