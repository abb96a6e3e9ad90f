import { DEPOSIT_STATUS_LABELS, WATCH_DEFAULTS, WATCH_KINDS, type WatchKind } from '@smm/domain';
import type { AdminWatchResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefills, orders } from '../../db/schema';
import { ProviderError, type ProviderApi } from '../../providers/provider-api';
import { requestCharge, reportDeposit } from '../../test/charge-factories';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { RefillScriptedProvider, orderOf, workerWith } from '../../test/refill-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { WatchService } from './watch.service';

const t = useTestApp();
const MIN = 60_000;
const HOUR = 60 * MIN;

async function watch(caller: TestMember | null) {
  return t.app.inject({
    method: 'GET',
    url: '/admin/api/watch',
    headers: caller ? bearer(await tokenFor(t.app, caller)) : {},
  });
}

async function groupOf(operator: TestMember, kind: WatchKind) {
  const response = await watch(operator);
  expect(response.statusCode).toBe(200);
  const body = response.json() as AdminWatchResponse;
  return body.groups.find((group) => group.kind === kind)!;
}

const idsOf = async (operator: TestMember, kind: WatchKind) =>
  (await groupOf(operator, kind)).items.map((i) => i.id);

/** A provider whose `add` loses its answer (the order may exist upstream): the worker holds the order. */
class LostAnswerProvider extends RefillScriptedProvider {
  lose = true;
  override async add(input: { service: string; link: string; quantity: number }) {
    if (this.lose) throw new ProviderError('add: no answer within 10 s', true, 'unknown');
    return super.add(input);
  }
}

/**
 * A member's order placed through the order service. Its created_at is the database's time; the
 * tests run on a manual clock, so it is set to the clock's time, as if placed now.
 */
async function placedNow(member: TestMember, link = `https://instagram.com/p/w-${Math.random()}`) {
  const service = await catalogService(t.app);
  const { orderId } = await placeOrder(t.app, member, { serviceId: service.id, link, amount: service.min });
  await t.app.database.db.update(orders).set({ createdAt: t.clock.now() }).where(eq(orders.id, orderId));
  return orderId;
}

