import { CANCEL_REQUESTED_LABEL, ORDER_CANCEL_MESSAGES as C, OrderStatus } from '@smm/domain';
import type { OrderHistoryItem } from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoOrders, orders, pointLedger, services } from '../../db/schema';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../../test/factories';
import { catalogService, placeAutoOrder, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

/** docs/product.md#refill-and-cancellation: the member's cancellation of orders and auto-orders. */
const t = useTestApp();

/** The catalog helper's service (100 won a unit), its `cancellable` set as an operator's edit would. */
async function serviceWith(cancellable: boolean, options: { enableAuto?: boolean } = {}) {
  const service = await catalogService(t.app, { unitPriceMilli: 100_000, ...options });
  await t.app.database.db.update(services).set({ cancellable }).where(eq(services.id, service.id));
  await t.app.services.catalog.changed();
  return service;
}

async function post(member: TestMember, url: string) {
  return t.app.inject({ method: 'POST', url, headers: bearer(await tokenFor(t.app, member)) });
}

async function historyItem(member: TestMember, id: number): Promise<OrderHistoryItem | undefined> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/service/order-history',
    headers: bearer(await tokenFor(t.app, member)),
  });
  return (response.json() as { items: OrderHistoryItem[] }).items.find((item) => item.id === id);
}

const tick = () => t.app.services.worker.tick();
const refundsOf = async (orderId: number) =>
  t.app.database.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.reason, 'REFUND'), eq(pointLedger.reference, `order:${orderId}`)));

let links = 0;
const nextLink = () => `https://instagram.com/p/cancel-${(links += 1)}`;

describe(`POST /service/order/:id/cancel on ${testDatabaseKind}`, () => {
  it('cancels an order not yet at its provider and refunds it in full at once; again is refused as final', async () => {
    const service = await serviceWith(true);
    const member = await createMember(t.app, { point: 100_000 });
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: nextLink(),
      amount: 100,
    });
    expect(await pointOf(t.app, member.accountId)).toBe(90_000); // 100 × 100 won

    const response = await post(member, `/service/order/${orderId}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'cancelled',
      refunded: 10_000,
      message: '주문을 취소했습니다. ₩10,000이 환불되었습니다.',
    });
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: OrderStatus.CANCELED, refunded: 10_000 });

    const again = await post(member, `/service/order/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_CANCEL_REFUSED', message: C.FINAL });
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
  });

  it('refuses an order of a service that is not cancellable, and answers another member 404', async () => {
    const service = await serviceWith(false);
    const member = await createMember(t.app, { point: 100_000 });
    const stranger = await createMember(t.app);
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: nextLink(),
      amount: 100,
    });

    const refused = await post(member, `/service/order/${orderId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_CANCEL_REFUSED', message: C.NOT_CANCELLABLE });
    expect((await post(stranger, `/service/order/${orderId}/cancel`)).statusCode).toBe(404);
    expect((await post(member, `/service/order/2147483647/cancel`)).statusCode).toBe(404);
    expect(await pointOf(t.app, member.accountId)).toBe(90_000);
    expect(await historyItem(member, orderId)).toMatchObject({ canCancel: false, cancelRequested: false });
  });

  it('asks the provider for one it has: nothing is refunded until its status says Canceled, then once', async () => {
    const service = await serviceWith(true);
    const member = await createMember(t.app, { point: 100_000 });
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: nextLink(),
      amount: 100,
    });
    await tick(); // sent: the provider has it, Pending
    expect(await historyItem(member, orderId)).toMatchObject({ canCancel: true, cancelRequested: false });

    const response = await post(member, `/service/order/${orderId}/cancel`);
    expect(response.json()).toEqual({ outcome: 'requested', refunded: 0, message: C.REQUESTED });
    const [asked] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(asked?.cancelRequestedAt).toEqual(t.clock.now());
    expect(asked?.status).toBe(OrderStatus.PENDING);
    expect(await pointOf(t.app, member.accountId)).toBe(90_000);
    // 취소 요청됨 (CANCEL_REQUESTED_LABEL) shows, and no second request may be made.
    expect(CANCEL_REQUESTED_LABEL).toBe('취소 요청됨');
    expect(await historyItem(member, orderId)).toMatchObject({ canCancel: false, cancelRequested: true });
    const again = await post(member, `/service/order/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: C.ALREADY_REQUESTED });

    t.clock.advance(31_000);
    await tick(); // the refresh reads Canceled: refunded in full, once
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
    t.clock.advance(31_000);
    await tick();
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(await historyItem(member, orderId)).toMatchObject({
      status: OrderStatus.CANCELED,
      canCancel: false,
      cancelRequested: false,
    });
  });

  it('the member, the worker, an operator and a repeated request racing refund the order at most its cost, once', async () => {
    const service = await serviceWith(true);
    const operator = await createMember(t.app, { role: 'admin' });
    const opHeaders = bearer(await tokenFor(t.app, operator));
    for (let round = 0; round < 4; round += 1) {
      const member = await createMember(t.app, { point: 100_000 });
      const { orderId } = await placeOrder(t.app, member, {
        serviceId: service.id,
        link: nextLink(),
        amount: 100,
      });
      await tick();
      t.clock.advance(31_000);
      await Promise.all([
        post(member, `/service/order/${orderId}/cancel`),
        post(member, `/service/order/${orderId}/cancel`),
        tick(),
        round % 2 === 0
          ? t.app.inject({
              method: 'POST',
              url: `/admin/api/orders/${orderId}/cancel`,
              headers: opHeaders,
              payload: { memo: '경합 확인' },
            })
          : Promise.resolve(),
      ]);
      t.clock.advance(31_000);
      await tick();
      t.clock.advance(31_000);
      await tick();
      const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row!.refunded).toBeLessThanOrEqual(row!.cost);
      expect((await refundsOf(orderId)).length).toBeLessThanOrEqual(1);
      expect(await pointOf(t.app, member.accountId)).toBe(90_000 + row!.refunded);
      if (row!.status === OrderStatus.CANCELED) expect(row!.refunded).toBe(10_000);
    }
    for (const account of await balancesAndLedgerSums(t.app)) expect(account.point).toBe(account.ledger);
  });
});

