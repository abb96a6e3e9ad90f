import { LedgerReason } from '@smm/domain';
import { v2Response } from '@smm/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appError, rateLimited } from '../errors/app-error';
import { orders, pointLedger } from '../db/schema';
import { balancesAndLedgerSums, createMember, pointOf, type TestMember } from '../test/factories';
import { catalogService } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();
let url = '';
beforeAll(async () => {
  // Real HTTP on loopback: the clients below speak to a listening server as they would to any panel.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  url = `http://127.0.0.1:${address.port}/api/v2`;
});

type Params = Record<string, string | number>;

/** PHP's urlencode(): letters, digits and -_. stay; space is +; everything else %XX (upper case). */
const phpUrlencode = (value: string) =>
  Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-_.]/.test(c)) return c;
      if (c === ' ') return '+';
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** Python's urllib.parse.urlencode (quote_plus): like PHP but ~ also stays. */
const pythonQuotePlus = (value: string) =>
  Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-_.~]/.test(c)) return c;
      if (c === ' ') return '+';
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const ENCODINGS = {
  // The PHP class the trade hands out: `$name . '=' . urlencode($value)` joined with '&'.
  php: (params: Params) =>
    Object.entries(params)
      .map(([name, value]) => `${name}=${phpUrlencode(String(value))}`)
      .join('&'),
  // Python requests' `data=dict`: urlencode of names and values.
  python: (params: Params) =>
    Object.entries(params)
      .map(([name, value]) => `${pythonQuotePlus(name)}=${pythonQuotePlus(String(value))}`)
      .join('&'),
};

/**
 * A client written only from the SMM API v2 convention, the way reseller scripts are: form-encoded
 * POSTs of `key` and `action`, raising on any non-2xx (as `raise_for_status()` or a PHP wrapper
 * checking the code would), reading JSON.
 */
class SmmV2Client {
  constructor(
    private readonly key: string,
    private readonly encode: (params: Params) => string,
  ) {}

  async connect(post: Params): Promise<unknown> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Mozilla/4.0 (compatible; MSIE 5.01; Windows NT 5.0)',
      },
      body: this.encode({ key: this.key, ...post }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = JSON.parse(await response.text());
    // Whatever it answers is one of the documented shapes.
    v2Response.parse(body);
    return body;
  }

  services = () => this.connect({ action: 'services' }) as Promise<Record<string, unknown>[]>;
  order = (data: Params) =>
    this.connect({ action: 'add', ...data }) as Promise<{ order?: number; error?: string }>;
  status = (order: number | string) =>
    this.connect({ action: 'status', order }) as Promise<Record<string, string>>;
  multiStatus = (ids: (number | string)[]) =>
    this.connect({ action: 'status', orders: ids.join(',') }) as Promise<
      Record<string, Record<string, string>>
    >;
  balance = () => this.connect({ action: 'balance' }) as Promise<{ balance: string; currency: string }>;
  cancel = (ids: (number | string)[]) =>
    this.connect({ action: 'cancel', orders: ids.join(',') }) as Promise<
      { order: number; cancel: 1 | { error: string } }[]
    >;
}

/** A link with every character a form encoding must carry intact. */
const TRICKY_LINK = 'https://www.instagram.com/p/Cx_1a-b.c~d/?igsh=MWQ1ZGUx==&utm_source=qr&q=%ED%95%9C+x*';

async function tick() {
  return t.app.services.worker.tick();
}