describe(`the watch (GET /admin/api/watch) on ${testDatabaseKind}`, () => {
  it('is for operators only: no token 401, a member 403', async () => {
    const member = await createMember(t.app);
    expect((await watch(null)).statusCode).toBe(401);
    expect((await watch(member)).statusCode).toBe(403);
  });

  it('lists every kind, in order, with nothing to do on a fresh panel', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const body = (await watch(operator)).json() as AdminWatchResponse;
    expect(body.groups.map((g) => g.kind)).toEqual([...WATCH_KINDS]);
    expect(body.total).toBe(0);
  });

  it('an order its provider has not taken appears after 15 minutes, not before, and leaves once taken', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await placedNow(member);
    t.clock.advance(WATCH_DEFAULTS.notTakenMinutes * MIN - 1000);
    expect(await idsOf(operator, 'ORDER_NOT_TAKEN')).toEqual([]);
    t.clock.advance(1000);
    const group = await groupOf(operator, 'ORDER_NOT_TAKEN');
    expect(group.count).toBe(1);
    expect(group.items[0]).toMatchObject({
      id: orderId,
      label: `주문 #${orderId}`,
      target: { screen: 'orders', query: { member: member.id } },
    });
    await workerWith(t.app, t.clock, new RefillScriptedProvider()).tick();
    expect(await idsOf(operator, 'ORDER_NOT_TAKEN')).toEqual([]);
  });

  it('an order held for an operator appears at once with its reason, and leaves when the operator resends it', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await placedNow(member);
    await workerWith(t.app, t.clock, new LostAnswerProvider()).tick();
    expect((await orderOf(t.app, orderId)).nextCheckAt).toBeNull();
    const group = await groupOf(operator, 'ORDER_HELD');
    expect(group.items.map((i) => i.id)).toEqual([orderId]);
    expect(group.items[0]!.detail).toContain('접수 여부 불명');
    expect(group.items[0]!.target.query).toMatchObject({ error: '1' });
    // a held order is not also "not taken"
    t.clock.advance(HOUR);
    expect(await idsOf(operator, 'ORDER_NOT_TAKEN')).toEqual([]);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/resend`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { memo: '공급사에 없음' },
    });
    expect(resend.statusCode).toBe(200);
    expect(await idsOf(operator, 'ORDER_HELD')).toEqual([]);
  });

  it('an order at its provider stalls after 48 hours, not before, and leaves when it completes', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const provider = new RefillScriptedProvider();
    const orderId = await placedNow(member);
    await workerWith(t.app, t.clock, provider).tick();
    t.clock.advance(WATCH_DEFAULTS.stalledHours * HOUR - MIN);
    expect(await idsOf(operator, 'ORDER_STALLED')).toEqual([]);
    t.clock.advance(MIN);
    expect(await idsOf(operator, 'ORDER_STALLED')).toEqual([orderId]);
    const row = await orderOf(t.app, orderId);
    provider.states.set(row.providerOrderId!, { status: 'Completed', startCount: 1, remains: 0 });
    await workerWith(t.app, t.clock, provider).tick();
    expect(await idsOf(operator, 'ORDER_STALLED')).toEqual([]);
  });

  it('a per-service threshold overrides the global one', async () => {
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await placedNow(member);
    await workerWith(t.app, t.clock, new RefillScriptedProvider()).tick();
    const { serviceId } = await orderOf(t.app, orderId);
    const service = (byService: Record<number, number>) =>
      new WatchService(
        t.app.database.db,
        t.clock,
        t.app.services.providers,
        { balanceTimeoutMs: 1000, balanceCacheMs: 0 },
        async () => ({ ...WATCH_DEFAULTS, stalledHoursByService: byService }),
      );
    t.clock.advance(5 * HOUR);
    const stalled = async (byService: Record<number, number>) =>
      (await service(byService).watch()).groups
        .find((g) => g.kind === 'ORDER_STALLED')!
        .items.map((i) => i.id);
    expect(await stalled({})).toEqual([]);
    expect(await stalled({ [serviceId]: 4 })).toEqual([orderId]);
    expect(await stalled({ [serviceId + 1000]: 4 })).toEqual([]);
  });

  it('a cancellation its provider has not carried out appears after 24 hours and leaves when it is cancelled', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const provider = new RefillScriptedProvider();
    const orderId = await placedNow(member);
    await workerWith(t.app, t.clock, provider).tick();
    // The provider accepted the member's cancellation (orders/member-cancellation marks it so).
    await t.app.database.db
      .update(orders)
      .set({ cancelRequestedAt: t.clock.now() })
      .where(eq(orders.id, orderId));
    t.clock.advance(WATCH_DEFAULTS.cancelWaitingHours * HOUR - MIN);
    expect(await idsOf(operator, 'CANCEL_WAITING')).toEqual([]);
    t.clock.advance(MIN);
    expect(await idsOf(operator, 'CANCEL_WAITING')).toEqual([orderId]);
    // not also "stalled"
    t.clock.advance(WATCH_DEFAULTS.stalledHours * HOUR);
    expect(await idsOf(operator, 'ORDER_STALLED')).toEqual([]);
    const row = await orderOf(t.app, orderId);
    provider.states.set(row.providerOrderId!, { status: 'Canceled', startCount: 0, remains: row.amount });
    await workerWith(t.app, t.clock, provider).tick();
    expect(await idsOf(operator, 'CANCEL_WAITING')).toEqual([]);
  });

  it('a refill not finished appears after 72 hours and leaves when it completes', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await placedNow(member);
    const [refill] = await t.app.database.db
      .insert(orderRefills)
      .values({
        orderId,
        accountId: member.accountId,
        status: 1,
        providerRefillId: '77',
        createdAt: t.clock.now(),
      })
      .returning();
    t.clock.advance(WATCH_DEFAULTS.refillWaitingHours * HOUR - MIN);
    expect(await idsOf(operator, 'REFILL_WAITING')).toEqual([]);
    t.clock.advance(MIN);
    const group = await groupOf(operator, 'REFILL_WAITING');
    expect(group.items[0]).toMatchObject({
      id: refill!.id,
      target: { screen: 'refills', query: { q: member.id } },
    });
    await t.app.database.db
      .update(orderRefills)
      .set({ status: 2, finishedAt: t.clock.now() })
      .where(eq(orderRefills.id, refill!.id));
    expect(await idsOf(operator, 'REFILL_WAITING')).toEqual([]);
  });

  it('an unmatched deposit appears after 30 minutes, not before, and leaves once attached to its charge', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const { depositId } = await reportDeposit(t.app, { name: '홍길동', amount: 12_000 });
    t.clock.advance(WATCH_DEFAULTS.depositMinutes * MIN - 1000);
    expect(await idsOf(operator, 'DEPOSIT_UNMATCHED')).toEqual([]);
    t.clock.advance(1000);
    const group = await groupOf(operator, 'DEPOSIT_UNMATCHED');
    expect(group.items[0]).toMatchObject({
      id: depositId,
      won: 12_000,
      detail: `홍길동 · ${DEPOSIT_STATUS_LABELS.UNMATCHED}`,
      target: { screen: 'deposits', query: { status: 'UNMATCHED' } },
    });
    const { id: chargeId } = await requestCharge(t.app, member, { name: '홍길동', point: 12_000 });
    const attach = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${depositId}/attach`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { chargeId, memo: '확인함' },
    });
    expect(attach.statusCode).toBe(200);
    expect(await idsOf(operator, 'DEPOSIT_UNMATCHED')).toEqual([]);
  });

  it('a pending charge appears 30 minutes before it lapses and leaves when credited', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const { id: chargeId } = await requestCharge(t.app, member, { name: '김철수', point: 20_000 });
    // a pending charge lapses 3 hours after the request (docs/product.md#charges-and-deposits)
    t.clock.advance(3 * HOUR - WATCH_DEFAULTS.chargeLapseMinutes * MIN - 1000);
    expect(await idsOf(operator, 'CHARGE_LAPSING')).toEqual([]);
    t.clock.advance(1000);
    const group = await groupOf(operator, 'CHARGE_LAPSING');
    expect(group.items[0]).toMatchObject({ id: chargeId, won: 20_000, target: { screen: 'charges' } });
    await reportDeposit(t.app, { name: '김철수', amount: 20_000 });
    expect(await idsOf(operator, 'CHARGE_LAPSING')).toEqual([]);
  });

  it('a provider with a low or unread balance or failing calls appears; a healthy one does not', async () => {
    const low = await createProvider(t.app, { name: '모자란 공급사', apiUrl: 'http://low.test' });
    const down = await createProvider(t.app, { name: '멈춘 공급사', apiUrl: 'http://down.test' });
    const balances = new Map<string, string>([['http://low.test', '9999.50']]);
    const clients = {
      clientFor(row: { apiUrl: string; apiKey: string }): ProviderApi {
        const balance = () =>
          row.apiUrl === 'http://down.test'
            ? Promise.reject(new ProviderError('balance: connection failed', true))
            : Promise.resolve({ balance: balances.get(row.apiUrl) ?? '1000000.00', currency: 'KRW' });
        return { balance } as unknown as ProviderApi;
      },
    };
    const service = new WatchService(t.app.database.db, t.clock, clients, {
      balanceTimeoutMs: 1000,
      balanceCacheMs: 0,
    });
    const troubles = async () =>
      (await service.watch()).groups
        .find((g) => g.kind === 'PROVIDER_TROUBLE')!
        .items.map((i) => [i.label, i.detail, i.target.screen]);
    expect(await troubles()).toEqual([
      ['모자란 공급사', '잔액 부족 (₩9,999.5)', 'providers'],
      ['멈춘 공급사', '잔액 조회 실패: balance: connection failed', 'providers'],
    ]);
    balances.set('http://low.test', '50000.00');
    expect((await troubles()).map(([name]) => name)).toEqual(['멈춘 공급사']);

    // failing calls: three orders of the demo provider whose last call failed within the hour
    const member = await createMember(t.app, { point: 1_000_000 });
    const ids = [await placedNow(member), await placedNow(member), await placedNow(member)];
    const { providerId } = await orderOf(t.app, ids[0]!);
    for (const id of ids)
      await t.app.database.db
        .update(orders)
        .set({ lastError: 'add: HTTP 500', updatedAt: t.clock.now() })
        .where(eq(orders.id, id));
    const failing = (await troubles()).find(([name]) => name !== '멈춘 공급사');
    expect(failing?.[1]).toBe('최근 호출 실패 3건');
    t.clock.advance(61 * MIN);
    expect((await troubles()).map(([name]) => name)).toEqual(['멈춘 공급사']);
    expect(providerId).not.toBe(low.id);
    expect(down.id).toBeGreaterThan(0);
  });
});