describe(`POST /service/auto-order/:id/cancel on ${testDatabaseKind}`, () => {
  it('stops an ACTIVE auto-order of a cancellable service and refunds the runs not yet placed, once', async () => {
    const service = await serviceWith(true, { enableAuto: true });
    const member = await createMember(t.app, { point: 100_000 });
    const stranger = await createMember(t.app);
    const { orderId: autoId } = await placeAutoOrder(t.app, member, {
      serviceId: service.id,
      link: nextLink(),
      amount: 100,
      runs: 3,
      interval: 60,
    });
    await tick(); // the first run is placed (10,000 won of the 30,000)
    expect((await post(stranger, `/service/auto-order/${autoId}/cancel`)).statusCode).toBe(404);

    const response = await post(member, `/service/auto-order/${autoId}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      refunded: 20_000,
      message: '주문을 취소했습니다. ₩20,000이 환불되었습니다.',
    });
    expect(await pointOf(t.app, member.accountId)).toBe(90_000);
    const again = await post(member, `/service/auto-order/${autoId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_CANCEL_REFUSED', message: C.AUTO_NOT_ACTIVE });
    expect(await pointOf(t.app, member.accountId)).toBe(90_000);
  });

  it('refuses an auto-order of a service that is not cancellable', async () => {
    const service = await serviceWith(false, { enableAuto: true });
    const member = await createMember(t.app, { point: 100_000 });
    const { orderId: autoId } = await placeAutoOrder(t.app, member, {
      serviceId: service.id,
      link: nextLink(),
      amount: 100,
      runs: 2,
      interval: 60,
    });
    const response = await post(member, `/service/auto-order/${autoId}/cancel`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: C.NOT_CANCELLABLE });
    const [row] = await t.app.database.db.select().from(autoOrders).where(eq(autoOrders.id, autoId));
    expect(row?.status).toBe(0);
    expect(await pointOf(t.app, member.accountId)).toBe(80_000);
  });
});
