import { eq, inArray } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@smm/domain';
import { autoOrders, charges, orderRefills, orders, services } from '../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { requestCharge } from '../test/charge-factories';
import { catalogService, placeAutoOrder, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * Security, ownership: member B is pointed at member A's resources by every door a member has
 * (site routes with a token, the REST API with the `api-key` header, SMM API v2 with `key`) and must
 * learn nothing and change nothing. The member routes that name a resource in their path are taken
 * from the route table: a new one fails this file until it has a fixture below.
 */
// A folder of its own for the inquiry image A attaches (DATA_DIR/inquiry-uploads).
const dataDir = mkdtempSync(join(tmpdir(), 'smm-ownership-'));
const t = useTestApp({ dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A real 1×1 PNG (A's inquiry image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, image?: Buffer) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([image], { type: 'image/png' }), 'shot.png');
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

const LINK = 'https://www.instagram.com/p/Cx1owner/';
/** Another post of A's (a page under LINK's path would be LINK's post itself). */
const linkOf = (suffix: string) => LINK.replace(/\/$/, `${suffix}/`);
const MEMBER_GUARDS = new Set(['member', 'apiKey', 'apiKeyParam']);

interface World {
  a: TestMember;
  b: TestMember;
  aToken: string;
  bToken: string;
  /** A's plain order (pending, not yet sent to its provider), A's auto-order and A's charge. */
  orderId: number;
  autoOrderId: number;
  chargeId: number;
  /** A's order its provider finished, of a service refilled for 30 days (a refill may be asked). */
  finishedOrderId: number;
  /** A refill of A's order (a row: B only reads it by id). */
  refillId: number;
  /**
   * Twins of the above for the site's own refill and cancel routes, so that A's successful calls
   * through the public API and through the site do not use up each other's resource.
   */
  siteFinishedOrderId: number;
  siteOrderId: number;
  siteAutoOrderId: number;
  /** A's 1:1 inquiry about their order, its image's stored name, and a message form for it. */
  inquiryId: number;
  attachment: string;
  message: { payload: Buffer; contentType: string };
  /** A's point after placing all of that: nothing B does may change it. */
  aPoint: number;
}

async function buildWorld(): Promise<World> {
  const a = await createMember(t.app, { point: 1_000_000, apiKey: true });
  const b = await createMember(t.app, { point: 1_000_000, apiKey: true });
  const aToken = await tokenFor(t.app, a);
  const bToken = await tokenFor(t.app, b);
  const plain = await catalogService(t.app, { enableAuto: false });
  const auto = await catalogService(t.app, { enableAuto: true });
  const order = await placeOrder(t.app, a, { serviceId: plain.id, link: LINK, amount: plain.min });
  const autoOrder = await placeAutoOrder(t.app, a, {
    serviceId: auto.id,
    link: LINK,
    amount: auto.min,
    runs: 3,
    interval: 60,
  });
  expect(autoOrder).toMatchObject({ autoOrder: true });
  const siteOrder = await placeOrder(t.app, a, {
    serviceId: plain.id,
    link: linkOf('site'),
    amount: plain.min,
  });
  const siteAutoOrder = await placeAutoOrder(t.app, a, {
    serviceId: auto.id,
    link: linkOf('site'),
    amount: auto.min,
    runs: 3,
    interval: 60,
  });
  // Both services may be cancelled by their members, so A's own cancellations below succeed.
  await t.app.database.db
    .update(services)
    .set({ cancellable: true })
    .where(inArray(services.id, [plain.id, auto.id]));
  const charge = await requestCharge(t.app, a, { name: '홍길동', point: 10_000 });
  // Finished by its provider a moment ago: its status and finish time are the point, so set as rows.
  const finished = await placeOrder(t.app, a, {
    serviceId: plain.id,
    link: linkOf('done'),
    amount: plain.min,
  });
  const siteFinished = await placeOrder(t.app, a, {
    serviceId: plain.id,
    link: linkOf('sitedone'),
    amount: plain.min,
  });
  await t.app.database.db.update(services).set({ refillDays: 30 }).where(eq(services.id, plain.id));
  await t.app.database.db
    .update(orders)
    .set({
      status: OrderStatus.COMPLETED,
      remains: 0,
      providerOrderId: 'ownership-1',
      nextCheckAt: null,
      finishedAt: t.clock.now(),
      // Bought with the 30-day refill window set above (docs/product.md#refill-and-cancellation).
      refillDays: 30,
    })
    .where(inArray(orders.id, [finished.orderId, siteFinished.orderId]));
  const [refill] = await t.app.database.db
    .insert(orderRefills)
    .values({ orderId: order.orderId, accountId: a.accountId })
    .returning({ id: orderRefills.id });
  const opened = await multipart(
    { type: 'ORDER_OTHER', title: '주문 문의', text: '확인 부탁드립니다.', orderId: String(order.orderId) },
    PNG,
  );
  const inquiry = await t.app.inject({
    method: 'POST',
    url: '/service/inquiries',
    payload: opened.payload,
    headers: { 'content-type': opened.contentType, ...bearer(aToken) },
  });
  expect(inquiry.statusCode).toBe(200);
  const thread = inquiry.json<{ inquiry: { id: number }; messages: { attachmentUrl: string }[] }>();
  return {
    inquiryId: thread.inquiry.id,
    attachment: thread.messages[0]!.attachmentUrl.split('/').pop()!,
    message: await multipart({ text: '추가 메시지' }),
    a,
    b,
    aToken,
    bToken,
    orderId: order.orderId,
    autoOrderId: autoOrder.orderId,
    chargeId: charge.id,
    finishedOrderId: finished.orderId,
    refillId: refill!.id,
    siteFinishedOrderId: siteFinished.orderId,
    siteOrderId: siteOrder.orderId,
    siteAutoOrderId: siteAutoOrder.orderId,
    aPoint: await pointOf(t.app, a.accountId),
  };
}

/** What must not move when B acts on A's resources. */
async function snapshotOfA(world: World) {
  const { db } = t.app.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, world.orderId));
  const [autoOrder] = await db.select().from(autoOrders).where(eq(autoOrders.id, world.autoOrderId));
  const [charge] = await db.select().from(charges).where(eq(charges.id, world.chargeId));
  return {
    point: await pointOf(t.app, world.a.accountId),
    order: { status: order?.status, refunded: order?.refunded, accountId: order?.accountId },
    autoOrder: { status: autoOrder?.status, refunded: autoOrder?.refunded, accountId: autoOrder?.accountId },
    charge: { status: charge?.status, accountId: charge?.accountId },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Attempt {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: object;
}

/**
 * For each member route with a `:param`, B's attempts on A's resources. Keyed by "METHOD url" as in
 * the route table.
 */
const FIXTURES: Record<string, (world: World) => Attempt[]> = {
  'GET /api/status/:wId': (w) =>
    [w.orderId, w.autoOrderId].map((id) => ({
      method: 'GET',
      url: `/api/status/${id}`,
      headers: { 'api-key': w.b.apiKey! },
    })),
  'POST /api/refill/:wId': (w) => [
    { method: 'POST', url: `/api/refill/${w.finishedOrderId}`, headers: { 'api-key': w.b.apiKey! } },
  ],
  'GET /api/refill/:refillId': (w) => [
    { method: 'GET', url: `/api/refill/${w.refillId}`, headers: { 'api-key': w.b.apiKey! } },
  ],
  'POST /api/cancel/:wId': (w) =>
    [w.orderId, w.autoOrderId].map((id) => ({
      method: 'POST',
      url: `/api/cancel/${id}`,
      headers: { 'api-key': w.b.apiKey! },
    })),
  'POST /service/order/:id/refill': (w) => [
    { method: 'POST', url: `/service/order/${w.siteFinishedOrderId}/refill`, headers: bearerOf(w) },
  ],
  'GET /service/order/:id/refills': (w) => [
    { method: 'GET', url: `/service/order/${w.orderId}/refills`, headers: bearerOf(w) },
  ],
  'POST /service/order/:id/cancel': (w) => [
    { method: 'POST', url: `/service/order/${w.siteOrderId}/cancel`, headers: bearerOf(w) },
  ],
  'POST /service/auto-order/:id/cancel': (w) => [
    { method: 'POST', url: `/service/auto-order/${w.siteAutoOrderId}/cancel`, headers: bearerOf(w) },
  ],
  'GET /service/point/:id': (w) => [
    { method: 'GET', url: `/service/point/${w.chargeId}`, headers: bearerOf(w) },
  ],
  'GET /service/inquiries/:id': (w) => [
    { method: 'GET', url: `/service/inquiries/${w.inquiryId}`, headers: bearerOf(w) },
  ],
  'POST /service/inquiries/:id/messages': (w) => [
    {
      method: 'POST',
      url: `/service/inquiries/${w.inquiryId}/messages`,
      headers: { ...bearerOf(w), 'content-type': w.message.contentType },
      payload: w.message.payload,
    },
  ],
  'GET /service/inquiries/:id/attachments/:name': (w) => [
    {
      method: 'GET',
      url: `/service/inquiries/${w.inquiryId}/attachments/${w.attachment}`,
      headers: bearerOf(w),
    },
  ],
  'POST /service/point/:id/cancel': (w) => [
    { method: 'POST', url: `/service/point/${w.chargeId}/cancel`, headers: bearerOf(w) },
  ],
};

/** The site's bearer token of whoever plays B (A itself in the check that the fixtures work). */
function bearerOf(w: World): Record<string, string> {
  return bearer(w.b === w.a ? w.aToken : w.bToken);
}

function memberRoutesWithParams() {
  return t.app.routeTable.filter(
    (route) => route.method !== 'HEAD' && MEMBER_GUARDS.has(route.auth ?? '') && route.url.includes(':'),
  );
}

let world: World;
beforeEach(async () => {
  world = await buildWorld();
});

describe(`ownership of member resources on ${testDatabaseKind}`, () => {
  it('has a fixture for every member route whose URL names a resource (from the route table)', () => {
    const routes = memberRoutesWithParams();
    expect(routes.length).toBeGreaterThan(0);
    const uncovered = routes.map((r) => `${r.method} ${r.url}`).filter((name) => !(name in FIXTURES));
    expect(
      uncovered,
      'member routes with a :param and no ownership fixture in security/ownership.test.ts',
    ).toEqual([]);
    // A fixture for a route that no longer exists is a sign the table was renamed under us.
    const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(FIXTURES).filter((name) => !known.has(name))).toEqual([]);
  });

  it("answers 404 to B on every such route for A's resources, and changes nothing", async () => {
    const before = await snapshotOfA(world);
    const failures: string[] = [];
    for (const route of memberRoutesWithParams()) {
      const name = `${route.method} ${route.url}`;
      const attempts = FIXTURES[name]?.(world) ?? [];
      expect(attempts.length, name).toBeGreaterThan(0);
      for (const attempt of attempts) {
        const response = await t.app.inject(attempt);
        if (response.statusCode !== 404 && response.statusCode !== 403) {
          failures.push(`${name} → ${attempt.url}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA(world)).toEqual(before);
    // The same calls by A succeed: the 404 above is about ownership, not a broken fixture.
    for (const route of memberRoutesWithParams()) {
      for (const attempt of FIXTURES[`${route.method} ${route.url}`]!({ ...world, b: world.a })) {
        expect((await t.app.inject(attempt)).statusCode, attempt.url).toBe(200);
      }
    }
  });

  it("v2 status with A's order ids answers 'Incorrect order ID' to B, one id or many", async () => {
    const v2 = (member: TestMember, params: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2', payload: { key: member.apiKey!, ...params } });
    for (const id of [world.orderId, world.autoOrderId]) {
      const one = await v2(world.b, { action: 'status', order: String(id) });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({ error: 'Incorrect order ID' });
      // The same request by A does answer: the refusal is about ownership.
      expect((await v2(world.a, { action: 'status', order: String(id) })).json()).toHaveProperty('status');
    }
    const many = await v2(world.b, { action: 'status', orders: `${world.orderId},${world.autoOrderId}` });
    expect(many.json()).toEqual({
      [String(world.orderId)]: { error: 'Incorrect order ID' },
      [String(world.autoOrderId)]: { error: 'Incorrect order ID' },
    });
    // GET with a query string goes through the same check.
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/api/v2?key=${world.b.apiKey!}&action=status&order=${world.orderId}`,
    });
    expect(viaGet.json()).toEqual({ error: 'Incorrect order ID' });
  });

  it("v2 cancel of A's order and auto-order by B is refused and cancels, refunds nothing", async () => {
    const before = await snapshotOfA(world);
    const bPoint = await pointOf(t.app, world.b.accountId);
    for (const params of [
      { order: String(world.orderId) },
      { order: String(world.autoOrderId) },
      { orders: `${world.orderId},${world.autoOrderId}` },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2',
        payload: { key: world.b.apiKey!, action: 'cancel', ...params },
      });
      expect(response.statusCode).toBe(200);
      const answers = response.json<{ order: number; cancel: unknown }[]>();
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) expect(answer.cancel).toEqual({ error: 'Incorrect order ID' });
    }
    expect(await snapshotOfA(world)).toEqual(before);
    expect(await pointOf(t.app, world.b.accountId)).toBe(bPoint);
  });

  it("B's histories list none of A's orders, auto-orders or charges", async () => {
    const list = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(world.bToken) });
      expect(response.statusCode, url).toBe(200);
      return response.json<{ items: { id: number }[]; total: number }>();
    };
    for (const url of ['/service/order-history', '/service/auto-order-history', '/service/point-history']) {
      expect(await list(url), url).toMatchObject({ items: [], total: 0 });
    }
    // Nor does B's list of pending charges with their transfer instructions (A's charge is pending).
    const pending = await t.app.inject({
      method: 'GET',
      url: '/service/point-pending',
      headers: bearer(world.bToken),
    });
    expect(pending.json()).toEqual([]);
    // A sees their own.
    const aOrders = await t.app.inject({
      method: 'GET',
      url: '/service/order-history',
      headers: bearer(world.aToken),
    });
    expect(aOrders.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toContain(world.orderId);
  });

  it("a member's API key reads only their own balance and profile", async () => {
    const aPoint = world.aPoint;
    const bPoint = await pointOf(t.app, world.b.accountId);
    expect(aPoint).not.toBe(bPoint);
    const balance = async (member: TestMember) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2',
          payload: { key: member.apiKey!, action: 'balance' },
        })
      ).json<{ balance: string; currency: string }>();
    expect(Number((await balance(world.b)).balance)).toBe(bPoint);
    expect(Number((await balance(world.a)).balance)).toBe(aPoint);
    // A v2 call cannot name another account: an extra `user`/`account` parameter is refused or ignored.
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      payload: {
        key: world.b.apiKey!,
        action: 'balance',
        user: world.a.id,
        account: String(world.a.accountId),
      },
    });
    const body = probe.json<{ balance?: string; error?: string }>();
    if (body.balance !== undefined) expect(Number(body.balance)).toBe(bPoint);
    // The site's profile, with B's token, is B's.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: bearer(world.bToken),
    });
    expect(profile.json()).toMatchObject({ id: world.b.id });
    expect(profile.json()).not.toMatchObject({ id: world.a.id });
  });
});
