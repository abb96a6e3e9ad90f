import {
  ADMIN_ORDER_MESSAGES,
  AutoOrderStatus,
  LedgerReason,
  OrderStatus,
  costOfUnitsWon,
} from '@smm/domain';
import type { AutoOrderCancelResponse, OrderActionResponse, OrderCancelResponse } from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderWorker } from '../../orders/fulfilment/order-worker';
import { auditLog, autoOrders, orders, pointLedger } from '../../db/schema';
import type { ProviderOrderStatus } from '../../providers/provider-api';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { catalogService, placeOrder } from '../../test/order-factories';
import { FakeProvider } from '../../test/fake-provider';

const t = useTestApp();
const m = ADMIN_ORDER_MESSAGES;
let autoLinks = 0;

afterEach(() => t.app.services.simulatedProvider.setFault(null));

const demoService = (enableAuto = false) => catalogService(t.app, { enableAuto });
const place = (
  member: TestMember,
  order: { serviceId: number; link: string; amount: number; runs?: number; interval?: number },
) => placeOrder(t.app, member, order);

/**
 * A member with 1,000,000 won and one order of `amount` units of the first demo service (not sent
 * yet). With `unitPriceMilli` the service is priced so first (1_234: 1.234 won a unit, so that
 * rounding shows in the money and tests can write it by hand).
 */
async function memberWithOrder(amount = 100, unitPriceMilli?: number) {
  const member = await createMember(t.app, { point: 1_000_000 });
  const s = await catalogService(t.app, { enableAuto: false, unitPriceMilli });
  const { orderId, cost } = await place(member, {
    serviceId: s.id,
    link: 'https://instagram.com/p/a',
    amount,
  });
  return { member, orderId, cost, service: s };
}

