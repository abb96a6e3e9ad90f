import { ORDER_REQUEST_MAX_BYTES } from '@smm/domain';
import { v2Response } from '@smm/domain/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, services } from '../db/schema';
import { createMember, pointOf, type TestMember } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * The SMM API v2 as the trade's reseller clients actually send it (docs/product.md#public-api): to
 * `/api/v2/` as often as `/api/v2`, as `FormData` (multipart), with placeholder strings in the optional
 * drip-feed fields, and several ids in `order`.
 */
const t = useTestApp();

type Params = Record<string, string | number>;
type Answer = { statusCode: number; body: unknown };

const PATHS = ['/api/v2', '/api/v2/'] as const;

/** URL-encoded, as a form body or a query string. */
const encoded = (params: Params) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function answerOf(response: { statusCode: number; json: () => unknown }): Promise<Answer> {
  return { statusCode: response.statusCode, body: response.json() };
}

/** A multipart body exactly as `fetch` would send a `FormData`. */
async function multipartOf(params: Params): Promise<{ contentType: string; payload: Buffer }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(params)) form.append(name, String(value));
  const request = new Request('http://panel.test/api/v2', { method: 'POST', body: form });
  return {
    contentType: request.headers.get('content-type')!,
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/** The four ways the trade's clients send parameters. */
const TRANSPORTS = {
  form: async (path: string, params: Params) =>
    answerOf(
      await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: encoded(params),
      }),
    ),
  multipart: async (path: string, params: Params) => {
    const { contentType, payload } = await multipartOf(params);
    return answerOf(
      await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType }, payload }),
    );
  },
  json: async (path: string, params: Params) =>
    answerOf(await t.app.inject({ method: 'POST', url: path, payload: params })),
  query: async (path: string, params: Params) =>
    answerOf(
      await t.app.inject({
        method: 'GET',
        url: `${path}?${encoded(params)}`,
      }),
    ),
};

/** One call: HTTP 200 and one of the documented shapes, whatever it answers. */
async function call(transport: keyof typeof TRANSPORTS, path: string, params: Params): Promise<unknown> {
  const { statusCode, body } = await TRANSPORTS[transport](path, params);
  expect(statusCode, `${transport} ${path} ${JSON.stringify(params)}`).toBe(200);
  v2Response.parse(body);
  return body;
}

const v2 = (
  member: TestMember,
  params: Params,
  transport: keyof typeof TRANSPORTS = 'form',
  path = '/api/v2/',
) => call(transport, path, { key: member.apiKey!, ...params });