for (const [style, encode] of Object.entries(ENCODINGS)) {
  describe(`SMM API v2 with a ${style}-style client on ${testDatabaseKind}`, () => {
    it('lists services, places, tracks one and many, reads the balance and cancels', async () => {
      const member: TestMember = await createMember(t.app, { apiKey: true, point: 1_000_000 });
      const stranger = await createMember(t.app, { apiKey: true, point: 1_000_000 });
      const api = new SmmV2Client(member.apiKey!, encode);
      const service = await catalogService(t.app, { unitPriceMilli: 1_234 });

      // services: the trade's field names and types (rate, min, max as strings).
      const list = await api.services();
      const listed = list.find((s) => s.service === service.id);
      expect(listed).toEqual({
        service: service.id,
        name: service.text,
        type: 'Default',
        category: expect.any(String),
        rate: `${service.unitPriceMilli}.00`,
        min: String(service.min),
        max: String(service.max),
        // The demo's first service, followers: refilled for 30 days and cancellable.
        refill: true,
        cancel: true,
        dripfeed: service.enableAuto,
      });
      expect(list.find((s) => s.name === '유튜브 조회수 (고품질)')).toMatchObject({
        refill: false,
        cancel: false,
      });

      // add: the same debit and ledger as the site; the link arrives byte for byte.
      const placed = await api.order({ service: service.id, link: TRICKY_LINK, quantity: 100 });
      expect(Object.keys(placed)).toEqual(['order']);
      const id = placed.order!;
      // 1.234 won × 100 = 123.4 → 124 won
      const cost = 124;
      const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, id));
      expect(row).toMatchObject({ accountId: member.accountId, link: TRICKY_LINK, amount: 100, cost });
      expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost);
      const [entry] = await t.app.database.db
        .select()
        .from(pointLedger)
        .where(and(eq(pointLedger.reason, LedgerReason.ORDER), eq(pointLedger.reference, `order:${id}`)));
      expect(entry?.delta).toBe(-cost);

      expect(await api.status(id)).toEqual({
        charge: `${cost}.00`,
        start_count: '0',
        status: 'Pending',
        remains: '100',
        currency: 'KRW',
      });

      // The background loop sends it to the (simulated) provider, then asks how it goes.
      await tick();
      t.clock.advance(31_000);
      await tick();
      const running = await api.status(id);
      expect(running.status).toBe('In progress');
      expect(Number(running.start_count)).toBeGreaterThan(0);

      // Several ids at once: keyed by each id as sent; unknown and foreign ids are errors, not leaks.
      const foreign = (
        await new SmmV2Client(stranger.apiKey!, encode).order({
          service: service.id,
          link: 'https://www.instagram.com/p/foreign/',
          quantity: 100,
        })
      ).order!;
      // (Another link: a second open order of one service for one link is refused.)
      const second = (
        await api.order({ service: service.id, link: 'https://www.instagram.com/p/second/', quantity: 200 })
      ).order!;
      const many = await api.multiStatus([id, second, foreign, 99_999, 'abc']);
      // (JSON objects list integer-like keys in ascending order, whatever order they were asked in.)
      expect(new Set(Object.keys(many))).toEqual(
        new Set([String(id), String(second), String(foreign), '99999', 'abc']),
      );
      expect(many[String(id)]).toMatchObject({ status: 'In progress', currency: 'KRW' });
      expect(many[String(second)]).toMatchObject({ status: 'Pending', remains: '200' });
      expect(many[String(foreign)]).toEqual({ error: 'Incorrect order ID' });
      expect(many['99999']).toEqual({ error: 'Incorrect order ID' });
      expect(many.abc).toEqual({ error: 'Incorrect order ID' });
      expect(await api.status(foreign)).toEqual({ error: 'Incorrect order ID' });

      // balance, as the trade writes money.
      const point = await pointOf(t.app, member.accountId);
      expect(await api.balance()).toEqual({ balance: `${point}.00`, currency: 'KRW' });

      // cancel: the unsent one at once with a full refund; the foreign one is unknown.
      const before = await pointOf(t.app, member.accountId);
      const cancelled = await api.cancel([second, foreign]);
      expect(cancelled).toEqual([
        { order: second, cancel: 1 },
        { order: foreign, cancel: { error: 'Incorrect order ID' } },
      ]);
      // 1.234 won × 200 = 246.8 → 247 won back
      const secondCost = 247;
      expect(await pointOf(t.app, member.accountId)).toBe(before + secondCost);
      expect(await api.status(second)).toMatchObject({ status: 'Canceled', charge: '0.00', remains: '200' });
      // Cancelling again refunds nothing more.
      expect(await api.cancel([second])).toEqual([
        { order: second, cancel: { error: 'This order cannot be canceled' } },
      ]);
      expect(await pointOf(t.app, member.accountId)).toBe(before + secondCost);
      for (const account of await balancesAndLedgerSums(t.app)) expect(account.point).toBe(account.ledger);
    });
  });
}