async function act(operator: TestMember, path: string, payload: object = { memo: '고객 요청' }) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/${path}`,
    headers: bearer(await tokenFor(t.app, operator)),
    payload,
  });
}

const orderRow = async (id: number) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

const setOrder = (id: number, values: Partial<typeof orders.$inferInsert>) =>
  t.app.database.db.update(orders).set(values).where(eq(orders.id, id));

const refundsOf = (reference: string) =>
  t.app.database.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.reason, LedgerReason.REFUND), eq(pointLedger.reference, reference)));

const auditOf = (targetType: string, id: number) =>
  t.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(id))));

const tick = () => t.app.services.worker.tick();

async function moneyIsConsistent() {
  for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
}

describe(`operator order cancel on ${testDatabaseKind}`, () => {
  it('cancels an order not sent yet, refunds it in full once, and records who, why, before and after', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId, cost } = await memberWithOrder();
    const response = await act(operator, `orders/${orderId}/cancel`, { memo: '  링크 오류  ' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OrderCancelResponse>();
    expect(body).toMatchObject({
      changed: true,
      refunded: cost,
      order: { id: orderId, status: OrderStatus.CANCELED, refunded: cost },
      provider: { asked: false, accepted: false, error: null },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: OrderStatus.CANCELED,
      refunded: cost,
      nextCheckAt: null,
    });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
    expect(await refundsOf(`order:${orderId}`)).toMatchObject([{ accountId: member.accountId, delta: cost }]);
    const [entry, ...more] = await auditOf('order', orderId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      action: 'order.cancel',
      memo: '링크 오류',
      before: { status: OrderStatus.PENDING, refunded: 0 },
      after: { status: OrderStatus.CANCELED, refunded: cost },
    });

    // Again: nothing to do, nothing written.
    const again = await act(operator, `orders/${orderId}/cancel`);
    expect(again.json<OrderCancelResponse>()).toMatchObject({ changed: false, refunded: 0 });
    expect(await refundsOf(`order:${orderId}`)).toHaveLength(1);
    expect(await auditOf('order', orderId)).toHaveLength(1);
    // The worker never sends it now.
    await tick();
    expect((await orderRow(orderId)).providerOrderId).toBeNull();
    await moneyIsConsistent();
  });

  it('two operators cancelling at the same moment refund once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId, cost } = await memberWithOrder();
    const answers = await Promise.all([
      act(operator, `orders/${orderId}/cancel`),
      act(operator, `orders/${orderId}/cancel`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<OrderCancelResponse>().changed).sort()).toEqual([false, true]);
    expect(await refundsOf(`order:${orderId}`)).toHaveLength(1);
    expect(await auditOf('order', orderId)).toHaveLength(1);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
    expect((await orderRow(orderId)).refunded).toBe(cost);
  });

  it('cancels an order its provider has by asking it first, as a member does: the refund follows its Canceled status, once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId, cost } = await memberWithOrder();
    await tick(); // sent: the simulated provider holds it as Pending
    const sent = await orderRow(orderId);
    expect(sent.providerOrderId).not.toBeNull();
    const response = await act(operator, `orders/${orderId}/cancel`);
    expect(response.json<OrderCancelResponse>()).toMatchObject({
      changed: true,
      refunded: 0,
      provider: { asked: true, accepted: true, error: null },
    });
    // Nothing refunded on the request alone: the order waits for its provider's word (취소 요청됨).
    expect(await orderRow(orderId)).toMatchObject({ status: sent.status, refunded: 0, forcedRefundAt: null });
    expect((await orderRow(orderId)).cancelRequestedAt).not.toBeNull();
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost);
    const [entry] = await auditOf('order', orderId);
    expect(entry).toMatchObject({ action: 'order.cancel', operatorId: operator.accountId });
    // Asked again while it waits: nothing more.
    expect((await act(operator, `orders/${orderId}/cancel`)).json<OrderCancelResponse>().changed).toBe(false);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(31_000);
      await tick();
    }
    expect(await orderRow(orderId)).toMatchObject({ status: OrderStatus.CANCELED, refunded: cost });
    expect(await refundsOf(`order:${orderId}`)).toHaveLength(1);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
    expect(await auditOf('order', orderId)).toHaveLength(1);
    await moneyIsConsistent();
  });

  it('a provider that cannot be reached changes nothing and refunds nothing; 강제 환불 refunds now, marked forced', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId, cost } = await memberWithOrder();
    await tick();
    const sent = await orderRow(orderId);
    t.app.services.simulatedProvider.setFault('http500');
    const response = await act(operator, `orders/${orderId}/cancel`);
    expect(response.statusCode).toBe(200);
    const body = response.json<OrderCancelResponse>();
    expect(body).toMatchObject({ changed: false, refunded: 0, provider: { asked: true, accepted: false } });
    expect(body.provider.error).toBeTruthy();
    expect(await orderRow(orderId)).toMatchObject({
      status: sent.status,
      refunded: 0,
      cancelRequestedAt: null,
    });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost);
    expect(await auditOf('order', orderId)).toHaveLength(0);

    const forced = await act(operator, `orders/${orderId}/force-refund`, { memo: '공급사 무응답' });
    expect(forced.statusCode, forced.body).toBe(200);
    const forcedBody = forced.json<OrderCancelResponse>();
    expect(forcedBody).toMatchObject({
      changed: true,
      refunded: cost,
      provider: { asked: true, accepted: false },
    });
    expect(forcedBody.order.forcedRefundAt).toBeTruthy();
    expect((await orderRow(orderId)).status).toBe(OrderStatus.CANCELED);
    expect((await orderRow(orderId)).forcedRefundAt).not.toBeNull();
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
    const [entry] = await auditOf('order', orderId);
    expect(entry).toMatchObject({ action: 'order.force-refund', memo: '공급사 무응답' });
    // Again: nothing more.
    expect((await act(operator, `orders/${orderId}/force-refund`)).json<OrderCancelResponse>()).toMatchObject(
      {
        changed: false,
        refunded: 0,
      },
    );
    expect(await refundsOf(`order:${orderId}`)).toHaveLength(1);
    await moneyIsConsistent();
  });

  it('a worker slower than its lease reading Canceled after the operator cancelled refunds nothing more', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId, cost } = await memberWithOrder();
    await tick();
    const providerOrderId = (await orderRow(orderId)).providerOrderId!;
    t.clock.advance(31_000);
    const provider = new GatedProvider({ status: 'Canceled', startCount: 0, remains: 100 });
    const slow = new OrderWorker(
      t.app.database.db,
      { clientFor: () => provider },
      t.app.services.catalog,
      t.clock,
      {
        statusRefreshSeconds: 30,
        maxSubmitAttempts: 3,
        batchSize: 50,
        secondsPerMinute: 60,
      },
    );
    const ticking = slow.tick();
    await provider.asked;
    expect(provider.ids).toEqual([providerOrderId]);
    // While the worker holds it, the operator is asked to wait.
    const refused = await act(operator, `orders/${orderId}/force-refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('전송 중인 주문입니다. 잠시 후 다시 시도해주세요.');
    // The lease runs out (the worker hangs); the operator cancels; then the worker's answer arrives.
    t.clock.advance(121_000);
    expect((await act(operator, `orders/${orderId}/force-refund`)).json<OrderCancelResponse>().changed).toBe(
      true,
    );
    provider.release();
    expect((await ticking).refunds).toBe(0);
    expect(await refundsOf(`order:${orderId}`)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ status: OrderStatus.CANCELED, refunded: cost });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
    await moneyIsConsistent();
  });

  it('refuses completed and partial orders (409), and answers 404 / 400 for unknown ids and bad input', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId } = await memberWithOrder();
    await setOrder(orderId, { status: OrderStatus.COMPLETED, remains: 0, nextCheckAt: null });
    const completed = await act(operator, `orders/${orderId}/cancel`);
    expect(completed.statusCode).toBe(409);
    expect(completed.json()).toMatchObject({ code: 'ORDER_STATE', message: m.CANCEL_FINAL });
    await setOrder(orderId, { status: OrderStatus.PARTIAL });
    expect((await act(operator, `orders/${orderId}/cancel`)).statusCode).toBe(409);
    expect(await pointOf(t.app, member.accountId)).toBeLessThan(1_000_000);
    expect(await auditOf('order', orderId)).toEqual([]);

    const unknown = await act(operator, `orders/999999/cancel`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.ORDER_NOT_FOUND);
    expect((await act(operator, `orders/99999999999999999999/cancel`)).statusCode).toBe(400);
    expect((await act(operator, `orders/abc/cancel`)).statusCode).toBe(400);
    expect((await act(operator, `orders/0/cancel`)).statusCode).toBe(400);
    expect((await act(operator, `orders/${orderId}/cancel`, { memo: 'a\u0000b' })).statusCode).toBe(400);
    expect((await act(operator, `orders/${orderId}/cancel`, { memo: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await act(member, `orders/${orderId}/cancel`)).statusCode).toBe(403);
  });
});

