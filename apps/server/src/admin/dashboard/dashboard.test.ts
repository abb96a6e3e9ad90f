import { AutoOrderStatus, OrderStatus, ReceiptKind, RefillStatus } from '@smm/domain';
import type { AdminDashboardResponse, DepositStatus } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, autoOrders, deposits, orderRefills, orders, providers, services } from '../../db/schema';
import { ProviderError, type ProviderApi } from '../../providers/provider-api';
import { SIMULATED_BALANCE } from '../../providers/simulated-provider';
import { requestCharge } from '../../test/charge-factories';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { DashboardService } from './dashboard.service';

const t = useTestApp();

// "Now" in these tests: 2026-12-02 12:00 KST. Seoul days start at 15:00 UTC of the day before.
const NOW = new Date('2026-12-02T03:00:00Z');
const TODAY_START = new Date('2026-12-01T15:00:00Z'); // 2026-12-02 00:00:00 KST
const YESTERDAY_LAST = new Date('2026-12-01T14:59:59Z'); // 2026-12-01 23:59:59 KST
const MONTH_START = new Date('2026-11-30T15:00:00Z'); // 2026-12-01 00:00:00 KST
const LAST_MONTH_LAST = new Date('2026-11-30T14:59:59Z'); // 2026-11-30 23:59:59 KST
const BEFORE_SERIES = new Date('2026-11-02T14:59:59Z'); // 2026-11-02 23:59:59 KST: 31 days ago
const OLD = new Date('2026-11-10T03:00:00Z'); // 2026-11-10 12:00 KST
const at = (date: Date, ms: number) => new Date(date.getTime() + ms);
const HOUR = 3600_000;

const db = () => t.app.database.db;

async function dashboard(caller: TestMember) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/dashboard',
    headers: bearer(await tokenFor(t.app, caller)),
  });
  expect(response.statusCode).toBe(200);
  return response.json<AdminDashboardResponse>();
}

/** A member whose sign-up time is `createdAt` (members are made now; the row's time is then set). */
async function memberJoinedAt(createdAt: Date, options: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t.app, options);
  await db().update(accounts).set({ createdAt }).where(eq(accounts.id, member.accountId));
  return member;
}

async function asMember(member: TestMember, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await tokenFor(t.app, member)),
    ...(payload ? { payload } : {}),
  });
}

/** A charge asked for through the charge service a minute before `decidedAt`, then decided by the operator then. */
async function chargeDecidedAt(
  member: TestMember,
  operator: TestMember,
  decidedAt: Date,
  charge: { name: string; point: number; feeType?: ReceiptKind },
  decision: 'accept' | 'reject' = 'accept',
) {
  t.clock.set(at(decidedAt, -60_000));
  const { id } = await requestCharge(t.app, member, charge);
  t.clock.set(decidedAt);
  const decided = await asMember(operator, 'POST', `/admin/api/charges/${id}/${decision}`, {});
  expect(decided.statusCode).toBe(200);
  return id;
}

async function firstServiceId() {
  const [service] = await db().select().from(services).orderBy(services.id).limit(1);
  if (!service) throw new Error('no demo service');
  return service;
}

