/**
 * 회원 등급 and custom rates (docs/product.md#member-grades-and-custom-rates): a graded member's price on
 * every list (site, REST, v2) and on what an order and a mass order debit, a custom rate winning over
 * the grade, the margin guard on a rate, and the daily grade run (promotion and demotion only at the
 * first tick of a Seoul day, never in the middle of one). Amounts computed by hand in the comments.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { accounts, auditLog, pointLedger } from '../db/schema';
import { operatorClient } from '../admin/catalog/catalog-test-helpers';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { catalogService } from '../test/order-factories';
import { GradeRun } from './grade-run';
import { createTestApp, testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();
let listed: number | null = null;

afterEach(() => {
  if (listed !== null) t.app.services.simulatedProvider.setListing(listed, null);
  listed = null;
});

type Call = Awaited<ReturnType<typeof operatorClient>>['call'];

async function grade(call: Call, body: { name: string; discountBp: number; minSpendWon: number | null }) {
  const response = await call('POST', '/admin/api/grades', { windowDays: 30, ...body });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number };
}

const listedPrice = async (member: TestMember | null, serviceId: number) => {
  const headers = member ? bearer(await tokenFor(t.app, member)) : {};
  const list = (await t.app.inject({ method: 'GET', url: '/service/services', headers })).json() as {
    id: number;
    unitPriceMilli: number;
    point: number;
    listUnitPriceMilli?: number;
  }[];
  return list.find((s) => s.id === serviceId);
};

const order = async (member: TestMember, serviceId: number, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/service/order',
    headers: bearer(await tokenFor(t.app, member)),
    payload: { serviceId, link: `https://instagram.com/p/${member.id}-${amount}`, amount },
  });

describe(`member grades and custom rates on ${testDatabaseKind}`, () => {
  it('shows a graded member their price on every list and debits it; a guest and others see the list price', async () => {
    // ₩1.19 a unit; 우수회원 10 % off: 1190 × 0.9 = 1071 milli-won.
    const service = await catalogService(t.app, { unitPriceMilli: 1190 });
    const { call } = await operatorClient(t.app);
    const silver = await grade(call, { name: '우수회원', discountBp: 1000, minSpendWon: null });
    const member = await createMember(t.app, { point: 10_000, apiKey: true });
    const other = await createMember(t.app, { point: 10_000 });
    const assigned = await call('POST', `/admin/api/members/${member.id}/grade`, {
      gradeId: silver.id,
      manual: true,
      memo: '우수 회원',
    });
    expect(assigned.statusCode).toBe(200);

    // The list price rides along for the form (정가) only where the member's differs.
    expect(await listedPrice(member, service.id)).toMatchObject({
      unitPriceMilli: 1071,
      point: 1.071,
      listUnitPriceMilli: 1190,
    });
    expect(await listedPrice(other, service.id)).not.toHaveProperty('listUnitPriceMilli');
    expect(await listedPrice(null, service.id)).not.toHaveProperty('listUnitPriceMilli');
    expect((await listedPrice(other, service.id))?.unitPriceMilli).toBe(1190);
    expect((await listedPrice(null, service.id))?.unitPriceMilli).toBe(1190);
    const rest = (
      await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'api-key': member.apiKey! } })
    ).json() as { id: number; price: number }[];
    expect(rest.find((s) => s.id === service.id)?.price).toBe(1.071);
    const v2 = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v2',
        payload: { key: member.apiKey, action: 'services' },
      })
    ).json() as { service: number; rate: string }[];
    expect(v2.find((s) => s.service === service.id)?.rate).toBe('1071.00');

    // 1,000 units: 1,071 won for the member (10,000 − 1,071 = 8,929), 1,190 for the other.
    const placed = await order(member, service.id, 1000);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ cost: 1071 });
    expect(await pointOf(t.app, member.accountId)).toBe(8_929);
    expect((await order(other, service.id, 1000)).json()).toMatchObject({ cost: 1190 });
    expect(await pointOf(t.app, other.accountId)).toBe(8_810);

    // A mass order's line is priced as its single order: 500 units at 1071 → 535.5 → 536 won.
    const mass = await t.app.inject({
      method: 'POST',
      url: '/service/mass-order',
      headers: bearer(await tokenFor(t.app, member)),
      payload: { text: `${service.id} | https://instagram.com/p/mass | 500`, preview: true },
    });
    expect(mass.json()).toMatchObject({ totalCost: 536 });

    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member.grade'));
    expect(entry).toMatchObject({ targetId: member.id, memo: '우수 회원' });
  });

  it('answers the services list as to a guest, never 401, for a bad or ended token', async () => {
    // ₩1.19 a unit; 10 % off for the graded member: 1071 milli-won while their token is good.
    const service = await catalogService(t.app, { unitPriceMilli: 1190 });
    const { call } = await operatorClient(t.app);
    const silver = await grade(call, { name: '우수회원', discountBp: 1000, minSpendWon: null });
    const member = await createMember(t.app, { point: 10_000 });
    await call('POST', `/admin/api/members/${member.id}/grade`, {
      gradeId: silver.id,
      manual: true,
      memo: '',
    });
    const token = await tokenFor(t.app, member);
    const list = async (authorization: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/service/services', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(200);
      return (res.json() as { id: number; unitPriceMilli: number }[]).find((s) => s.id === service.id);
    };
    expect((await list(`Bearer ${token}`))?.unitPriceMilli).toBe(1071);
    for (const authorization of ['Bearer not-a-token', 'Basic YTpi', 'Bearer', `Bearer ${'x'.repeat(5000)}`])
      expect((await list(authorization))?.unitPriceMilli).toBe(1190);
    // Suspended: the token no longer names a member who may order, so the list price.
    await t.app.database.db
      .update(accounts)
      .set({ suspendedAt: new Date() })
      .where(eq(accounts.id, member.accountId));
    await t.app.services.cacheBus.publishAccount(member.accountId);
    expect((await list(`Bearer ${token}`))?.unitPriceMilli).toBe(1190);
  });

  it('lets a custom rate win over the grade, and refuses one below the upstream cost unless confirmed', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1190 });
    listed = Number(service.providerServiceId);
    // The simulated upstream lists it at 1,000 won per 1,000: ₩1 a unit.
    t.app.services.simulatedProvider.setListing(listed, { rate: '1000' });
    const { call } = await operatorClient(t.app);
    const gold = await grade(call, { name: '리셀러', discountBp: 500, minSpendWon: null });
    const member = await createMember(t.app, { point: 10_000 });
    await call('POST', `/admin/api/members/${member.id}/grade`, { gradeId: gold.id, manual: true, memo: '' });
    // 리셀러 alone: 1190 × 0.95 = 1130.5 → 1131.
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(1131);

    const rateUrl = `/admin/api/members/${member.id}/rates/${service.id}`;
    const refused = await call('PUT', rateUrl, { unitPriceMilli: 900, discountBp: null, memo: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'CATALOG_BELOW_COST',
      message:
        "원가 ₩1/개가 판매가 ₩0.9/개보다 높습니다. 손실을 감수하고 저장하려면 '손실 감수하고 저장'을 눌러주세요.",
    });
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(1131);

    // At ₩1.05 (above cost) the rate wins over the grade's ₩1.131.
    const saved = await call('PUT', rateUrl, { unitPriceMilli: 1050, discountBp: null, memo: '리셀러' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      rates: [{ serviceId: service.id, listPriceMilli: 1190, memberPriceMilli: 1050, lossConfirmed: false }],
    });
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(1050);
    // 1,000 units: 1,050 won.
    expect((await order(member, service.id, 1000)).json()).toMatchObject({ cost: 1050 });
    const [debit] = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.accountId, member.accountId));
    expect(debit).toBeDefined();
    expect(await pointOf(t.app, member.accountId)).toBe(8_950);

    // A loss on purpose: saved, and recorded so.
    const confirmed = await call('PUT', rateUrl, {
      unitPriceMilli: 900,
      discountBp: null,
      lossConfirmed: true,
      memo: '',
    });
    expect(confirmed.json()).toMatchObject({ rates: [{ memberPriceMilli: 900, lossConfirmed: true }] });
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(900);

    // Removed: the grade again.
    expect((await call('DELETE', rateUrl)).statusCode).toBe(200);
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(1131);
  });

  it('refuses bad grades and rates with Korean 400s and a grade still held', async () => {
    const { call } = await operatorClient(t.app);
    const bad = await call('POST', '/admin/api/grades', {
      name: 'VIP',
      discountBp: 9500,
      minSpendWon: null,
      windowDays: 30,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('할인율은 0%에서 90% 사이로, 소수점 둘째 자리까지 입력해주세요.');
    const nul = await call('POST', '/admin/api/grades', {
      name: 'V\u0000',
      discountBp: 100,
      minSpendWon: null,
      windowDays: 30,
    });
    expect(nul.statusCode).toBe(400);
    const vip = await grade(call, { name: 'VIP', discountBp: 100, minSpendWon: null });
    const member = await createMember(t.app);
    await call('POST', `/admin/api/members/${member.id}/grade`, { gradeId: vip.id, manual: true, memo: '' });
    const held = await call('DELETE', `/admin/api/grades/${vip.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      message: '이 등급의 회원이 있어 삭제할 수 없습니다. 회원의 등급을 먼저 바꿔주세요.',
    });
    const service = await catalogService(t.app);
    const both = await call('PUT', `/admin/api/members/${member.id}/rates/${service.id}`, {
      unitPriceMilli: 900,
      discountBp: 100,
      memo: '',
    });
    expect(both.json()).toMatchObject({ message: '회원 단가는 판매 단가나 할인율 중 하나만 입력해주세요.' });
    expect((await call('GET', '/admin/api/members/nobody/pricing')).statusCode).toBe(404);
    // A deleted account holding it does not keep the grade alive.
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: new Date() })
      .where(eq(accounts.id, member.accountId));
    expect((await call('DELETE', `/admin/api/grades/${vip.id}`)).statusCode).toBe(200);
  });

  it('promotes and demotes only at the first tick of a Seoul day, never in the middle of one', async () => {
    // ₩1 a unit; 단골: 1,000 won spent over the last day earns 20 % off (1000 → 800). The demo's
    // three grades (실버 3 % from 300,000 won over 30 days …) are far out of reach.
    const service = await catalogService(t.app, { unitPriceMilli: 1000 });
    const { call } = await operatorClient(t.app);
    await call('POST', '/admin/api/grades', {
      name: '단골',
      discountBp: 2000,
      minSpendWon: 1000,
      windowDays: 1,
    });
    const member = await createMember(t.app, { point: 100_000 });
    const gradeOf = async () =>
      (await t.app.database.db.select().from(accounts).where(eq(accounts.id, member.accountId)))[0]!.gradeId;
    // The background loop's job (app.ts), alone: the other jobs (the catalog sync) would touch the service.
    const run = new GradeRun(t.app.database.db, t.app.services.catalog.pricing, t.clock);
    const tick = () => run.tick();

    // The ledger stamps its rows with the database's clock: each order's entry is dated to the test's.
    const spend = async (amount: number, cost: number) => {
      const placed = (await order(member, service.id, amount)).json() as { orderId: number; cost: number };
      expect(placed.cost).toBe(cost);
      await t.app.database.db
        .update(pointLedger)
        .set({ createdAt: t.clock.now() })
        .where(eq(pointLedger.reference, `order:${placed.orderId}`));
    };

    // 2026-11-22 18:00 Seoul (09:00Z): today's run finds nothing spent.
    await tick();
    await spend(1000, 1000);
    // Spent 1,000 won: no promotion in the middle of the day.
    t.clock.advance(60 * 60 * 1000);
    await tick();
    expect(await gradeOf()).toBeNull();
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(1000);

    // 2026-11-23 00:00:01 Seoul (15:00:01Z): the day's run promotes.
    t.clock.set(new Date('2026-11-22T15:00:01Z'));
    await tick();
    expect(await gradeOf()).not.toBeNull();
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(800);
    expect(await my(member)).toMatchObject({ grade: { name: '단골', discountBp: 2000 }, next: null });

    // 2026-11-23 20:00 Seoul: the order is more than a day old, but the grade holds until the next run.
    t.clock.set(new Date('2026-11-23T11:00:00Z'));
    await tick();
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(800);
    await spend(500, 400);

    // 2026-11-24 00:00:01 Seoul: 400 won over the last day is below 1,000: demoted by the rule. The
    // next grade up is the demo's 실버: 1,400 won spent over its 30 days, 298,600 to go.
    t.clock.set(new Date('2026-11-23T15:00:01Z'));
    await tick();
    expect(await gradeOf()).toBeNull();
    expect((await listedPrice(member, service.id))?.unitPriceMilli).toBe(1000);
    expect(await my(member)).toMatchObject({
      grade: null,
      next: { name: '실버', discountBp: 300, minSpendWon: 300_000, spentWon: 1400, missingWon: 298_600 },
    });
  });

  // Two server processes on one PostgreSQL: each prices from memory; the operator's change in one
  // reaches the other's book by NOTIFY, and the other charges the new price.
  it.runIf(testDatabaseKind === 'postgres')(
    "on PostgreSQL a grade set in one process prices the member's next order in another",
    async () => {
      const other = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
      const soon = { timeout: 3000, interval: 20 };
      try {
        const service = await catalogService(t.app, { unitPriceMilli: 1190 });
        const { call } = await operatorClient(t.app);
        const member = await createMember(t.app, { point: 10_000 });
        const headers = bearer(await tokenFor(t.app, member));
        const priceIn = async () =>
          (
            (await other.app.inject({ method: 'GET', url: '/service/services', headers })).json() as {
              id: number;
              unitPriceMilli: number;
            }[]
          ).find((s) => s.id === service.id)?.unitPriceMilli;
        expect(await priceIn()).toBe(1190);
        const vip = await grade(call, { name: '우수회원', discountBp: 1000, minSpendWon: null });
        await call('POST', `/admin/api/members/${member.id}/grade`, {
          gradeId: vip.id,
          manual: true,
          memo: '',
        });
        // 1190 × 0.9 = 1071; 1,000 units in the other process: 1,071 won.
        await expect.poll(priceIn, soon).toBe(1071);
        const placed = await other.app.inject({
          method: 'POST',
          url: '/service/order',
          headers,
          payload: { serviceId: service.id, link: 'https://instagram.com/p/other', amount: 1000 },
        });
        expect(placed.json()).toMatchObject({ cost: 1071 });
        expect(await pointOf(t.app, member.accountId)).toBe(8_929);
      } finally {
        await other.app.close();
      }
    },
  );
});

async function my(member: TestMember) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/service/my-grade',
    headers: bearer(await tokenFor(t.app, member)),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