describe(`SMM API v2 cancellation of orders already at the provider on ${testDatabaseKind}`, () => {
  it('asks the provider; the refund comes with its Canceled status, once', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const api = new SmmV2Client(member.apiKey!, ENCODINGS.python);
    const service = await catalogService(t.app);
    const id = (await api.order({ service: service.id, link: 'https://instagram.com/p/a', quantity: 100 }))
      .order!;
    await tick(); // sent; the provider has it as Pending
    const [sent] = await t.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(sent?.providerOrderId).not.toBeNull();
    const before = await pointOf(t.app, member.accountId);
    expect(await api.cancel([id])).toEqual([{ order: id, cancel: 1 }]);
    // Nothing refunded until the provider's status says so.
    expect(await pointOf(t.app, member.accountId)).toBe(before);
    t.clock.advance(31_000);
    await tick();
    expect(await api.status(id)).toMatchObject({ status: 'Canceled', charge: '0.00' });
    expect(await pointOf(t.app, member.accountId)).toBe(before + sent!.cost);
    t.clock.advance(31_000);
    await tick();
    expect(await pointOf(t.app, member.accountId)).toBe(before + sent!.cost);
    expect(await api.cancel([id])).toEqual([
      { order: id, cancel: { error: 'This order cannot be canceled' } },
    ]);
  });

  it('an order a worker is sending right now is not cancelled (no refund for an order the provider may run)', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const api = new SmmV2Client(member.apiKey!, ENCODINGS.php);
    const service = await catalogService(t.app);
    const id = (await api.order({ service: service.id, link: 'https://instagram.com/p/a', quantity: 100 }))
      .order!;
    // What claimDueOrders does just before calling the provider.
    await t.app.database.db
      .update(orders)
      .set({ leasedUntil: new Date(t.clock.now().getTime() + 120_000) })
      .where(eq(orders.id, id));
    const before = await pointOf(t.app, member.accountId);
    expect(await api.cancel([id])).toEqual([
      { order: id, cancel: { error: 'This order is being sent to its provider; try again in a minute' } },
    ]);
    expect(await pointOf(t.app, member.accountId)).toBe(before);
    // Once the lease has passed (the worker died mid-send, say), the order can be cancelled.
    t.clock.advance(121_000);
    expect(await api.cancel([id])).toEqual([{ order: id, cancel: 1 }]);
  });

  it('the worker leases what it claims and releases it after sending', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const api = new SmmV2Client(member.apiKey!, ENCODINGS.php);
    const service = await catalogService(t.app);
    const id = (await api.order({ service: service.id, link: 'https://instagram.com/p/a', quantity: 100 }))
      .order!;
    await tick();
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.providerOrderId).not.toBeNull();
    expect(row?.leasedUntil).toBeNull();
  });
});

describe(`SMM API v2 drip-feed (our auto-order) on ${testDatabaseKind}`, () => {
  it('add with runs and interval places an auto-order paid up front, tracked and cancelled by its id', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const api = new SmmV2Client(member.apiKey!, ENCODINGS.python);
    const service = await catalogService(t.app, { enableAuto: true, unitPriceMilli: 1_234 });
    const placed = await api.order({
      service: service.id,
      link: 'https://instagram.com/p/a',
      quantity: 10,
      runs: 3,
      interval: 60,
    });
    const id = placed.order!;
    // 1.234 won × 10 × 3 runs = 37.02 → 38 won up front
    expect(await pointOf(t.app, member.accountId)).toBe(999_962);
    expect(await api.status(id)).toMatchObject({
      status: 'In progress',
      charge: '38.00',
      remains: '30',
    });
    await tick(); // first run placed
    const before = await pointOf(t.app, member.accountId);
    expect(await api.cancel([id])).toEqual([{ order: id, cancel: 1 }]);
    expect(await pointOf(t.app, member.accountId)).toBeGreaterThan(before);
    expect(await api.status(id)).toMatchObject({ status: 'Canceled' });
    expect(await api.cancel([id])).toEqual([
      { order: id, cancel: { error: 'This order cannot be canceled' } },
    ]);
  });

  it('empty runs and interval (clients that always send them) mean no drip-feed', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const api = new SmmV2Client(member.apiKey!, ENCODINGS.php);
    const service = await catalogService(t.app, { enableAuto: false });
    const placed = await api.order({
      service: service.id,
      link: 'https://a.com/x',
      quantity: service.min,
      runs: '',
      interval: '',
    });
    expect(placed.order).toBeGreaterThan(0);
    expect(
      await api.order({
        service: service.id,
        link: 'https://a.com/x',
        quantity: service.min,
        runs: 3,
        interval: 60,
      }),
    ).toEqual({
      error: 'Drip-feed is not supported for this service',
    });
  });
});

