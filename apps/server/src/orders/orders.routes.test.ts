import { ORDER_MESSAGES as M, OrderStatus } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, autoOrders, orders, pointLedger, services } from '../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();

async function order(
  member: TestMember,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/service/order',
    headers: { ...bearer(await tokenFor(t.app, member)), ...headers },
    payload,
  });
}

const count = async (table: typeof orders | typeof autoOrders | typeof pointLedger) =>
  (await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe(`POST /service/order on ${testDatabaseKind}`, () => {
  it('places an order, debits unit price × quantity through the ledger, and answers the shape of docs/product.md#data-shapes', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    const member = await createMember(t.app, { point: 100_000 });
    const response = await order(member, {
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      amount: 100,
    });
    expect(response.statusCode).toBe(200);
    // 1.234 won × 100 = 123.4 → 124 won
    const cost = 124;
    expect(response.json()).toMatchObject({
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      amount: 100,
      cost,
    });
    expect(await pointOf(t.app, member.accountId)).toBe(99_876);
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    expect(row).toMatchObject({
      accountId: member.accountId,
      status: OrderStatus.PENDING,
      cost,
      providerOrderId: null,
    });
    const [entry] = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.reference, `order:${row!.id}`));
    expect(entry).toMatchObject({ delta: -124, reason: 'ORDER', balanceAfter: 99_876 });
  });

  it('charges fractional unit prices in whole won, rounded up', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 350 });
    const member = await createMember(t.app, { point: 1_000 });
    const response = await order(member, { serviceId: service.id, link: 'https://a.com/x', amount: 11 });
    // 0.35 won × 11 = 3.85 → 4 won
    expect(response.json().cost).toBe(4);
  });

  it.each([
    ['no service', { serviceId: 999_999 }, M.SERVICE_REQUIRED],
    ['empty link', { link: '  ' }, M.LINK_REQUIRED],
    ['not a URL', { link: 'instagram.com/p/abc' }, M.LINK_FORMAT],
    ['below min', { amount: 1 }, M.AMOUNT_BELOW_MIN],
    ['above max', { amount: 10_000_000 }, M.AMOUNT_ABOVE_MAX],
    ['fractional quantity', { amount: 10.5 }, M.AMOUNT_NOT_INTEGER],
    ['one run', { runs: 1, interval: 60 }, M.RUNS_TOO_FEW],
    ['interval 59', { runs: 3, interval: 59 }, M.INTERVAL_TOO_SHORT],
    ['fractional runs', { runs: 2.5, interval: 60 }, M.RUNS_NOT_INTEGER],
  ])('refuses %s with its message and writes nothing', async (_, change, message) => {
    const service = await catalogService(t.app, { enableAuto: true });
    const member = await createMember(t.app, { point: 1_000_000 });
    const before = [await count(orders), await count(autoOrders), await count(pointLedger)];
    const response = await order(member, {
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      amount: service.min,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'ORDER_INVALID' });
    expect([await count(orders), await count(autoOrders), await count(pointLedger)]).toEqual(before);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
  });

  it('refuses read-only and hidden services, services without a provider, and everything under service check', async () => {
    const db = t.app.database.db;
    const [a, b, c, d] = await db.select().from(services).orderBy(services.id).limit(4);
    await db.update(services).set({ isReadOnly: true }).where(eq(services.id, a!.id));
    await db.update(services).set({ visible: false }).where(eq(services.id, b!.id));
    await db.update(services).set({ providerId: null }).where(eq(services.id, c!.id));
    await t.app.services.catalog.changed(); // an operator's catalog write
    const member = await createMember(t.app, { point: 1_000_000 });
    const place = (id: number) => order(member, { serviceId: id, link: 'https://a.com/x', amount: 100 });
    expect((await place(a!.id)).json().message).toBe(M.UNAVAILABLE);
    expect((await place(b!.id)).json().message).toBe(M.SERVICE_REQUIRED);
    expect((await place(c!.id)).json().message).toBe(M.UNAVAILABLE);
    await t.app.services.settings.set('ENABLE_SERVICE_CHECK', 'true');
    expect((await place(d!.id)).json().message).toBe(M.UNAVAILABLE);
    expect(await count(orders)).toBe(0);
  });

  it('answers 포인트가 부족합니다. and writes nothing when the balance does not cover the cost', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    // 1.234 won × 10 = 12.34 → 13 won: 12 points do not cover it
    const member = await createMember(t.app, { point: 12 });
    const response = await order(member, { serviceId: service.id, link: 'https://a.com/x', amount: 10 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: '포인트가 부족합니다.', code: 'INSUFFICIENT_POINTS' });
    expect(await count(orders)).toBe(0);
    expect(await pointOf(t.app, member.accountId)).toBe(12);
  });

  it('pays an auto-order up front for all runs', async () => {
    const service = await catalogService(t.app, { enableAuto: true, unitPriceMilli: 1_234 });
    const member = await createMember(t.app, { point: 1_000_000 });
    const response = await order(member, {
      serviceId: service.id,
      link: 'https://a.com/x',
      amount: 10,
      runs: 3,
      interval: 60,
    });
    expect(response.statusCode).toBe(200);
    // 1.234 won × 10 × 3 runs = 37.02 → 38 won, all up front
    expect(response.json()).toMatchObject({ autoOrder: true, cost: 38 });
    expect(await pointOf(t.app, member.accountId)).toBe(999_962);
    expect(await count(autoOrders)).toBe(1);
  });

  it('returns the first order for a repeated Idempotency-Key, even when the repeats race', async () => {
    const service = await catalogService(t.app);
    const member = await createMember(t.app, { point: 1_000_000 });
    const payload = { serviceId: service.id, link: 'https://a.com/x', amount: service.min };
    const key = { 'idempotency-key': 'retry-7f3a' };
    const results = await Promise.all([
      order(member, payload, key),
      order(member, payload, key),
      order(member, payload, key),
    ]);
    expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await count(orders)).toBe(1);
    // Another member's identical key is their own.
    const other = await createMember(t.app, { point: 1_000_000 });
    expect((await order(other, payload, key)).json().orderId).not.toBe(results[0]!.json().orderId);
    expect((await order(member, payload, { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);
  });

  it('needs a member token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/service/order', payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('never overdraws under 200 concurrent orders, and point = Σ ledger afterwards', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    // 1.234 won × 10 = 12.34 → 13 won an order
    const cost = 13;
    const members = [
      await createMember(t.app, { point: cost * 30 }),
      await createMember(t.app, { point: cost * 45 }),
    ];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        order(members[i % 2]!, { serviceId: service.id, link: `https://a.com/${i}`, amount: 10 }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(75);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(125);
    for (const member of members) {
      const [row] = await t.app.database.db
        .select({
          point: accounts.point,
          sum: sql<number>`(SELECT coalesce(sum(delta), 0)::int FROM point_ledger WHERE account_id = ${member.accountId})`,
        })
        .from(accounts)
        .where(eq(accounts.id, member.accountId));
      expect(row!.point).toBe(0);
      expect(row!.sum).toBe(0);
    }
  }, 60_000);
});

describe('order histories', () => {
  it('lists only the member’s own orders, newest first, 10 a page, filtered by status on the server', async () => {
    const service = await catalogService(t.app);
    const a = await createMember(t.app, { point: 10_000_000 });
    const b = await createMember(t.app, { point: 10_000_000 });
    // Placed through the order service: the subject here is the history route.
    for (let i = 0; i < 12; i++)
      await placeOrder(t.app, a, { serviceId: service.id, link: `https://a.com/${i}`, amount: service.min });
    await placeOrder(t.app, b, { serviceId: service.id, link: 'https://b.com/secret', amount: service.min });
    const db = t.app.database.db;
    const mine = await db.select().from(orders).where(eq(orders.accountId, a.accountId)).orderBy(orders.id);
    await db.update(orders).set({ status: OrderStatus.COMPLETED }).where(eq(orders.id, mine[0]!.id));

    const get = async (member: TestMember, url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(t.app, member)) });
    const page1 = (await get(a, '/service/order-history')).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 10, total: 12 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toMatchObject({ link: 'https://a.com/11', serviceText: service.text, status: 0 });
    const page2 = (await get(a, '/service/order-history?page=2')).json();
    expect(page2.items.map((o: { link: string }) => o.link)).toEqual(['https://a.com/1', 'https://a.com/0']);
    const done = (await get(a, `/service/order-history?status=${OrderStatus.COMPLETED}`)).json();
    expect(done).toMatchObject({ total: 1, items: [{ id: mine[0]!.id }] });
    const theirs = (await get(b, '/service/order-history')).json();
    expect(theirs.items.map((o: { link: string }) => o.link)).toEqual(['https://b.com/secret']);
    expect((await get(a, '/service/order-history?page=0')).statusCode).toBe(400);
    expect((await get(a, '/service/order-history?status=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/service/auto-order-history' })).statusCode).toBe(401);
  }, 60_000);
});
