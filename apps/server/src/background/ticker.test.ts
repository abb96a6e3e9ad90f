import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../db/schema';
import { createMember } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { createTestApp, testDatabaseKind } from '../test/test-app';
import { Ticker } from './ticker';

const silentLog = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('Ticker', () => {
  afterEach(() => vi.useRealTimers());

  it('never overlaps ticks, and close() waits for the running tick and starts no other', async () => {
    vi.useFakeTimers();
    const release = gate();
    let started = 0;
    let finished = 0;
    const ticker = new Ticker(
      [
        {
          name: 'slow',
          async tick() {
            started += 1;
            await release.opened;
            finished += 1;
            return {};
          },
        },
      ],
      silentLog,
    );
    ticker.start(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(1);
    // The interval fires again while the first tick runs: no second tick.
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(1);
    expect(ticker.runOnce()).toBeUndefined();

    let closed = false;
    const closing = ticker.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(closed).toBe(false);
    release.open();
    await closing;
    expect(finished).toBe(1);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticker.runOnce()).toBeUndefined();
    ticker.start(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toBe(1);
  });

  it('runs every job of a tick even when one fails, and logs the failure', async () => {
    const errors: unknown[] = [];
    const log = {
      info: () => {},
      error: (entry: unknown) => errors.push(entry),
    } as unknown as FastifyBaseLogger;
    const ran: string[] = [];
    const ticker = new Ticker(
      [
        {
          name: 'a',
          tick: async () => {
            ran.push('a');
            throw new Error('boom');
          },
        },
        { name: 'b', tick: async () => (ran.push('b'), {}) },
      ],
      log,
    );
    await ticker.runOnce();
    expect(ran).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
    await ticker.close();
  });
});

describe(`graceful close on ${testDatabaseKind}`, () => {
  it('app.close() resolves only after the running tick has finished (its order recorded), and no tick starts after', async () => {
    // A provider that holds its answer to `add` until the test lets it go.
    const release = gate();
    const received = gate();
    let adds = 0;
    const slowProvider = createServer((request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (new URLSearchParams(body).get('action') !== 'add') {
          response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"unexpected"}');
          return;
        }
        adds += 1;
        received.open();
        void release.opened.then(() =>
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"order":4242}'),
        );
      });
    });
    await new Promise<void>((resolve) => slowProvider.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(slowProvider.address() as AddressInfo).port}/api/v2`;

    const t = await createTestApp();
    let appClosed = false;
    try {
      const { db } = t.app.database;
      const service = await catalogService(t.app, { enableAuto: false });
      await db.update(providers).set({ apiUrl: providerUrl }).where(eq(providers.id, service.providerId!));
      const member = await createMember(t.app, { point: 1_000_000 });
      await placeOrder(t.app, member, {
        serviceId: service.id,
        link: 'https://a.com/graceful',
        amount: service.min,
      });

      const tick = t.app.background.runOnce();
      expect(tick).toBeDefined();
      await received.opened;

      let closed = false;
      const closing = t.app.close().then(() => (closed = true));
      // The tick is held by its provider: the close waits (well past the few ms a close takes).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      expect(t.app.background.runOnce()).toBeUndefined();

      release.open();
      await closing;
      appClosed = true;
      await tick;
      // The provider's lane ran to its end on an open database: the order was recorded as submitted.
      expect(t.logs()).toContain('"submitted":1');
      expect(t.logs()).not.toContain('background tick failed');
      expect(adds).toBe(1);
      // Closed: no further tick, even when asked.
      expect(t.app.background.runOnce()).toBeUndefined();
      t.app.background.start(0.01);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(adds).toBe(1);
    } finally {
      release.open();
      if (!appClosed) await t.app.close();
      await t.close().catch(() => undefined);
      slowProvider.closeAllConnections();
      await new Promise<void>((resolve) => slowProvider.close(() => resolve()));
    }
  });
});