describe(`the watch's thresholds as operator settings on ${testDatabaseKind}`, () => {
  const put = async (operator: TestMember, key: string, value: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/admin/api/settings/${key}`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { value },
    });

  it('an operator shortens a threshold on the settings form; members never see the setting', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await placedNow(member);
    t.clock.advance(5 * MIN);
    expect(await idsOf(operator, 'ORDER_NOT_TAKEN')).toEqual([]);
    expect((await put(operator, 'WATCH_NOT_TAKEN_MINUTES', '5')).json()).toMatchObject({ changed: true });
    expect(await idsOf(operator, 'ORDER_NOT_TAKEN')).toEqual([orderId]);
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/service/settings' })).json() as {
      key: string;
    }[];
    expect(publicSettings.some((entry) => entry.key.startsWith('WATCH_'))).toBe(false);
    expect((await put(member, 'WATCH_NOT_TAKEN_MINUTES', '1')).statusCode).toBe(403);
  });

  it('a per-service stalled threshold is set on the form; a value it cannot read is refused with the rule', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await placedNow(member);
    await workerWith(t.app, t.clock, new RefillScriptedProvider()).tick();
    const { serviceId } = await orderOf(t.app, orderId);
    t.clock.advance(3 * HOUR);
    expect(await idsOf(operator, 'ORDER_STALLED')).toEqual([]);
    const refused = await put(operator, 'WATCH_STALLED_HOURS_BY_SERVICE', `${serviceId}:2`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('상품번호=시간') });
    expect((await put(operator, 'WATCH_STALLED_HOURS_BY_SERVICE', `${serviceId}=2`)).statusCode).toBe(200);
    expect(await idsOf(operator, 'ORDER_STALLED')).toEqual([orderId]);
  });
});
