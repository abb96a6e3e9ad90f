import { LedgerReason, V2_ERRORS } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertWithDebit } from '../../ledger/apply-ledger-entry';
import { autoOrders, idempotencyKeys, orders, pointLedger } from '../../db/schema';
import { bearer, createMember, creditMember, pointOf, tokenFor, type TestMember } from '../../test/factories';
import { catalogService } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
const db = () => t.app.database.db;

/** A demo service that takes auto-orders, so one key can be raced between an order and an auto-order. */
const autoService = (options: { unitPriceMilli?: number } = {}) =>
  catalogService(t.app, { enableAuto: true, ...options });

const tokens = new Map<number, string>();

/** POST /service/order; the member's token is made once, so raced requests leave together. */
async function siteOrder(member: TestMember, payload: Record<string, unknown>, key?: string) {
  let token = tokens.get(member.accountId);
  if (!token) tokens.set(member.accountId, (token = await tokenFor(t.app, member)));
  return t.app.inject({
    method: 'POST',
    url: '/service/order',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

const restOrder = (member: TestMember, payload: Record<string, unknown>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'api-key': member.apiKey!, 'idempotency-key': key },
    payload,
  });

const v2Add = (member: TestMember, params: Record<string, string>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    payload: new URLSearchParams({ key: member.apiKey!, action: 'add', ...params }).toString(),
  });

/** Orders and auto-orders of a member, and their ORDER debits in the ledger. */
async function placedOf(accountId: number) {
  const count = async (table: typeof orders | typeof autoOrders) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.accountId, accountId))
    )[0]!.n;
  const debits = await db()
    .select()
    .from(pointLedger)
    .where(sql`${pointLedger.accountId} = ${accountId} AND ${pointLedger.reason} = ${LedgerReason.ORDER}`);
  return { orders: await count(orders), autoOrders: await count(autoOrders), debits: debits.length };
}