describe(`SMM API v2 as the trade's clients send it, on ${testDatabaseKind}`, () => {
  it('/api/v2 and /api/v2/ are one endpoint, by form, multipart, JSON and GET query', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 12_345 });
    const service = await catalogService(t.app);
    const placed = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://www.instagram.com/p/slash/',
      amount: service.min,
    });
    for (const transport of Object.keys(TRANSPORTS) as (keyof typeof TRANSPORTS)[]) {
      for (const path of PATHS) {
        expect(await v2(member, { action: 'balance' }, transport, path), `${transport} ${path}`).toEqual({
          balance: `${await pointOf(t.app, member.accountId)}.00`,
          currency: 'KRW',
        });
        expect(await v2(member, { action: 'status', order: placed.orderId }, transport, path)).toMatchObject({
          status: 'Pending',
          currency: 'KRW',
        });
        const listed = (await v2(member, { action: 'services' }, transport, path)) as { service: number }[];
        expect(listed.map((s) => s.service)).toContain(service.id);
        expect(await call(transport, path, { key: 'smm_nope', action: 'balance' })).toEqual({
          error: 'Invalid API key',
        });
      }
    }
  });

  it('a multipart order is placed like a form-encoded one, its link intact', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const service = await catalogService(t.app);
    const link = 'https://www.instagram.com/p/Cx_1a-b.c~d/?igsh=MWQ1ZGUx==&utm_source=qr&q=%ED%95%9C+x*';
    for (const path of PATHS) {
      const placed = (await v2(
        member,
        { action: 'add', service: service.id, link: `${link}${path.length}`, quantity: service.min },
        'multipart',
        path,
      )) as { order: number };
      expect(placed.order).toBeGreaterThan(0);
      const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, placed.order));
      expect(row).toMatchObject({ link: `${link}${path.length}`, amount: service.min });
    }
  });

  it('a bad key through multipart is "Invalid API key"; a file part, too many parts or a broken body is "Incorrect request"', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000 });
    expect(await call('multipart', '/api/v2', { key: 'smm_wrong', action: 'balance' })).toEqual({
      error: 'Invalid API key',
    });
    expect(await call('multipart', '/api/v2/', { key: 'smm_wrong', action: 'add' })).toEqual({
      error: 'Invalid API key',
    });

    const boundary = '----smm-v2-client';
    const part = (headers: string, value: string) => `--${boundary}\r\n${headers}\r\n\r\n${value}\r\n`;
    const post = (payload: string, url = '/api/v2') =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    // Hand-written, as a PHP or Python client builds it: the same answer as fetch's FormData.
    const handWritten = await post(
      part('Content-Disposition: form-data; name="key"', member.apiKey!) +
        part('Content-Disposition: form-data; name="action"', 'balance') +
        `--${boundary}--\r\n`,
    );
    expect([handWritten.statusCode, handWritten.json()]).toEqual([
      200,
      { balance: '1000.00', currency: 'KRW' },
    ]);

    const withFile = await post(
      part('Content-Disposition: form-data; name="key"', member.apiKey!) +
        part('Content-Disposition: form-data; name="action"', 'balance') +
        part(
          'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain',
          'hi',
        ) +
        `--${boundary}--\r\n`,
    );
    expect([withFile.statusCode, withFile.json()]).toEqual([200, { error: 'Incorrect request' }]);

    const tooMany = await post(
      part('Content-Disposition: form-data; name="key"', member.apiKey!) +
        part('Content-Disposition: form-data; name="action"', 'balance') +
        Array.from({ length: 60 }, (_, i) =>
          part(`Content-Disposition: form-data; name="pad${i}"`, 'x'),
        ).join('') +
        `--${boundary}--\r\n`,
    );
    expect([tooMany.statusCode, tooMany.json()]).toEqual([200, { error: 'Incorrect request' }]);

    const oversized = await post(
      part('Content-Disposition: form-data; name="key"', member.apiKey!) +
        part('Content-Disposition: form-data; name="action"', 'balance') +
        part('Content-Disposition: form-data; name="pad"', 'x'.repeat(ORDER_REQUEST_MAX_BYTES)) +
        `--${boundary}--\r\n`,
    );
    expect([oversized.statusCode, oversized.json()]).toEqual([200, { error: 'Incorrect request' }]);

    const broken = await post(
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${member.apiKey!}`,
    );
    expect([broken.statusCode, broken.json()]).toEqual([200, { error: 'Incorrect request' }]);

    // The site's other routes do not start accepting multipart bodies.
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'api-key': member.apiKey!, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: part('Content-Disposition: form-data; name="serviceId"', '1') + `--${boundary}--\r\n`,
    });
    expect(rest.statusCode).toBe(415);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: part('Content-Disposition: form-data; name="userId"', 'a') + `--${boundary}--\r\n`,
    });
    expect(login.statusCode).toBe(415);
  });

  it('any other path or method under /api/v2 answers in the v2 shape, never the site 404', async () => {
    const member = await createMember(t.app, { apiKey: true });
    const requests = [
      { method: 'POST', url: '/api/v2/order' },
      { method: 'GET', url: `/api/v2/balance?key=${member.apiKey!}&action=balance` },
      { method: 'POST', url: '/api/v2/a/b/c' },
      { method: 'GET', url: '/api/v2//' },
      { method: 'PUT', url: '/api/v2' },
      { method: 'DELETE', url: '/api/v2/' },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({
        ...request,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: request.method === 'GET' ? undefined : `key=${member.apiKey!}&action=balance`,
      });
      expect([response.statusCode, response.json()], `${request.method} ${request.url}`).toEqual([
        200,
        { error: 'Incorrect request' },
      ]);
    }
    // The site's own 404 stays as it was elsewhere under /api.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/v3' });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('runs that do not ask for drip-feed (absent, empty, 0, 1, placeholders) place an ordinary order', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const plain = await catalogService(t.app, { enableAuto: false });
    const placeholders: Params[] = [
      { runs: 1 },
      { runs: 1, interval: 0 },
      { runs: '1', interval: '60' },
      { runs: 0, interval: 0 },
      { runs: 'undefined', interval: 'undefined' },
      { runs: 'null', interval: 'null' },
      { runs: 'NaN', interval: 'NaN' },
      { runs: '', interval: 'undefined' },
      { runs: ' ', interval: '' },
      { interval: 'undefined' },
    ];
    let n = 0;
    for (const transport of ['form', 'multipart', 'json', 'query'] as const) {
      for (const drip of placeholders) {
        n += 1;
        const link = `https://www.instagram.com/p/plain${n}/`;
        const placed = (await v2(
          member,
          { action: 'add', service: plain.id, link, quantity: plain.min, ...drip },
          transport,
        )) as { order?: number; error?: string };
        expect(placed, `${transport} ${JSON.stringify(drip)}`).toEqual({ order: expect.any(Number) });
        const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, placed.order!));
        expect(row).toMatchObject({ link, amount: plain.min });
      }
    }
  });

  it('runs ≥ 2 still asks for drip-feed, and its interval is checked as before', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const plain = await catalogService(t.app, { enableAuto: false });
    const auto = await catalogService(t.app, { enableAuto: true });
    const add = (service: typeof auto, drip: Params, link = 'https://www.instagram.com/p/drip/') =>
      v2(member, { action: 'add', service: service.id, link, quantity: service.min, ...drip }, 'multipart');
    expect(await add(plain, { runs: 2, interval: 60 })).toEqual({
      error: 'Drip-feed is not supported for this service',
    });
    for (const interval of ['undefined', '', 'null', '30', '60.5', '999999']) {
      expect(await add(auto, { runs: 3, interval }), interval).toEqual({
        error: 'Incorrect interval: at least 60 minutes and at most 43200',
      });
    }
    for (const runs of ['2.5', '1001']) {
      expect(await add(auto, { runs, interval: 60 }), runs).toEqual({
        error: 'Incorrect runs: more than 1 and at most 1000',
      });
    }
    const placed = (await add(auto, { runs: 2, interval: 60 })) as { order: number };
    expect(placed.order).toBeGreaterThan(0);
    // An auto-order, not an order: it has no row among the orders yet.
    expect(await t.app.database.db.select().from(orders).where(eq(orders.id, placed.order))).toEqual([]);
  });

  it('several ids in `order` answer exactly as `orders` does, for status, refill and cancel', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const stranger = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const service = await catalogService(t.app, { refillDays: 30 });
    await t.app.database.db.update(services).set({ cancellable: false }).where(eq(services.id, service.id));
    await t.app.services.catalog.changed();
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const link = `https://www.instagram.com/p/many${i}/`;
      ids.push(
        (await placeOrder(t.app, member, { serviceId: service.id, link, amount: service.min })).orderId,
      );
    }
    const foreign = (
      await placeOrder(t.app, stranger, {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/theirs/',
        amount: service.min,
      })
    ).orderId;
    const list = `${ids[0]}, ${ids[1]},${foreign},abc`;

    for (const transport of ['form', 'multipart'] as const) {
      for (const action of ['status', 'refill', 'cancel']) {
        const asOrders = await v2(member, { action, orders: list }, transport);
        const asOrder = await v2(member, { action, order: list }, transport);
        expect(asOrder, `${transport} ${action}`).toEqual(asOrders);
      }
    }
    expect(await v2(member, { action: 'status', order: list })).toEqual({
      [ids[0]!]: expect.objectContaining({ status: 'Pending' }),
      [ids[1]!]: expect.objectContaining({ status: 'Pending' }),
      [foreign]: { error: 'Incorrect order ID' },
      abc: { error: 'Incorrect order ID' },
    });
    expect(await v2(member, { action: 'refill', order: list })).toEqual([
      { order: ids[0], refill: { error: 'Refill is available only for completed or partial orders' } },
      { order: ids[1], refill: { error: 'Refill is available only for completed or partial orders' } },
      { order: foreign, refill: { error: 'Incorrect order ID' } },
    ]);
    expect(await v2(member, { action: 'cancel', order: list })).toEqual([
      { order: ids[0], cancel: { error: 'This order cannot be canceled' } },
      { order: ids[1], cancel: { error: 'This order cannot be canceled' } },
      { order: foreign, cancel: { error: 'Incorrect order ID' } },
    ]);
    // One id in `order` keeps its one-order answers.
    expect(await v2(member, { action: 'status', order: ids[0]! })).toMatchObject({ status: 'Pending' });
    expect(await v2(member, { action: 'refill', order: ids[0]! })).toEqual({
      error: 'Refill is available only for completed or partial orders',
    });
    // Nothing was written for the refusals.
    const rows = await t.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids, foreign]));
    expect(rows.map((row) => row.status)).toEqual([0, 0, 0]);
  });
});