describe(`operator partial completion on ${testDatabaseKind}`, () => {
  it('marks an open order partial and refunds the price of the remains, once; the same remains again is a no-op', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    // 100 units at 1.234 won cost ⌈123.4⌉ = 124; the 60 delivered are worth ⌈74.04⌉ = 75, so the 40
    // undelivered give back 124 − 75 = 49 (rounding the delivered part down would give back 50).
    const { member, orderId, cost } = await memberWithOrder(100, 1_234);
    expect(cost).toBe(124);
    await tick();
    const refund = 49;
    const response = await act(operator, `orders/${orderId}/partial`, { remains: 40, memo: '40개 미처리' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderActionResponse>()).toMatchObject({
      changed: true,
      refunded: refund,
      order: { status: OrderStatus.PARTIAL, remains: 40, refunded: refund },
    });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost + refund);
    expect(await refundsOf(`order:${orderId}`)).toMatchObject([{ delta: refund }]);
    expect(await auditOf('order', orderId)).toMatchObject([
      {
        action: 'order.partial',
        memo: '40개 미처리',
        before: { status: OrderStatus.PENDING, remains: null },
        after: { status: OrderStatus.PARTIAL, remains: 40 },
      },
    ]);

    const same = await act(operator, `orders/${orderId}/partial`, { remains: 40, memo: '' });
    expect(same.json<OrderActionResponse>()).toMatchObject({ changed: false, refunded: 0 });
    const other = await act(operator, `orders/${orderId}/partial`, { remains: 50, memo: '' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(m.PARTIAL_ALREADY);
    // The order is no longer asked about, so no provider status can refund it again.
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(31_000);
      await tick();
    }
    expect(await orderRow(orderId)).toMatchObject({
      status: OrderStatus.PARTIAL,
      refunded: refund,
      remains: 40,
    });
    expect(await refundsOf(`order:${orderId}`)).toHaveLength(1);
    expect(await auditOf('order', orderId)).toHaveLength(1);
    await moneyIsConsistent();
  });

  it('marks a COMPLETED order that fell short partial; a cancelled one is refused', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    // 1 of 100 delivered at 1.234 won: worth ⌈1.234⌉ = 2, so 124 − 2 = 122 goes back.
    const { member, orderId, cost } = await memberWithOrder(100, 1_234);
    await setOrder(orderId, {
      status: OrderStatus.COMPLETED,
      remains: 0,
      nextCheckAt: null,
      providerOrderId: '5',
    });
    const refund = 122;
    const response = await act(operator, `orders/${orderId}/partial`, { remains: 99, memo: '' });
    expect(response.json<OrderActionResponse>()).toMatchObject({ changed: true, refunded: refund });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost + refund);

    const other = await memberWithOrder(100);
    expect((await act(operator, `orders/${other.orderId}/cancel`)).statusCode).toBe(200);
    const cancelled = await act(operator, `orders/${other.orderId}/partial`, { remains: 10, memo: '' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(m.PARTIAL_NOT_ALLOWED);
  });

  it('after the worker refunded a provider Partial, only the same remains is accepted (no second refund)', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    // 70 of 100 delivered at 1.234 won: worth ⌈86.38⌉ = 87, so 124 − 87 = 37 goes back.
    const { orderId } = await memberWithOrder(100, 1_234);
    await tick();
    const provider = new GatedProvider({ status: 'Partial', startCount: 0, remains: 30 });
    provider.release();
    t.clock.advance(31_000);
    const worker = new OrderWorker(
      t.app.database.db,
      { clientFor: () => provider },
      t.app.services.catalog,
      t.clock,
      {
        statusRefreshSeconds: 30,
        maxSubmitAttempts: 3,
        batchSize: 50,
        secondsPerMinute: 60,
      },
    );
    expect((await worker.tick()).refunds).toBe(1);
    const refund = 37;
    expect(
      (await act(operator, `orders/${orderId}/partial`, { remains: 30, memo: '' })).json(),
    ).toMatchObject({
      changed: false,
    });
    expect((await act(operator, `orders/${orderId}/partial`, { remains: 31, memo: '' })).statusCode).toBe(
      409,
    );
    expect((await act(operator, `orders/${orderId}/cancel`)).statusCode).toBe(409);
    expect(await refundsOf(`order:${orderId}`)).toMatchObject([{ delta: refund }]);
  });

  it('two operators marking the same partial at once refund once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    // 75 of 100 delivered at 1.234 won: worth ⌈92.55⌉ = 93, so 124 − 93 = 31 goes back.
    const { member, orderId, cost } = await memberWithOrder(100, 1_234);
    const answers = await Promise.all([
      act(operator, `orders/${orderId}/partial`, { remains: 25, memo: '' }),
      act(operator, `orders/${orderId}/partial`, { remains: 25, memo: '' }),
    ]);
    expect(answers.map((a) => a.json<OrderActionResponse>().changed).sort()).toEqual([false, true]);
    const refund = 31;
    expect(await refundsOf(`order:${orderId}`)).toMatchObject([{ delta: refund }]);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost + refund);
  });

  it.each([
    [{ remains: 100, memo: '' }],
    [{ remains: 150, memo: '' }],
    [{ remains: 0, memo: '' }],
    [{ remains: -5, memo: '' }],
  ])('answers 400 with the rule’s message for %j', async (payload) => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { orderId } = await memberWithOrder(100);
    const response = await act(operator, `orders/${orderId}/partial`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(m.REMAINS_INVALID);
    expect((await orderRow(orderId)).status).toBe(OrderStatus.PENDING);
  });

  it.each([
    [{ remains: 1.5, memo: '' }],
    [{ remains: 1e20, memo: '' }],
    [{ remains: '10', memo: '' }],
    [{ memo: '' }],
    [{ remains: 10, memo: '\u0000' }],
  ])('answers 400 for %j', async (payload) => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { orderId } = await memberWithOrder(100);
    expect((await act(operator, `orders/${orderId}/partial`, payload)).statusCode).toBe(400);
  });
});