describe(`Idempotency-Key on ${testDatabaseKind}`, () => {
  it('one key raced between an order and an auto-order places exactly one and debits once', async () => {
    const service = await autoService({ unitPriceMilli: 1_234 });
    const link = 'https://www.instagram.com/p/race/';
    const plain = { serviceId: service.id, link, amount: 15 };
    const auto = { ...plain, runs: 2, interval: 60 };
    // 1.234 won × 15 = 18.51 → 19 won (rounded up)
    const plainCost = 19;
    // 1.234 won × 15 × 2 runs = 37.02 → 38 won
    const autoCost = 38;
    // Before one key space, 9 tries in 10 placed both on PostgreSQL; 12 tries make a pass by luck unlikely.
    for (let attempt = 0; attempt < 12; attempt++) {
      const member = await createMember(t.app, { point: 1_000_000 });
      await siteOrder(member, {}); // a 400 that makes the token before the race
      const key = `race-${attempt}`;
      // Alternate which request is sent first, so neither kind always wins the race.
      // A post per attempt: an open order of the service for the post refuses the next (ORDER_OVERLAP;
      // a page under a post's path is that post, so each attempt names its own shortcode).
      const link = { link: `https://www.instagram.com/p/race${attempt}/` };
      const [first, second] =
        attempt % 2 === 0
          ? [
              { ...plain, ...link },
              { ...auto, ...link },
            ]
          : [
              { ...auto, ...link },
              { ...plain, ...link },
            ];
      const answers = await Promise.all([siteOrder(member, first, key), siteOrder(member, second, key)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      // The loser asked for something else with the same key: 422, nothing placed for it.
      expect(statuses, `attempt ${attempt}`).toEqual([200, 422]);
      const placed = await placedOf(member.accountId);
      expect(placed.orders + placed.autoOrders, `attempt ${attempt}`).toBe(1);
      expect(placed.debits, `attempt ${attempt}`).toBe(1);
      const won = answers.find((a) => a.statusCode === 200)!.json() as { autoOrder: boolean; cost: number };
      expect(won.cost).toBe(won.autoOrder ? autoCost : plainCost);
      expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - won.cost);
    }
  });

  it('the same key raced with the same request places one and answers both with it', async () => {
    const service = await autoService();
    const payload = { serviceId: service.id, link: 'https://www.instagram.com/p/twin/', amount: service.min };
    // Two links: an open order of the service for the link refuses the next (ORDER_OVERLAP).
    for (const body of [
      payload,
      { ...payload, link: 'https://www.instagram.com/p/twin-auto/', runs: 3, interval: 60 },
    ]) {
      const member = await createMember(t.app, { point: 1_000_000 });
      await siteOrder(member, {});
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => siteOrder(member, body, 'same-body')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
      expect((await placedOf(member.accountId)).debits).toBe(1);
    }
  });

  it('the same key with a different request is 422 and debits nothing; the same request answers first', async () => {
    const service = await autoService();
    const member = await createMember(t.app, { point: 1_000_000 });
    const payload = { serviceId: service.id, link: 'https://www.instagram.com/p/one/', amount: service.min };
    const first = await siteOrder(member, payload, 'k-1');
    expect(first.statusCode).toBe(200);
    const balance = await pointOf(t.app, member.accountId);

    for (const other of [
      { ...payload, amount: service.min + 1 },
      { ...payload, link: 'https://www.instagram.com/p/two/' },
      { ...payload, runs: 2, interval: 60 },
    ]) {
      const reused = await siteOrder(member, other, 'k-1');
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: '이 Idempotency-Key는 다른 주문에 이미 사용되었습니다. 새 키로 다시 주문해주세요.',
      });
    }
    expect(await pointOf(t.app, member.accountId)).toBe(balance);
    expect(await placedOf(member.accountId)).toEqual({ orders: 1, autoOrders: 0, debits: 1 });

    // A replay (blanks around the link are trimmed before it is placed or hashed) answers the first.
    const replay = await siteOrder(member, { ...payload, link: ` ${payload.link} ` }, 'k-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await pointOf(t.app, member.accountId)).toBe(balance);
  });

  it('is one key space across the site, REST and v2 (header on add), with v2 refusals in its own words', async () => {
    const service = await autoService();
    const member = await createMember(t.app, { point: 1_000_000, apiKey: true });
    const payload = { serviceId: service.id, link: 'https://www.instagram.com/p/api/', amount: service.min };
    const first = await restOrder(member, payload, 'bot-1');
    expect(first.statusCode).toBe(200);
    const { wId } = first.json() as { wId: number };

    expect((await siteOrder(member, payload, 'bot-1')).json()).toMatchObject({ orderId: wId });
    const params = { service: String(service.id), link: payload.link, quantity: ` ${service.min} ` };
    const replay = await v2Add(member, params, 'bot-1');
    expect([replay.statusCode, replay.json()]).toEqual([200, { order: wId }]);

    const reused = await v2Add(member, { ...params, runs: '2', interval: '60' }, 'bot-1');
    expect([reused.statusCode, reused.json()]).toEqual([200, { error: V2_ERRORS.IDEMPOTENCY_KEY_REUSED }]);
    expect((await restOrder(member, { ...payload, amount: service.min + 1 }, 'bot-1')).statusCode).toBe(422);
    // A key that is no key is a bad request in each dialect, never a 500.
    expect((await restOrder(member, payload, 'bad key')).statusCode).toBe(400);
    expect((await v2Add(member, params, 'bad key')).json()).toEqual({ error: V2_ERRORS.INCORRECT_REQUEST });
    expect(await placedOf(member.accountId)).toEqual({ orders: 1, autoOrders: 0, debits: 1 });
  });

  it('a key whose first request was refused (not enough points) is free for the retry', async () => {
    const service = await autoService();
    const member = await createMember(t.app, { point: 0 });
    const payload = { serviceId: service.id, link: 'https://www.instagram.com/p/poor/', amount: service.min };
    expect((await siteOrder(member, payload, 'later')).statusCode).toBe(409);
    expect(await db().select().from(idempotencyKeys)).toHaveLength(0);
    await creditMember(t.app, member.accountId, 1_000_000);
    const retry = await siteOrder(member, { ...payload, runs: 2, interval: 60 }, 'later');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ autoOrder: true });
  });

  it("a key taken before hashes were kept ('legacy') answers its replay with its order, and refuses another request", async () => {
    const service = await autoService({ unitPriceMilli: 1_234 });
    const member = await createMember(t.app, { point: 1_000_000 });
    const link = 'https://www.instagram.com/p/legacy/';
    const amount = 15;
    // 1.234 won × 15 × 2 runs = 37.02 → 38 won
    const cost = 38;
    // As migration 0011 left them: an auto-order placed with the key, its key row marked 'legacy'.
    const { row } = await insertWithDebit(
      db(),
      { accountId: member.accountId, cost, reason: LedgerReason.ORDER, referencePrefix: 'auto' },
      autoOrders,
      {
        accountId: member.accountId,
        serviceId: service.id,
        link,
        amount,
        runs: 2,
        interval: 60,
        unitPriceMilli: service.unitPriceMilli,
        cost,
        nextRunAt: new Date(),
      },
    );
    await db()
      .insert(idempotencyKeys)
      .values({ accountId: member.accountId, key: 'old-key', requestHash: 'legacy', autoOrderId: row.id });
    const body = { serviceId: service.id, link, amount, runs: 2, interval: 60 };

    const replay = await siteOrder(member, body, 'old-key');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({
      orderId: row.id,
      serviceId: service.id,
      link,
      amount,
      autoOrder: true,
      cost,
    });
    expect((await siteOrder(member, { ...body, runs: 0, interval: 0 }, 'old-key')).statusCode).toBe(422);
    expect(await placedOf(member.accountId)).toEqual({ orders: 0, autoOrders: 1, debits: 1 });
  });
});
