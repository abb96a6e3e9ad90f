import { V2_ERRORS } from '@smm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../test/factories';
import { createTestApp, testDatabaseKind, useTestApp, type TestApp } from '../test/test-app';

/**
 * The per-key API limit is counted once for the whole deployment (docs/ARCHITECTURE.md#public-api):
 * two apps on one database stand for two processes behind a proxy (on PGlite they share the in-process
 * database; on PostgreSQL each has its own pool), each with its own memory and clock.
 */
const LIMIT = 5;
const t = useTestApp({ apiRateLimitPerMinute: LIMIT });
let second: TestApp | undefined;

beforeAll(async () => {
  second = await createTestApp({
    databaseUrl: t.databaseUrl,
    seedDemoData: false,
    apiRateLimitPerMinute: LIMIT,
  });
});
afterAll(async () => {
  await second?.close();
});

function other(): TestApp {
  if (!second) throw new Error('the second app exists from beforeAll on');
  return second;
}

const rest = (app: TestApp, member: TestMember) =>
  app.app.inject({ method: 'GET', url: '/api/services', headers: { 'api-key': member.apiKey! } });
const v2 = (app: TestApp, member: TestMember) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v2',
    payload: `key=${member.apiKey}&action=balance`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe(`API rate limit per key across two processes on ${testDatabaseKind}`, () => {
  it('gives a key exactly the limit in total across both apps, then 429 with Retry-After from either', async () => {
    const apps = [t, other()];
    for (const app of apps) app.clock.set(t.clock.now());
    const member = await createMember(t.app, { apiKey: true });
    const bystander = await createMember(t.app, { apiKey: true });

    // Alternating between the apps: each alone is under the limit, together they reach it.
    for (let i = 0; i < LIMIT; i++) expect((await rest(apps[i % 2]!, member)).statusCode).toBe(200);
    for (const app of apps) {
      const refused = await rest(app, member);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // v2 counts against the same allowance and answers its own 429.
      const refusedV2 = await v2(app, member);
      expect(refusedV2.statusCode).toBe(429);
      expect(refusedV2.json()).toEqual({ error: V2_ERRORS.TOO_MANY_REQUESTS });
      expect(Number(refusedV2.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Another key is not affected, in either app.
    for (const app of apps) expect((await rest(app, bystander)).statusCode).toBe(200);

    // The window is the fixed minute that began at the first call: after it, both apps answer again.
    for (const app of apps) app.clock.advance(60_000);
    expect((await rest(other(), member)).statusCode).toBe(200);
    expect((await v2(t, member)).statusCode).toBe(200);
  });

  it('lets exactly the limit through when both apps are called at once', async () => {
    const apps = [t, other()];
    // An hour on: whatever an app remembers of the previous test's windows has ended.
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    for (const app of apps) app.clock.set(later);
    const member = await createMember(t.app, { apiKey: true });
    const answers = await Promise.all(
      Array.from({ length: 4 * LIMIT }, (_, i) => rest(apps[i % 2]!, member)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(3 * LIMIT);
  });
});