describe(`operator resend on ${testDatabaseKind}`, () => {
  it('resends an order whose submissions failed: the next tick sends it', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId, cost } = await memberWithOrder();
    t.app.services.simulatedProvider.setFault('http500');
    await tick();
    const failed = await orderRow(orderId);
    expect(failed).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    t.app.services.simulatedProvider.setFault(null);
    // Backed off: the next tick right now would not try it.
    expect((await tick()).submitted).toBe(0);

    const response = await act(operator, `orders/${orderId}/resend`, { memo: '공급사 복구' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderActionResponse>()).toMatchObject({
      changed: true,
      refunded: 0,
      order: { attempts: 0, lastError: null, status: OrderStatus.PENDING },
    });
    expect((await orderRow(orderId)).nextCheckAt).toEqual(t.clock.now());
    expect(await auditOf('order', orderId)).toMatchObject([
      {
        action: 'order.resend',
        memo: '공급사 복구',
        before: { attempts: 1 },
        after: { attempts: 0, lastError: null },
      },
    ]);
    // Asked again before the tick: it is already due, nothing is written.
    expect((await act(operator, `orders/${orderId}/resend`)).json<OrderActionResponse>().changed).toBe(false);
    expect(await auditOf('order', orderId)).toHaveLength(1);

    expect((await tick()).submitted).toBe(1);
    expect((await orderRow(orderId)).providerOrderId).not.toBeNull();
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost);
    // Now the provider has it: no second resend.
    const atProvider = await act(operator, `orders/${orderId}/resend`);
    expect(atProvider.statusCode).toBe(409);
    expect(atProvider.json().message).toBe(m.RESEND_AT_PROVIDER);
  });

  it('refuses to resend an order the worker gave up on (already cancelled and refunded)', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId } = await memberWithOrder();
    // The provider refuses it: surely not taken, so the worker cancels and refunds it.
    t.app.services.simulatedProvider.setFault('json-error');
    await tick();
    expect((await orderRow(orderId)).status).toBe(OrderStatus.CANCELED);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
    const response = await act(operator, `orders/${orderId}/resend`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(m.RESEND_REFUNDED);
  });

  it('refuses a completed order and one a worker is sending right now', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { orderId } = await memberWithOrder();
    await setOrder(orderId, { leasedUntil: new Date(t.clock.now().getTime() + 120_000) });
    for (const action of ['resend', 'cancel']) {
      const leased = await act(operator, `orders/${orderId}/${action}`);
      expect(leased.statusCode).toBe(409);
      expect(leased.json().message).toBe('전송 중인 주문입니다. 잠시 후 다시 시도해주세요.');
    }
    expect((await act(operator, `orders/${orderId}/partial`, { remains: 5, memo: '' })).statusCode).toBe(409);
    expect(await auditOf('order', orderId)).toEqual([]);
    expect(await refundsOf(`order:${orderId}`)).toEqual([]);
    await setOrder(orderId, { leasedUntil: null, status: OrderStatus.COMPLETED });
    expect((await act(operator, `orders/${orderId}/resend`)).json().message).toBe(m.RESEND_FINAL);
  });
});