describe(`SMM API v2 errors on ${testDatabaseKind}`, () => {
  const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url: '/api/v2', headers: { 'content-type': contentType }, payload: body });

  it("answers every refusal with HTTP 200 and the trade's English error text, writing nothing", async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000 });
    const api = new SmmV2Client(member.apiKey!, ENCODINGS.python);
    const service = await catalogService(t.app);
    const add = (data: Params) =>
      api.order({ service: service.id, link: 'https://instagram.com/p/a', quantity: 100, ...data });

    expect(await new SmmV2Client('smm_nope', ENCODINGS.php).balance()).toEqual({ error: 'Invalid API key' });
    expect(await new SmmV2Client('', ENCODINGS.php).balance()).toEqual({ error: 'Invalid API key' });
    expect(await api.connect({ action: 'nonsense' })).toEqual({ error: 'Incorrect request' });
    expect(await api.connect({})).toEqual({ error: 'Incorrect request' });
    expect(await add({ service: 999_999 })).toEqual({ error: 'Incorrect service ID' });
    expect(await add({ service: 'abc' })).toEqual({ error: 'Incorrect service ID' });
    expect(await add({ quantity: service.min - 1 })).toEqual({
      error: `Quantity less than minimal ${service.min}`,
    });
    expect(await add({ quantity: service.max + 1 })).toEqual({
      error: `Quantity more than maximal ${service.max}`,
    });
    expect(await add({ quantity: '1.5' })).toEqual({ error: 'Quantity must be a whole number' });
    expect(await add({ quantity: 'lots' })).toEqual({ error: 'Quantity must be a whole number' });
    expect(await add({ link: 'not a link' })).toEqual({ error: 'Incorrect link' });
    expect(await add({ link: '' })).toEqual({ error: 'Incorrect link' });
    expect(await add({ quantity: service.max })).toEqual({ error: 'Not enough funds on balance' });
    expect(await api.connect({ action: 'add', service: service.id })).toEqual({ error: 'Incorrect request' });
    expect(await api.status(99_999)).toEqual({ error: 'Incorrect order ID' });
    expect(await api.status('')).toEqual({ error: 'Incorrect order ID' });
    expect(await api.multiStatus(Array.from({ length: 101 }, (_, i) => i + 1))).toEqual({
      error: 'Maximum 100 order IDs per request',
    });
    expect(await api.connect({ action: 'refill', order: 1 })).toEqual({ error: 'Incorrect order ID' });
    expect(await api.connect({ action: 'refill_status', refill: 1 })).toEqual({
      error: 'Incorrect refill ID',
    });
    expect(await api.cancel([])).toEqual({ error: 'Incorrect request' });

    // Unexpected input is a refusal, never a 500: NUL, broken JSON, other content types, repeated fields.
    const key = member.apiKey!;
    for (const [body, type] of [
      [`key=${key}&action=add&service=${service.id}&link=https%3A%2F%2Fa.com%2F%00&quantity=100`, undefined],
      [`key=${key}&action=balance&action=services`, undefined],
      ['{"key": "x", "action"', 'application/json'],
      ['[1,2]', 'application/json'],
      [`key=${key}&action=balance`, 'text/plain'],
      [
        `key=${key}&action=add&service=${service.id}&link=https%3A%2F%2Fa.com%2F&quantity=${'9'.repeat(400)}`,
        undefined,
      ],
    ] as const) {
      const response = await post(body, type);
      expect(response.statusCode, body).toBe(200);
      expect(response.json(), body).toHaveProperty('error');
    }
    expect(await pointOf(t.app, member.accountId)).toBe(1_000);
    const [{ n } = { n: -1 }] = await t.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders);
    expect(n).toBe(0);
  });

  it('takes the same parameters as JSON, as a GET query, and in the query string of a POST', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 12_345 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      payload: { key: member.apiKey, action: 'balance' },
    });
    expect(json.json()).toEqual({ balance: '12345.00', currency: 'KRW' });
    const query = `key=${encodeURIComponent(member.apiKey!)}&action=balance`;
    expect((await t.app.inject({ method: 'GET', url: `/api/v2?${query}` })).json()).toEqual({
      balance: '12345.00',
      currency: 'KRW',
    });
    expect((await t.app.inject({ method: 'POST', url: `/api/v2?${query}` })).json()).toEqual({
      balance: '12345.00',
      currency: 'KRW',
    });
    const service = await catalogService(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      payload: {
        key: member.apiKey,
        action: 'add',
        service: service.id,
        link: 'https://a.com/x',
        quantity: service.min,
      },
    });
    expect(added.json()).toEqual({ order: expect.any(Number) });
  });
});

