import { COMMENTS_MAX_LINES, ORDER_MESSAGES, ORDER_REQUEST_MAX_BYTES } from '@smm/domain';
import { v2Response } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, simulatedProviderOrders } from '../db/schema';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../test/factories';
import { catalogService } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * Custom Comments and Package services (docs/product.md#service-types) as the trade's clients order
 * them: v2 `add` with `comments` (one a line) and no quantity, or a Package with a link only; the
 * site's and REST's orders alike. The comments reach the provider as a list; other types' fields are
 * refused in words a client can act on, and a refusal debits nothing.
 */
const t = useTestApp();

type Params = Record<string, string | number>;

const form = async (params: Params) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });
  expect(response.statusCode).toBe(200);
  return v2Response.parse(response.json()) as unknown;
};

const multipart = async (params: Params) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(params)) body.append(name, String(value));
  const request = new Request('http://panel.test/api/v2', { method: 'POST', body });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as unknown;
};

const json = async (params: Params) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v2', payload: params });
  expect(response.statusCode).toBe(200);
  return response.json() as unknown;
};

const orderRow = async (id: number) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Runs the background loop until the order has its provider's order id, then the provider's copy. */
async function atProvider(orderId: number) {
  for (let i = 0; i < 3 && (await orderRow(orderId)).providerOrderId === null; i++) {
    await t.app.services.worker.tick();
  }
  const { providerOrderId } = await orderRow(orderId);
  expect(providerOrderId).not.toBeNull();
  const [upstream] = await t.app.database.db
    .select()
    .from(simulatedProviderOrders)
    .where(eq(simulatedProviderOrders.id, Number(providerOrderId)));
  return upstream!;
}

const COMMENTS = [
  '사진 너무 예뻐요!',
  '분위기 최고네요 👍',
  '  저장해두고 갑니다  ',
  '',
  '다음 게시물도 기대할게요',
  '팔로우하고 갑니다',
];
const LINES = [
  '사진 너무 예뻐요!',
  '분위기 최고네요 👍',
  '저장해두고 갑니다',
  '다음 게시물도 기대할게요',
  '팔로우하고 갑니다',
];

async function member(point = 1_000_000): Promise<TestMember> {
  return createMember(t.app, { apiKey: true, point });
}