describe(`operator auto-order cancel on ${testDatabaseKind}`, () => {
  async function autoOrder() {
    const member = await createMember(t.app, { point: 1_000_000 });
    const s = await demoService(true);
    const placed = await place(member, {
      serviceId: s.id,
      // A link each: an open order of the service for the link refuses the next (ORDER_OVERLAP).
      link: `https://youtube.com/watch?v=${(autoLinks += 1)}`,
      amount: s.min,
      runs: 3,
      interval: 60,
    });
    await tick(); // run 1 placed (and sent)
    return { member, service: s, ...placed };
  }

  it('stops an active auto-order and refunds the runs not placed, once, with its audit entry', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, service, orderId: autoId, cost } = await autoOrder();
    const refund = cost - costOfUnitsWon(service.unitPriceMilli, service.min);
    const response = await act(operator, `auto-orders/${autoId}/cancel`, { memo: '회원 요청' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AutoOrderCancelResponse>()).toMatchObject({
      changed: true,
      refunded: refund,
      autoOrder: {
        id: autoId,
        status: AutoOrderStatus.CANCLED,
        refunded: refund,
        completed: 1,
        nextRunAt: null,
      },
    });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost + refund);
    expect(await refundsOf(`auto:${autoId}`)).toMatchObject([{ delta: refund }]);
    expect(await auditOf('auto-order', autoId)).toMatchObject([
      {
        action: 'auto-order.cancel',
        memo: '회원 요청',
        before: { status: AutoOrderStatus.ACTIVE },
        after: { status: AutoOrderStatus.CANCLED },
      },
    ]);
    // No more runs; again changes nothing; the member's own cancel finds nothing to do either.
    t.clock.advance(2 * 3600_000);
    expect((await tick()).autoOrderRuns).toBe(0);
    expect((await act(operator, `auto-orders/${autoId}/cancel`)).json()).toMatchObject({ changed: false });
    expect(await t.app.services.orderCancellation.cancelAutoOrder(member.accountId, autoId)).toEqual({
      cancelled: false,
      refunded: 0,
      refusal: 'not-active',
    });
    expect(await refundsOf(`auto:${autoId}`)).toHaveLength(1);
    expect(await auditOf('auto-order', autoId)).toHaveLength(1);
    await moneyIsConsistent();
  });

  it('raced twice refunds once; a finished one is refused; an unknown id is 404', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId: autoId } = await autoOrder();
    const answers = await Promise.all([
      act(operator, `auto-orders/${autoId}/cancel`),
      act(operator, `auto-orders/${autoId}/cancel`),
    ]);
    expect(answers.map((a) => a.json<AutoOrderCancelResponse>().changed).sort()).toEqual([false, true]);
    expect(await refundsOf(`auto:${autoId}`)).toHaveLength(1);

    const other = await autoOrder();
    await t.app.database.db
      .update(autoOrders)
      .set({ status: AutoOrderStatus.COMPLETED, nextRunAt: null })
      .where(eq(autoOrders.id, other.orderId));
    const finished = await act(operator, `auto-orders/${other.orderId}/cancel`);
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toBe(m.AUTO_CANCEL_FINAL);
    const unknown = await act(operator, 'auto-orders/999999/cancel');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.AUTO_ORDER_NOT_FOUND);
    expect((await act(member, `auto-orders/${autoId}/cancel`)).statusCode).toBe(403);
    await moneyIsConsistent();
  });

  it('a run marked partial shows on its auto-order, and stopping it later still adds up within the cost', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, service, orderId: autoId, cost } = await autoOrder();
    const [run] = await t.app.database.db.select().from(orders).where(eq(orders.autoOrderId, autoId));
    const remains = Math.floor(service.min / 2);
    const partial = await act(operator, `orders/${run!.id}/partial`, { remains, memo: '' });
    expect(partial.statusCode, partial.body).toBe(200);
    const runRefund = partial.json<OrderActionResponse>().refunded;
    // The run's cost less what its delivered units are worth (rounded up).
    expect(runRefund).toBe(run!.cost - costOfUnitsWon(run!.unitPriceMilli, run!.amount - remains));
    expect(runRefund).toBeGreaterThan(0);
    const [afterRun] = await t.app.database.db.select().from(autoOrders).where(eq(autoOrders.id, autoId));
    expect(afterRun!.refunded).toBe(runRefund);
    const stopped = await act(operator, `auto-orders/${autoId}/cancel`);
    const rest = cost - costOfUnitsWon(service.unitPriceMilli, service.min);
    expect(stopped.json<AutoOrderCancelResponse>()).toMatchObject({
      refunded: rest,
      autoOrder: { refunded: runRefund + rest },
    });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost + runRefund + rest);
    await moneyIsConsistent();
  });
});

/** A provider whose status answer waits until the test lets it through (a worker slower than its lease). */
class GatedProvider extends FakeProvider {
  ids: string[] = [];
  private opened!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.opened = resolve));
  private announce!: () => void;
  readonly asked = new Promise<void>((resolve) => (this.announce = resolve));

  constructor(private readonly answer: ProviderOrderStatus) {
    super();
  }

  release() {
    this.opened();
  }
  override async statuses(ids: string[]) {
    this.ids = ids;
    this.announce();
    await this.gate;
    return new Map(ids.map((id) => [id, this.answer] as const));
  }
  override async balance() {
    return { balance: '0', currency: 'KRW' };
  }
  async services() {
    return [];
  }
}