describe(`the v2 error mapping, every branch, on ${testDatabaseKind}`, () => {
  /** A v2 call whose service throws `error` (the route's error handler decides the answer). */
  async function v2Throwing(error: unknown) {
    const member = await createMember(t.app, { point: 1_000, apiKey: true });
    const spy = vi.spyOn(t.app.services.publicApi, 'v2').mockRejectedValueOnce(error);
    try {
      return await t.app.inject({
        method: 'POST',
        url: '/api/v2',
        payload: { key: member.apiKey, action: 'balance' },
      });
    } finally {
      spy.mockRestore();
    }
  }

  it('a 4xx a service throws is HTTP 200 with the trade\u2019s "Incorrect request"', async () => {
    for (const code of ['ORDER_STATE', 'NOT_FOUND', 'BAD_REQUEST'] as const) {
      const response = await v2Throwing(appError(code));
      expect(response.statusCode, code).toBe(200);
      expect(response.json(), code).toEqual({ error: 'Incorrect request' });
    }
  });

  it('a rate limit is a standard 429 with Retry-After (its own, or 60 s when it names none)', async () => {
    const named = await v2Throwing(rateLimited('TOO_MANY_REQUESTS', 17));
    expect(named.statusCode).toBe(429);
    expect(named.headers['retry-after']).toBe('17');
    expect(named.json()).toEqual({ error: 'Too many requests' });
    const unnamed = await v2Throwing(appError('TOO_MANY_REQUESTS'));
    expect(unnamed.statusCode).toBe(429);
    expect(unnamed.headers['retry-after']).toBe('60');
  });

  it('an API key refused is HTTP 200 "Invalid API key"; a body that does not parse is "Incorrect request"', async () => {
    const refused = await v2Throwing(appError('API_KEY_INVALID'));
    expect([refused.statusCode, refused.json()]).toEqual([200, { error: 'Invalid API key' }]);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      headers: { 'content-type': 'application/json' },
      payload: '{"key": ',
    });
    expect([broken.statusCode, broken.json()]).toEqual([200, { error: 'Incorrect request' }]);
  });

  it('anything else is a 500 that says nothing of the cause, and is logged', async () => {
    const response = await v2Throwing(new Error('database at 10.0.0.5 refused: password for smm'));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal error' });
    expect(response.body).not.toContain('10.0.0.5');
    expect(t.logs()).toContain('unhandled error');
    // A 5xx app error is not dressed up as a refusal either.
    const unavailable = await v2Throwing(appError('SERVICE_UNAVAILABLE'));
    expect(unavailable.statusCode).toBe(500);
  });
});
