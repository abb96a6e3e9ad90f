import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { FAKE_PROVIDER_KEY, listenFakeProvider, type FakeProvider } from '../scripts/bench/fake-provider.mjs';
import { openLoop } from '../scripts/bench/open-loop.mjs';

/** docs/performance.md, "The pipeline, end to end": the fake provider and the open loop it is fed by. */
describe('the pipeline benchmark', () => {
  let server: Server;
  let fake: FakeProvider;
  let base: string;
  beforeAll(async () => {
    const listening = await listenFakeProvider({ port: 0, latencyMs: 0 });
    server = listening.server;
    fake = listening.fake;
    base = `http://127.0.0.1:${listening.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const v2 = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: FAKE_PROVIDER_KEY, ...fields }),
    });
    return (await response.json()) as unknown;
  };
  const add = (mode: string, link: string) =>
    v2(`/${mode}/api/v2`, { action: 'add', service: '1', link, quantity: '10' }) as Promise<{
      order: number;
    }>;

  it('answers multi-status at /multi and refuses it at /single, where one order at a time is answered', async () => {
    const { order } = await add('multi', 'https://www.instagram.com/p/a/');
    const id = String(order);
    expect(await v2('/multi/api/v2', { action: 'status', orders: `${id},999999` })).toEqual({
      [id]: expect.objectContaining({ status: 'Completed', remains: '0' }),
      '999999': { error: 'Incorrect order ID' },
    });
    expect(await v2('/single/api/v2', { action: 'status', orders: id })).toEqual({
      error: 'Incorrect request',
    });
    expect(await v2('/single/api/v2', { action: 'status', order: id })).toMatchObject({
      status: 'Completed',
    });
    expect(fake.stats.refusedMulti).toBe(1);
    expect(fake.stats.multiStatusCalls).toBe(1);
  });

  it("records each add's first arrival by link, counts a link sent twice and the sweep's distinct ids asked", async () => {
    await add('multi', 'https://www.instagram.com/p/b/');
    const arrived = fake.arrivals.get('https://www.instagram.com/p/b/');
    expect(arrived).toEqual(expect.any(Number));
    expect(fake.stats.duplicateAdds).toBe(0);
    // The same link again is an order sent twice: counted, and its first arrival kept.
    await add('single', 'https://www.instagram.com/p/b/');
    expect(fake.stats.duplicateAdds).toBe(1);
    expect(fake.arrivals.get('https://www.instagram.com/p/b/')).toBe(arrived);
    await fetch(`${base}/_bench/sweep?from=5000&count=3`, { method: 'POST' });
    expect(await v2('/multi/api/v2', { action: 'status', orders: '5000,5001,5000' })).toMatchObject({
      '5000': { status: 'In progress' },
    });
    await v2('/single/api/v2', { action: 'status', order: '5002' });
    const stats = (await (await fetch(`${base}/_bench/stats`)).json()) as { sweep: { asked: number } };
    expect(stats.sweep).toEqual({ from: 5000, count: 3, asked: 3 });
  });
});

describe('the open loop', () => {
  /** A clock at 0 for the loop's start and far later after: every request is due at once. */
  const jumpingClock = () => {
    let calls = 0;
    return () => (calls++ === 0 ? 0 : 1_000_000);
  };

  it('starts every request on its schedule without waiting for earlier answers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const loop = openLoop({
      rate: 100,
      seconds: 0.2,
      now: jumpingClock(),
      send: async (i) => {
        started.push(i);
        await gate;
        return i;
      },
    });
    // No answer has come yet, and all 20 are out: a closed loop would have sent one.
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    release();
    const result = await loop;
    expect(result).toMatchObject({ scheduled: 20, started: 20, skipped: 0 });
    expect(result.results.map((r) => r.scheduledAt)).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
  });

  it('starts no more than maxInFlight at once, counting the rest as skipped', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loop = openLoop({ rate: 100, seconds: 0.2, maxInFlight: 5, now: jumpingClock(), send: () => gate });
    release();
    expect(await loop).toMatchObject({ scheduled: 20, started: 5, skipped: 15 });
  });
});
