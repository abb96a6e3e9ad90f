import { V2_ERRORS } from '@smm/domain';
import { describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { InvalidApiKeyThrottle } from './invalid-api-key-throttle';

const LIMIT = 5;
const WINDOW_SECONDS = 600;
const t = useTestApp({ invalidApiKeyLimits: { maxPerAddress: LIMIT, windowSeconds: WINDOW_SECONDS } });

/** A well-formed key that belongs to nobody. */
const wrongKey = (n: number) => `smm_deadbeef_${String(n).padStart(43, 'x')}`;

const rest = (key: string | undefined, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/services',
    headers: key === undefined ? {} : { 'api-key': key },
    remoteAddress,
  });

const v2 = (key: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ key, action: 'balance' }).toString(),
    remoteAddress,
  });

async function guess(times: number, remoteAddress: string) {
  const statuses: number[] = [];
  for (let n = 0; n < times; n++) statuses.push((await rest(wrongKey(n), remoteAddress)).statusCode);
  return statuses;
}

describe(`wrong API keys per client address on ${testDatabaseKind}`, () => {
  it('refuses an address past the limit with 429 and Retry-After for any key, and leaves other addresses alone', async () => {
    const member: TestMember = await createMember(t.app, { apiKey: true });
    const attacker = '203.0.113.7';
    expect(await guess(LIMIT, attacker)).toEqual(Array<number>(LIMIT).fill(401));

    const refused = await rest(wrongKey(99), attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_INVALID_API_KEYS' });
    expect(Number(refused.headers['retry-after'])).toBe(WINDOW_SECONDS);
    // A valid key from that address waits too: else the one right guess would stand out.
    expect((await rest(member.apiKey!, attacker)).statusCode).toBe(429);
    // v2 answers its rate limits as HTTP 429 with Retry-After and the trade's words.
    const refusedV2 = await v2(member.apiKey!, attacker);
    expect([refusedV2.statusCode, refusedV2.json()]).toEqual([429, { error: V2_ERRORS.TOO_MANY_REQUESTS }]);
    expect(Number(refusedV2.headers['retry-after'])).toBeGreaterThan(0);

    // Another address: its own keys work and its own wrong keys are plain 401s.
    const neighbour = '198.51.100.9';
    expect((await rest(member.apiKey!, neighbour)).statusCode).toBe(200);
    expect((await v2(member.apiKey!, neighbour)).json()).toMatchObject({ currency: 'KRW' });
    expect((await rest(wrongKey(1), neighbour)).statusCode).toBe(401);

    // After the window the address is let in again.
    t.clock.advance(WINDOW_SECONDS * 1000);
    expect((await rest(member.apiKey!, attacker)).statusCode).toBe(200);
    expect((await rest(wrongKey(1), attacker)).statusCode).toBe(401);
  });

  it('counts only keys that match no account: valid calls and calls without a key never add up', async () => {
    const member = await createMember(t.app, { apiKey: true });
    const reseller = '192.0.2.44';
    for (let n = 0; n < LIMIT * 3; n++) {
      expect((await rest(member.apiKey!, reseller)).statusCode).toBe(200);
      expect((await rest(undefined, reseller)).statusCode).toBe(401);
    }
    expect(await guess(LIMIT, reseller)).toEqual(Array<number>(LIMIT).fill(401));
    expect((await rest(wrongKey(0), reseller)).statusCode).toBe(429);
  });

  it('counts v2 wrong keys too, and an IPv6 client per /64', async () => {
    const member = await createMember(t.app, { apiKey: true });
    for (let n = 0; n < LIMIT; n++) {
      // One /64, a fresh address within it each time.
      const answer = await v2(wrongKey(n), `2001:db8:5:6::${(n + 1).toString(16)}`);
      expect([answer.statusCode, answer.json()]).toEqual([200, { error: V2_ERRORS.INVALID_KEY }]);
    }
    expect((await rest(wrongKey(9), '2001:db8:5:6:ffff::1')).statusCode).toBe(429);
    expect((await rest(member.apiKey!, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('shares the count between processes through the database', async () => {
    // Two throttles on one database stand for two server processes.
    const limits = { maxPerAddress: LIMIT, windowSeconds: WINDOW_SECONDS };
    const first = new InvalidApiKeyThrottle(t.app.database.db, t.clock, limits);
    const second = new InvalidApiKeyThrottle(t.app.database.db, t.clock, limits);
    const address = '203.0.113.80';
    for (let n = 0; n < LIMIT; n++) await (n % 2 === 0 ? first : second).recordInvalid(address);
    await expect(second.recordInvalid(address)).rejects.toMatchObject({ status: 429 });
    // That process now refuses the address before any lookup; the other does at its next wrong key.
    expect(() => second.admit(address)).toThrow();
    expect(() => first.admit(address)).not.toThrow();
    await expect(first.recordInvalid(address)).rejects.toMatchObject({ status: 429 });
    expect(() => first.admit(address)).toThrow();
  });
});