async function orderAt(
  accountId: number,
  createdAt: Date,
  values: { cost: number; refunded?: number; status?: number; autoOrderId?: number; lastError?: string },
) {
  const service = await firstServiceId();
  const [row] = await db()
    .insert(orders)
    .values({
      accountId,
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      linkKey: 'instagram.com/p/abc',
      amount: 100,
      unitPriceMilli: service.unitPriceMilli,
      cost: values.cost,
      refunded: values.refunded ?? 0,
      status: values.status ?? OrderStatus.PENDING,
      autoOrderId: values.autoOrderId ?? null,
      lastError: values.lastError ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

async function autoOrderAt(
  accountId: number,
  createdAt: Date,
  values: { cost: number; refunded?: number; status: number },
) {
  const service = await firstServiceId();
  const [row] = await db()
    .insert(autoOrders)
    .values({
      accountId,
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      amount: 100,
      runs: 3,
      interval: 30,
      unitPriceMilli: service.unitPriceMilli,
      cost: values.cost,
      refunded: values.refunded ?? 0,
      status: values.status,
      createdAt,
    })
    .returning();
  return row!;
}

async function depositWith(status: DepositStatus, n: number) {
  await db()
    .insert(deposits)
    .values({ source: 'operator', reference: `dashboard-${status}-${n}`, status, amount: 1000 });
}

const dayOf = (body: AdminDashboardResponse, date: string) => body.series.find((d) => d.date === date);

describe(`GET /admin/api/dashboard on ${testDatabaseKind}`, () => {
  it('is for operators only', async () => {
    const member = await createMember(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/dashboard' })).statusCode).toBe(401);
    expect((await asMember(member, 'GET', '/admin/api/dashboard')).statusCode).toBe(403);
  });

  it('answers exact Seoul-day and Seoul-month figures: sales, spend, orders, charges, deposits, members, series', async () => {
    const operator = await memberJoinedAt(OLD, { role: 'admin' });
    const buyer = await memberJoinedAt(OLD, { point: 100_000 });
    const payer = await memberJoinedAt(OLD);

    // Sales: credited charges by when they were credited; payable includes the invoice's 10 % VAT.
    await chargeDecidedAt(payer, operator, TODAY_START, { name: '오늘', point: 10_000 });
    await chargeDecidedAt(payer, operator, YESTERDAY_LAST, {
      name: '어제',
      point: 20_000,
      feeType: ReceiptKind.TAX_INVOICE,
    });
    await chargeDecidedAt(payer, operator, LAST_MONTH_LAST, { name: '지난달', point: 5_000 });
    await chargeDecidedAt(payer, operator, at(TODAY_START, HOUR), { name: '거절', point: 3_000 }, 'reject');
    // Still waiting: counted as pending, never as sales.
    t.clock.set(at(NOW, -10 * 60_000));
    await requestCharge(t.app, payer, { name: '대기', point: 7_000, feeType: ReceiptKind.TAX_INVOICE });
    await requestCharge(t.app, buyer, { name: '대기2', point: 1_000 });
    t.clock.set(NOW);

    // Spend: an order placed through the order service (its real cost), then dated today.
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    const placed = await placeOrder(t.app, buyer, {
      serviceId: service.id,
      link: 'https://instagram.com/p/placed',
      amount: 100,
    });
    const placedCost = 124; // 1.234 won × 100 = 123.4 → 124 won
    expect(placed.cost).toBe(placedCost);
    expect(await pointOf(t.app, buyer.accountId)).toBe(99_876); // 100,000 − 124
    await db().update(orders).set({ createdAt: TODAY_START }).where(eq(orders.id, placed.orderId));
    await orderAt(buyer.accountId, at(NOW, -HOUR), {
      cost: 5_000,
      refunded: 2_000,
      status: OrderStatus.PARTIAL,
    });
    await orderAt(buyer.accountId, YESTERDAY_LAST, { cost: 4_000, status: OrderStatus.COMPLETED });
    await orderAt(buyer.accountId, LAST_MONTH_LAST, { cost: 1_000, status: OrderStatus.COMPLETED });
    await orderAt(buyer.accountId, BEFORE_SERIES, { cost: 999, status: OrderStatus.CANCELED, refunded: 999 });
    const auto = await autoOrderAt(buyer.accountId, at(TODAY_START, HOUR), {
      cost: 6_000,
      refunded: 1_000,
      status: AutoOrderStatus.ACTIVE,
    });
    await autoOrderAt(buyer.accountId, LAST_MONTH_LAST, { cost: 2_500, status: AutoOrderStatus.COMPLETED });
    // A run of the auto-order costs nothing (the auto-order was paid up front) but is an order.
    await orderAt(buyer.accountId, at(TODAY_START, 2 * HOUR), {
      cost: 0,
      status: OrderStatus.INPROGRESS,
      autoOrderId: auto.id,
    });

    // Deposits and bank messages still to resolve.
    await depositWith('UNMATCHED', 1);
    await depositWith('UNMATCHED', 2);
    await depositWith('LATE', 1);
    await depositWith('UNPARSED', 1);
    // A second report of a transfer already reported: shown, not counted as waiting.
    await depositWith('DUPLICATE', 1);
    await depositWith('MATCHED', 1);
    await depositWith('RECEIVED', 1);

    // Members: today from 00:00:00 KST; 23:59:59 KST yesterday is this month, not today.
    await memberJoinedAt(TODAY_START);
    await memberJoinedAt(YESTERDAY_LAST);
    await memberJoinedAt(MONTH_START);
    await memberJoinedAt(LAST_MONTH_LAST);
    const gone = await memberJoinedAt(at(NOW, -HOUR));
    await db().update(accounts).set({ deletedAt: NOW }).where(eq(accounts.id, gone.accountId));
    await memberJoinedAt(at(NOW, -HOUR), { role: 'admin' });

    t.clock.set(NOW);
    const body = await dashboard(operator);

    expect(body.generatedAt).toBe(NOW.toISOString());
    expect(body.today).toBe('2026-12-02');
    expect(body.sales).toEqual({
      today: { count: 1, point: 10_000, payable: 10_000 },
      month: { count: 2, point: 30_000, payable: 32_000 },
    });
    const spendToday = 8_124; // 124 placed + (5,000 − 2,000) + auto-order (6,000 − 1,000)
    expect(body.spend).toEqual({
      today: { count: 3, won: spendToday },
      month: { count: 4, won: spendToday + 4_000 },
    });
    expect(body.orders).toEqual({
      byStatus: [
        { status: OrderStatus.PENDING, count: 1 },
        { status: OrderStatus.INPROGRESS, count: 1 },
        { status: OrderStatus.COMPLETED, count: 2 },
        { status: OrderStatus.PARTIAL, count: 1 },
        { status: OrderStatus.PROCESSING, count: 0 },
        { status: OrderStatus.CANCELED, count: 1 },
      ],
      today: 3,
      autoOrdersActive: 1,
    });
    expect(body.pendingCharges).toEqual({ count: 2, point: 8_000, payable: 7_700 + 1_000 });
    expect(body.deposits).toEqual({
      count: 4,
      byStatus: { UNMATCHED: 2, LATE: 1, UNPARSED: 1, DUPLICATE: 1 },
    });
    // operator, buyer and payer joined on 11-10 (the operator is not a member); the deleted one is gone.
    expect(body.members).toEqual({ today: 1, month: 3, total: 6 });

    expect(body.series).toHaveLength(30);
    expect(body.series[0]!.date).toBe('2026-11-03');
    expect(body.series[29]!.date).toBe('2026-12-02');
    expect(dayOf(body, '2026-12-02')).toEqual({
      date: '2026-12-02',
      sales: 10_000,
      spend: spendToday,
      orders: 3,
      signups: 1,
    });
    expect(dayOf(body, '2026-12-01')).toEqual({
      date: '2026-12-01',
      sales: 22_000,
      spend: 4_000,
      orders: 1,
      signups: 2,
    });
    expect(dayOf(body, '2026-11-30')).toEqual({
      date: '2026-11-30',
      sales: 5_000,
      spend: 1_000 + 2_500,
      orders: 1,
      signups: 1,
    });
    expect(dayOf(body, '2026-11-10')).toMatchObject({ signups: 2, sales: 0, spend: 0, orders: 0 });
    // The order of 2026-11-02 is outside the 30 days: every other day is zero.
    const busy = new Set(['2026-12-02', '2026-12-01', '2026-11-30', '2026-11-10']);
    for (const day of body.series.filter((d) => !busy.has(d.date))) {
      expect(day).toEqual({ date: day.date, sales: 0, spend: 0, orders: 0, signups: 0 });
    }
  });

  it('moves an event out of "today" at 00:00 KST and out of "this month" at the first of the month', async () => {
    const operator = await memberJoinedAt(OLD, { role: 'admin' });
    const payer = await memberJoinedAt(OLD);
    // Credited at 2026-11-30 23:59:00 KST.
    await chargeDecidedAt(payer, operator, at(LAST_MONTH_LAST, -59_000), { name: '말일', point: 4_000 });

    t.clock.set(LAST_MONTH_LAST); // 23:59:59 KST, same day
    let body = await dashboard(operator);
    expect(body.today).toBe('2026-11-30');
    expect(body.sales.today).toEqual({ count: 1, point: 4_000, payable: 4_000 });
    expect(body.sales.month).toEqual({ count: 1, point: 4_000, payable: 4_000 });

    t.clock.set(MONTH_START); // one second later: 2026-12-01 00:00:00 KST
    body = await dashboard(operator);
    expect(body.today).toBe('2026-12-01');
    expect(body.sales.today).toEqual({ count: 0, point: 0, payable: 0 });
    expect(body.sales.month).toEqual({ count: 0, point: 0, payable: 0 });
    expect(body.series.at(-1)).toEqual({ date: '2026-12-01', sales: 0, spend: 0, orders: 0, signups: 0 });
    expect(body.series.at(-2)).toMatchObject({ date: '2026-11-30', sales: 4_000 });
  });

  it('answers 30 days of zeros on an empty panel', async () => {
    const operator = await memberJoinedAt(OLD, { role: 'admin' });
    t.clock.set(NOW);
    const body = await dashboard(operator);
    expect(body.series).toHaveLength(30);
    expect(body.series.map((d) => d.date).slice(-3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(body.series.every((d) => d.sales + d.spend + d.orders + d.signups === 0)).toBe(true);
    expect(body.orders.byStatus.map((s) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(body.sales.month).toEqual({ count: 0, point: 0, payable: 0 });
    expect(body.pendingCharges).toEqual({ count: 0, point: 0, payable: 0 });
    expect(body.recentProviderErrors).toEqual([]);
    expect(body.refills).toEqual({ open: 0, pending: 0, inProgress: 0 });
    expect(body.cancelRequested).toEqual({ count: 0 });
  });

  it('counts open refills (대기 and 진행중, not finished ones) and open orders whose cancel was asked', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const s = await catalogService(t.app, { enableAuto: false, refillDays: 30 });
    // Four orders accepted by the simulated provider, then marked 부분 완료 by the operator: refillable.
    const finished: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const { orderId } = await placeOrder(t.app, member, {
        serviceId: s.id,
        link: `https://instagram.com/p/${n}`,
        amount: 100,
      });
      finished.push(orderId);
    }
    await t.app.services.worker.tick();
    for (const id of finished) {
      const partial = await asMember(operator, 'POST', `/admin/api/orders/${id}/partial`, { remains: 10 });
      expect(partial.statusCode, partial.body).toBe(200);
    }
    const refills = [];
    for (const id of finished)
      refills.push(await t.app.services.refills.request(member.accountId, id, 'member'));
    // The refill worker's states, set on the rows: one at the provider, one done, one refused.
    const setStatus = (id: number, status: number) =>
      db().update(orderRefills).set({ status }).where(eq(orderRefills.id, id));
    await setStatus(refills[1]!.id, RefillStatus.INPROGRESS);
    await setStatus(refills[2]!.id, RefillStatus.COMPLETED);
    await setStatus(refills[3]!.id, RefillStatus.REJECTED);

    // 취소 요청됨: an open order asked of its provider counts; a settled one no longer does.
    const { orderId: asked } = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://instagram.com/p/asked',
      amount: 100,
    });
    const { orderId: settled } = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://instagram.com/p/settled',
      amount: 100,
    });
    const cancelAskedAt = t.clock.now();
    await db().update(orders).set({ cancelRequestedAt: cancelAskedAt }).where(eq(orders.id, asked));
    await db().update(orders).set({ cancelRequestedAt: cancelAskedAt }).where(eq(orders.id, settled));
    const cancel = await asMember(operator, 'POST', `/admin/api/orders/${settled}/cancel`, { memo: '' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const body = await dashboard(operator);
    expect(body.refills).toEqual({ open: 2, pending: 1, inProgress: 1 });
    expect(body.cancelRequested).toEqual({ count: 1 });
  });

  it('shows each enabled provider balance; a failing provider gives its error and the others still answer', async () => {
    const operator = await memberJoinedAt(OLD, { role: 'admin' });
    const refused = await createProvider(t.app, {
      name: '연결 거부',
      apiUrl: 'http://127.0.0.1:9/api/v2',
      apiKey: 'secret-key-refused',
    });
    // A row the add-provider checks refuse (not http(s)), as an older row may be: made raw.
    const [notHttp] = await db()
      .insert(providers)
      .values({ name: '잘못된 주소', apiUrl: 'ftp://provider.example/api', apiKey: 'secret-key-ftp' })
      .returning();
    await createProvider(t.app, {
      name: '꺼진 공급사',
      apiUrl: 'http://127.0.0.1:9/off',
      apiKey: 'secret-off',
      enabled: false,
    });

    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/dashboard',
      headers: bearer(await tokenFor(t.app, operator)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secret-key');
    const body = response.json<AdminDashboardResponse>();
    const [simulated] = await db().select().from(providers).orderBy(providers.id).limit(1);
    expect(body.providers).toEqual([
      {
        id: simulated!.id,
        name: simulated!.name,
        balance: SIMULATED_BALANCE.balance,
        currency: SIMULATED_BALANCE.currency,
        error: null,
      },
      {
        id: refused.id,
        name: '연결 거부',
        balance: null,
        currency: null,
        error: 'balance: connection failed',
      },
      {
        id: notHttp!.id,
        name: '잘못된 주소',
        balance: null,
        currency: null,
        error: 'balance: the provider URL is not an http(s) URL',
      },
    ]);
  });

  it('does not wait past its timeout for a provider that never answers, and hides a key quoted in an error', async () => {
    await createProvider(t.app, { name: '멈춘 공급사', apiUrl: 'http://hang.test', apiKey: 'hang-key' });
    await createProvider(t.app, { name: '새는 공급사', apiUrl: 'http://leak.test', apiKey: 'leak-key-1234' });
    await createProvider(t.app, { name: '이상한 공급사', apiUrl: 'http://odd.test', apiKey: 'odd-key' });
    const clients = {
      clientFor(row: { apiUrl: string; apiKey: string }): ProviderApi {
        const balance = () =>
          row.apiUrl === 'http://hang.test'
            ? new Promise<never>(() => {})
            : row.apiUrl === 'http://leak.test'
              ? Promise.reject(new ProviderError(`balance: refused key ${row.apiKey}`, true))
              : row.apiUrl === 'http://odd.test'
                ? Promise.reject(new TypeError('odd'))
                : Promise.resolve({ balance: '5.5', currency: 'USD' });
        return { balance } as unknown as ProviderApi;
      },
    };
    const service = new DashboardService(t.app.database.db, t.clock, clients, { balanceTimeoutMs: 50 });
    const started = Date.now();
    const body = await service.dashboard();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(body.providers.map((p) => [p.name, p.balance, p.currency, p.error])).toEqual([
      ['시뮬레이션 공급사 (데모)', '5.5', 'USD', null],
      ['멈춘 공급사', null, null, 'balance: no answer within 50 ms'],
      ['새는 공급사', null, null, 'balance: refused key ***'],
      ['이상한 공급사', null, null, 'balance: unexpected failure'],
    ]);
    expect(JSON.stringify(body)).not.toContain('leak-key');
  });

  it('lists the latest ten orders with a provider error, newest first, with member and service', async () => {
    const operator = await memberJoinedAt(OLD, { role: 'admin' });
    const buyer = await memberJoinedAt(OLD, { id: 'errbuyer' });
    const service = await firstServiceId();
    await orderAt(buyer.accountId, at(NOW, -HOUR), { cost: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const row = await orderAt(buyer.accountId, at(NOW, -HOUR + i * 60_000), {
        cost: 100,
        lastError: `add: failure ${i}`,
      });
      ids.push(row.id);
    }
    t.clock.set(NOW);
    const body = await dashboard(operator);
    expect(body.recentProviderErrors).toHaveLength(10);
    expect(body.recentProviderErrors[0]).toEqual({
      orderId: ids[11],
      memberLoginId: 'errbuyer',
      serviceText: service.text,
      error: 'add: failure 11',
      updatedAt: at(NOW, -HOUR + 11 * 60_000).toISOString(),
    });
    expect(body.recentProviderErrors.map((e) => e.orderId)).toEqual(ids.slice(2).reverse());
  });
});
