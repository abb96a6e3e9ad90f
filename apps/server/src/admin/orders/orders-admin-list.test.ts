import { AutoOrderStatus, OrderStatus, orderLinkKey } from '@smm/domain';
import type { AdminAutoOrdersResponse, AdminOrdersResponse } from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { autoOrders, orders, services } from '../../db/schema';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();

async function firstServices() {
  return t.app.database.db.select().from(services).orderBy(services.id).limit(2);
}

/** An order row straight in the table: the lists read rows, no money moves here. */
async function insertOrder(member: TestMember, values: Partial<typeof orders.$inferInsert> = {}) {
  const [s] = await firstServices();
  const link = values.link ?? 'https://instagram.com/p/abc';
  const [row] = await t.app.database.db
    .insert(orders)
    .values({
      accountId: member.accountId,
      serviceId: s!.id,
      link: 'https://instagram.com/p/abc',
      amount: 100,
      unitPriceMilli: s!.unitPriceMilli,
      cost: 1000,
      status: OrderStatus.PENDING,
      ...values,
      linkKey: orderLinkKey(link),
    })
    .returning();
  return row!;
}

async function list(operator: TestMember, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/admin/api/orders${query}`,
    headers: bearer(await tokenFor(t.app, operator)),
  });
}

async function ids(operator: TestMember, query: string) {
  const response = await list(operator, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrdersResponse>().items.map((item) => item.id);
}

describe(`operator order lists on ${testDatabaseKind}`, () => {
  it('lists every member’s orders newest first with the member, service and provider facts', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const kim = await createMember(t.app, { id: 'kim_1' });
    const lee = await createMember(t.app, { id: 'lee_1' });
    const a = await insertOrder(kim, { providerOrderId: '9001', startCount: 10, remains: 5 });
    const b = await insertOrder(lee, { lastError: 'timeout after 2000 ms', attempts: 2 });
    const response = await list(operator, '');
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminOrdersResponse>();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(body.items.map((i) => i.id)).toEqual([b.id, a.id]);
    const [s] = await firstServices();
    expect(body.items[1]).toMatchObject({
      memberLoginId: 'kim_1',
      serviceId: s!.id,
      serviceText: s!.text,
      link: 'https://instagram.com/p/abc',
      amount: 100,
      cost: 1000,
      refunded: 0,
      status: OrderStatus.PENDING,
      providerOrderId: '9001',
      startCount: 10,
      remains: 5,
      lastError: null,
      attempts: 0,
      autoOrderId: null,
    });
    expect(body.items[0]).toMatchObject({ lastError: 'timeout after 2000 ms', attempts: 2 });
  });

  it('filters by member (exact, or prefix with _ taken literally), service, status, link, provider id and error', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const a = await createMember(t.app, { id: 'ab_c1' });
    const b = await createMember(t.app, { id: 'abxc1' });
    const c = await createMember(t.app, { id: 'ab_c12' });
    const [s1, s2] = await firstServices();
    const oa = await insertOrder(a, { link: 'https://a.com/a_b', status: OrderStatus.COMPLETED });
    const ob = await insertOrder(b, {
      link: 'https://a.com/axb',
      serviceId: s2!.id,
      providerOrderId: 'P-77',
    });
    const oc = await insertOrder(c, { link: 'https://a.com/50%25off', lastError: 'refused' });

    expect(await ids(operator, '?member=ab_c1')).toEqual([oa.id]);
    expect(await ids(operator, '?member=AB_C1')).toEqual([oa.id]);
    expect(await ids(operator, '?member=ab_&memberMatch=prefix')).toEqual([oc.id, oa.id]);
    expect(await ids(operator, '?member=ab%25&memberMatch=prefix')).toEqual([]);
    expect(await ids(operator, `?serviceId=${s2!.id}`)).toEqual([ob.id]);
    expect(await ids(operator, `?serviceId=${s1!.id}`)).toEqual([oc.id, oa.id]);
    expect(await ids(operator, `?status=${OrderStatus.COMPLETED}`)).toEqual([oa.id]);
    expect(await ids(operator, `?status=${OrderStatus.PENDING}`)).toEqual([oc.id, ob.id]);
    // LIKE wildcards in the search text are matched as themselves.
    expect(await ids(operator, '?link=a_b')).toEqual([oa.id]);
    expect(await ids(operator, '?link=%25')).toEqual([oc.id]);
    expect(await ids(operator, '?link=A.COM%2FAXB')).toEqual([ob.id]);
    // The whole link written another way finds it by its key (docs/product.md#refill-and-cancellation).
    expect(await ids(operator, `?link=${encodeURIComponent('http://www.A.com/a_b/?utm_source=x')}`)).toEqual([
      oa.id,
    ]);
    expect(await ids(operator, '?providerOrderId=P-77')).toEqual([ob.id]);
    expect(await ids(operator, '?providerOrderId=P-7')).toEqual([]);
    expect(await ids(operator, '?hasError=true')).toEqual([oc.id]);
    expect(await ids(operator, '?hasError=false')).toEqual([ob.id, oa.id]);
    expect(await ids(operator, `?member=abxc1&status=${OrderStatus.COMPLETED}`)).toEqual([]);
  });

  it('reads from/to as whole Korean days whatever the server’s time zone', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    // 23:59:59 on 21 November and 00:00 on 22 November in Seoul.
    const late = await insertOrder(member, { createdAt: new Date('2026-11-21T14:59:59Z') });
    const early = await insertOrder(member, { createdAt: new Date('2026-11-21T15:00:00Z') });
    const next = await insertOrder(member, { createdAt: new Date('2026-11-22T14:59:59.999Z') });
    const after = await insertOrder(member, { createdAt: new Date('2026-11-22T15:00:00Z') });
    expect(await ids(operator, '?from=2026-11-22&to=2026-11-22')).toEqual([next.id, early.id]);
    expect(await ids(operator, '?to=2026-11-21')).toEqual([late.id]);
    expect(await ids(operator, '?from=2026-11-23')).toEqual([after.id]);
    const bad = await list(operator, '?from=2026-11-23&to=2026-11-22');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('기간의 시작일이 종료일보다 늦습니다.');
  });

  it('sorts by id, time or cost either way and pages on the server with the total', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const made = [];
    for (let i = 0; i < 25; i += 1) {
      made.push(
        await insertOrder(member, {
          cost: ((i * 7) % 25) * 100 + 100,
          createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, 25 - i)),
        }),
      );
    }
    const byId = made.map((o) => o.id);
    const page3 = await list(operator, '?pageSize=10&page=3');
    expect(page3.json<AdminOrdersResponse>()).toMatchObject({ page: 3, pageSize: 10, total: 25 });
    expect(page3.json<AdminOrdersResponse>().items.map((i) => i.id)).toEqual([...byId].reverse().slice(20));
    expect(await ids(operator, '?sort=id&order=asc&pageSize=5')).toEqual(byId.slice(0, 5));
    const byCost = [...made].sort((x, y) => x.cost - y.cost).map((o) => o.id);
    expect(await ids(operator, '?sort=cost&order=asc&pageSize=100')).toEqual(byCost);
    expect(await ids(operator, '?sort=cost&order=desc&pageSize=3')).toEqual(
      [...byCost].reverse().slice(0, 3),
    );
    // createdAt runs against the ids here: the oldest row is the last one inserted.
    expect(await ids(operator, '?sort=createdAt&order=asc&pageSize=2')).toEqual([byId[24], byId[23]]);
    const filtered = await list(operator, '?pageSize=10&page=2&link=instagram');
    expect(filtered.json<AdminOrdersResponse>()).toMatchObject({ total: 25 });
    const beyond = await list(operator, '?page=9');
    expect(beyond.json<AdminOrdersResponse>()).toMatchObject({ items: [], total: 25 });
  });

  it.each([
    ['?pageSize=101'],
    ['?pageSize=0'],
    ['?page=0'],
    ['?status=9'],
    ['?status='],
    ['?status=1.5'],
    ['?serviceId=99999999999'],
    ['?sort=member'],
    ['?order=up'],
    ['?from=2026-02-30'],
    ['?from=20261122'],
    ['?hasError=yes'],
    ['?member=%00abc'],
    ['?link=a%00b'],
    ['?memberMatch=suffix'],
  ])('answers 400 for %s', async (query) => {
    const operator = await createMember(t.app, { role: 'admin' });
    expect((await list(operator, query)).statusCode).toBe(400);
  });

  it('lists auto-orders with runs, interval, progress, cost, refund and next run, filtered and paged', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const kim = await createMember(t.app, { id: 'kim_auto' });
    const lee = await createMember(t.app, { id: 'lee_auto' });
    const [s] = await firstServices();
    const insert = (member: TestMember, values: Partial<typeof autoOrders.$inferInsert> = {}) =>
      t.app.database.db
        .insert(autoOrders)
        .values({
          accountId: member.accountId,
          serviceId: s!.id,
          link: 'https://youtube.com/watch?v=1',
          amount: 100,
          runs: 3,
          interval: 60,
          unitPriceMilli: s!.unitPriceMilli,
          cost: 3000,
          nextRunAt: new Date('2026-11-22T10:00:00Z'),
          ...values,
        })
        .returning()
        .then((rows) => rows[0]!);
    const a = await insert(kim, { completed: 1 });
    const b = await insert(lee, { status: AutoOrderStatus.CANCLED, refunded: 2000, nextRunAt: null });
    const call = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/admin/api/auto-orders${query}`,
        headers: bearer(await tokenFor(t.app, operator)),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdminAutoOrdersResponse>();
    };
    const all = await call('');
    expect(all.total).toBe(2);
    expect(all.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.items[1]).toMatchObject({
      memberLoginId: 'kim_auto',
      serviceText: s!.text,
      amount: 100,
      runs: 3,
      interval: 60,
      completed: 1,
      cost: 3000,
      refunded: 0,
      status: AutoOrderStatus.ACTIVE,
      nextRunAt: '2026-11-22T10:00:00.000Z',
    });
    expect((await call('?member=lee&memberMatch=prefix')).items.map((i) => i.id)).toEqual([b.id]);
    expect((await call(`?status=${AutoOrderStatus.ACTIVE}`)).items.map((i) => i.id)).toEqual([a.id]);
    expect((await call('?link=v%3D1&pageSize=1&page=2')).items.map((i) => i.id)).toEqual([a.id]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/admin/api/auto-orders?status=5',
      headers: bearer(await tokenFor(t.app, operator)),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for operators only', async () => {
    const member = await createMember(t.app);
    expect((await list(member, '')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/orders' })).statusCode).toBe(401);
  });
});