describe(`service types: Custom Comments and Package (${testDatabaseKind})`, () => {
  it('v2 services lists each type with its own dripfeed, refill and cancel', async () => {
    const m = await member();
    const comments = await catalogService(t.app, { type: 'custom_comments' });
    const pack = await catalogService(t.app, { type: 'package' });
    const auto = await catalogService(t.app, { enableAuto: true });
    const listed = (await form({ key: m.apiKey!, action: 'services' })) as {
      service: number;
      type: string;
      min: string;
      max: string;
      dripfeed: boolean;
      refill: boolean;
      cancel: boolean;
    }[];
    const byId = new Map(listed.map((s) => [s.service, s]));
    expect(byId.get(comments.id)).toMatchObject({
      type: 'Custom Comments',
      min: String(comments.min),
      max: String(comments.max),
      dripfeed: false,
      refill: comments.refillDays > 0,
      cancel: comments.cancellable,
    });
    expect(byId.get(pack.id)).toMatchObject({
      type: 'Package',
      min: String(pack.min),
      max: String(pack.min),
      dripfeed: false,
      cancel: pack.cancellable,
    });
    expect(byId.get(auto.id)).toMatchObject({ type: 'Default', dripfeed: true });
    // REST names the type too.
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { 'api-key': m.apiKey! },
    });
    const restById = new Map((rest.json() as { id: number; type: string }[]).map((s) => [s.id, s.type]));
    expect(restById.get(comments.id)).toBe('custom_comments');
    expect(restById.get(pack.id)).toBe('package');
  });

  it('a Custom Comments add (form, with \\r\\n lines, no quantity) is priced by its lines and the provider receives the list', async () => {
    const m = await member();
    const service = await catalogService(t.app, { type: 'custom_comments' });
    const before = await pointOf(t.app, m.accountId);
    const placed = (await form({
      key: m.apiKey!,
      action: 'add',
      service: service.id,
      link: 'https://www.instagram.com/p/comments-1/',
      comments: COMMENTS.join('\r\n'),
    })) as { order: number };
    expect(placed.order).toBeGreaterThan(0);
    const row = await orderRow(placed.order);
    expect(row).toMatchObject({
      amount: LINES.length,
      serviceType: 'custom_comments',
      comments: LINES.join('\n'),
    });
    // 4 comments × the unit price, rounded up to the won.
    expect(row.cost).toBe(Math.ceil((service.unitPriceMilli * LINES.length) / 1000));
    expect(await pointOf(t.app, m.accountId)).toBe(before - row.cost);

    const upstream = await atProvider(placed.order);
    expect(upstream.comments).toBe(LINES.join('\n'));
    expect(upstream.quantity).toBe(LINES.length);
  });

  it('multipart and JSON comments work too; a quantity that matches the lines is accepted, placeholders ignored', async () => {
    const m = await member();
    const service = await catalogService(t.app, { type: 'custom_comments' });
    const lines = Array.from({ length: service.min }, (_, i) => `댓글 ${i + 1}`);
    const viaMultipart = (await multipart({
      key: m.apiKey!,
      action: 'add',
      service: service.id,
      link: 'https://www.instagram.com/p/comments-2/',
      comments: lines.join('\n'),
      quantity: lines.length,
    })) as { order: number };
    expect((await orderRow(viaMultipart.order)).amount).toBe(lines.length);
    const viaJson = (await json({
      key: m.apiKey!,
      action: 'add',
      service: service.id,
      link: 'https://www.instagram.com/p/comments-3/',
      comments: lines.join('\n'),
      quantity: 'undefined',
      runs: 'undefined',
      interval: 'undefined',
    })) as { order: number };
    expect((await orderRow(viaJson.order)).comments).toBe(lines.join('\n'));
  });

  it('refuses Custom Comments without comments, with a quantity that disagrees, too few lines, or drip-feed, and debits nothing', async () => {
    const m = await member();
    const service = await catalogService(t.app, { type: 'custom_comments' });
    const before = await balancesAndLedgerSums(t.app);
    const lines = Array.from({ length: service.min }, (_, i) => `좋아요 ${i}`).join('\n');
    const add = (params: Params) =>
      form({
        key: m.apiKey!,
        action: 'add',
        service: service.id,
        link: 'https://www.instagram.com/p/x/',
        ...params,
      });
    expect(await add({})).toEqual({ error: 'Comments are required for this service: one comment per line' });
    expect(await add({ comments: '\n \r\n' })).toEqual({
      error: 'Comments are required for this service: one comment per line',
    });
    expect(await add({ comments: lines, quantity: service.min + 1 })).toEqual({
      error: 'Quantity must equal the number of comments',
    });
    expect(await add({ comments: '하나' })).toEqual({ error: `Quantity less than minimal ${service.min}` });
    expect(await add({ comments: lines, runs: 3, interval: 60 })).toEqual({
      error: 'Drip-feed is not supported for this service',
    });
    expect(await add({ comments: `${'가'.repeat(501)}\n${lines}` })).toEqual({
      error: 'Incorrect comments: at most 500 characters per comment',
    });
    expect(await add({ comments: `${lines}\u0007` })).toEqual({ error: 'Incorrect request' });
    expect(await balancesAndLedgerSums(t.app)).toEqual(before);
  });

  it('a Package is ordered with a link only (its fixed quantity), and the provider is sent no quantity', async () => {
    const m = await member();
    const service = await catalogService(t.app, { type: 'package' });
    expect(service.min).toBe(service.max);
    const extras: Params[] = [{}, { quantity: '' }, { quantity: 0 }, { quantity: service.min }];
    for (const extra of extras) {
      const placed = (await form({
        key: m.apiKey!,
        action: 'add',
        service: service.id,
        link: `https://www.instagram.com/p/package-${JSON.stringify(extra).length}-${Object.values(extra).join('')}/`,
        ...extra,
      })) as { order: number };
      const row = await orderRow(placed.order);
      expect(row, JSON.stringify(extra)).toMatchObject({
        amount: service.min,
        serviceType: 'package',
        comments: null,
      });
      expect(row.cost).toBe(Math.ceil((service.unitPriceMilli * service.min) / 1000));
    }
    const [first] = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.serviceId, service.id))
      .orderBy(orders.id)
      .limit(1);
    const upstream = await atProvider(first!.id);
    expect(upstream.quantity).toBe(service.min);
    expect(upstream.comments).toBeNull();
  });

  it("refuses other types' fields: a Package's other quantity or comments, comments on a Default service", async () => {
    const m = await member();
    const pack = await catalogService(t.app, { type: 'package' });
    const plain = await catalogService(t.app);
    const before = await balancesAndLedgerSums(t.app);
    const link = 'https://www.instagram.com/p/fields/';
    expect(
      await form({ key: m.apiKey!, action: 'add', service: pack.id, link, quantity: pack.min * 2 }),
    ).toEqual({
      error: `Quantity is fixed for this package: ${pack.min}`,
    });
    expect(await form({ key: m.apiKey!, action: 'add', service: pack.id, link, comments: '멋져요' })).toEqual(
      {
        error: 'This service does not accept comments',
      },
    );
    expect(
      await form({
        key: m.apiKey!,
        action: 'add',
        service: plain.id,
        link,
        quantity: plain.min,
        comments: '멋져요',
      }),
    ).toEqual({ error: 'This service does not accept comments' });
    // An empty comments field is what clients send when they have none: an ordinary order.
    const placed = (await form({
      key: m.apiKey!,
      action: 'add',
      service: plain.id,
      link,
      quantity: plain.min,
      comments: '',
    })) as { order: number };
    expect(placed.order).toBeGreaterThan(0);
    expect((await orderRow(placed.order)).comments).toBeNull();
    // A Default service still needs its quantity.
    expect(await form({ key: m.apiKey!, action: 'add', service: plain.id, link: `${link}2` })).toEqual({
      error: 'Incorrect request',
    });
    const mine = (rows: { id: number; point: number }[]) => rows.find((r) => r.id === m.accountId)!.point;
    expect(mine(await balancesAndLedgerSums(t.app))).toBe(mine(before) - (await orderRow(placed.order)).cost);
  });

  it('the site and REST take comments the same way, with the Korean messages', async () => {
    const m = await member();
    const service = await catalogService(t.app, { type: 'custom_comments' });
    const lines = Array.from({ length: service.min }, (_, i) => `멋진 사진 ${i}`);
    const site = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, m)),
      payload: {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/site/',
        comments: lines.join('\n'),
      },
    });
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({ amount: lines.length, autoOrder: false });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, m)),
      payload: { serviceId: service.id, link: 'https://www.instagram.com/p/site2/', amount: 3 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: ORDER_MESSAGES.COMMENTS_REQUIRED });
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'api-key': m.apiKey! },
      payload: {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/rest/',
        comments: lines.join('\n'),
      },
    });
    expect(rest.statusCode).toBe(200);
    expect((await orderRow((rest.json() as { wId: number }).wId)).comments).toBe(lines.join('\n'));
  });

  it('an Idempotency-Key replay of a comments order answers the first; other comments with the key are refused', async () => {
    const m = await member();
    const service = await catalogService(t.app, { type: 'custom_comments' });
    const lines = Array.from({ length: service.min }, (_, i) => `반복 ${i}`).join('\n');
    const send = (comments: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2',
        headers: { 'idempotency-key': 'comments-key-1' },
        payload: {
          key: m.apiKey!,
          action: 'add',
          service: service.id,
          link: 'https://a.com/p/idem',
          comments,
        },
      });
    const first = (await send(lines)).json() as { order: number };
    expect((await send(`${lines}\n`)).json()).toEqual(first);
    expect((await send(`${lines}\n하나 더`)).json()).toEqual({
      error: 'Idempotency-Key already used for a different order',
    });
  });

  it('a large comments order (10,000 Korean comments) is placed by form, multipart, REST and the site; a body past the order limit is refused whole', async () => {
    const m = await member(100_000_000);
    const service = await catalogService(t.app, { type: 'custom_comments', max: COMMENTS_MAX_LINES });
    // 20 Korean characters a comment: 60 bytes as UTF-8, 180 form-encoded: far past 64 KiB.
    const lines = Array.from(
      { length: COMMENTS_MAX_LINES },
      (_, i) => `정말 멋진 사진이에요 최고예요 ${String(i).padStart(5, '0')}번`,
    );
    const comments = lines.join('\n');
    const link = (n: number) => `https://www.instagram.com/p/large-comments-${n}/`;
    const base = { key: m.apiKey!, action: 'add', service: service.id, comments };

    const viaForm = (await form({ ...base, link: link(1) })) as { order: number };
    expect((await orderRow(viaForm.order)).amount).toBe(COMMENTS_MAX_LINES);
    // …and reaches its provider whole (the simulated provider reads bodies as large).
    expect((await atProvider(viaForm.order)).comments).toBe(comments);
    const viaMultipart = (await multipart({ ...base, link: link(2) })) as { order: number };
    expect((await orderRow(viaMultipart.order)).amount).toBe(COMMENTS_MAX_LINES);

    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'api-key': m.apiKey! },
      payload: { serviceId: service.id, link: link(3), comments },
    });
    expect(rest.statusCode).toBe(200);
    const site = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, m)),
      payload: { serviceId: service.id, link: link(4), comments },
    });
    expect(site.statusCode).toBe(200);
    const placed = await t.app.database.db.select().from(orders).where(eq(orders.accountId, m.accountId));
    expect(placed.map((o) => o.amount)).toEqual(Array(4).fill(COMMENTS_MAX_LINES));

    // Past the order calls' limit: refused before any rule runs, nothing debited.
    const before = await pointOf(t.app, m.accountId);
    const huge = 'x'.repeat(ORDER_REQUEST_MAX_BYTES);
    const tooLargeSite = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, m)),
      payload: { serviceId: service.id, link: link(5), comments: huge },
    });
    expect([tooLargeSite.statusCode, tooLargeSite.json<{ code: string }>().code]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
    ]);
    expect(await form({ ...base, link: link(6), comments: huge })).toEqual({ error: 'Incorrect request' });
    expect(await pointOf(t.app, m.accountId)).toBe(before);
  });
});
