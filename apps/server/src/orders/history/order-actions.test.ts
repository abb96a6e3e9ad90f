import { AutoOrderStatus, OrderStatus, RefillStatus } from '@smm/domain';
import type { AutoOrderHistoryItem, OrderHistoryItem } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoOrders, orderRefills, orders, services } from '../../db/schema';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, placeAutoOrder, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { orderActions } from './order-history';
import type { OrderRow } from '../orders.repository';
import type { NewestRefill } from './history.repository';

/** docs/product.md#refill-and-cancellation: what the history's buttons show, row by row. */
const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

async function history<T>(member: TestMember, path: string): Promise<T[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    headers: bearer(await tokenFor(t.app, member)),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: T[] }).items;
}

describe('orderActions (each flag exactly when the rules say)', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  const base = {
    status: OrderStatus.COMPLETED,
    finishedAt: new Date(now.getTime() - DAY),
    providerId: 1,
    providerOrderId: 'p-1',
    cancelRequestedAt: null,
  } as unknown as OrderRow;
  const service = { refillDays: 30, cancellable: true };
  const refill = (status: RefillStatus, ageMs: number) =>
    ({ status, createdAt: new Date(now.getTime() - ageMs) }) as NewestRefill;

  it('canRefill: a finished order of a refillable service with a provider, in its window, no open refill, once a day', () => {
    expect(orderActions(base, service, undefined, now).canRefill).toBe(true);
    expect(orderActions({ ...base, status: OrderStatus.PARTIAL }, service, undefined, now).canRefill).toBe(
      true,
    );
    expect(orderActions({ ...base, status: OrderStatus.INPROGRESS }, service, undefined, now).canRefill).toBe(
      false,
    );
    expect(orderActions({ ...base, status: OrderStatus.CANCELED }, service, undefined, now).canRefill).toBe(
      false,
    );
    expect(orderActions(base, { ...service, refillDays: 0 }, undefined, now).canRefill).toBe(false);
    expect(
      orderActions({ ...base, finishedAt: new Date(now.getTime() - 31 * DAY) }, service, undefined, now)
        .canRefill,
    ).toBe(false);
    expect(orderActions({ ...base, providerOrderId: null }, service, undefined, now).canRefill).toBe(false);
    expect(orderActions(base, service, refill(RefillStatus.INPROGRESS, 2 * DAY), now).canRefill).toBe(false);
    expect(orderActions(base, service, refill(RefillStatus.COMPLETED, DAY / 2), now).canRefill).toBe(false);
    expect(orderActions(base, service, refill(RefillStatus.COMPLETED, 2 * DAY), now).canRefill).toBe(true);
  });

  it('canCancel and cancelRequested: an open order of a cancellable service, until its provider was asked', () => {
    const open = { ...base, status: OrderStatus.INPROGRESS, finishedAt: null };
    expect(orderActions(open, service, undefined, now)).toMatchObject({
      canCancel: true,
      cancelRequested: false,
    });
    expect(orderActions(open, { ...service, cancellable: false }, undefined, now).canCancel).toBe(false);
    expect(orderActions(base, service, undefined, now).canCancel).toBe(false);
    const asked = { ...open, cancelRequestedAt: now };
    expect(orderActions(asked, service, undefined, now)).toMatchObject({
      canCancel: false,
      cancelRequested: true,
    });
    // Once final, 취소 요청됨 is no longer shown.
    expect(
      orderActions({ ...asked, status: OrderStatus.CANCELED }, service, undefined, now).cancelRequested,
    ).toBe(false);
  });
});

describe(`the histories' actions on ${testDatabaseKind}`, () => {
  it('GET /service/order-history answers each row its actions and newest refill', async () => {
    const service = await catalogService(t.app);
    await t.app.database.db
      .update(services)
      .set({ refillDays: 30, cancellable: true })
      .where(eq(services.id, service.id));
    await t.app.services.catalog.changed();
    const member = await createMember(t.app, { point: 1_000_000 });
    const open = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://x.com/a/1',
      amount: 100,
    });
    const done = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://x.com/a/2',
      amount: 100,
    });
    // The second order finished at its provider a day ago (status and time are this test's subject).
    await t.app.database.db
      .update(orders)
      .set({
        status: OrderStatus.COMPLETED,
        providerOrderId: 'sim-1',
        finishedAt: new Date(t.clock.now().getTime() - DAY),
        nextCheckAt: null,
      })
      .where(eq(orders.id, done.orderId));

    let items = await history<OrderHistoryItem>(member, '/service/order-history');
    expect(items.find((i) => i.id === open.orderId)).toMatchObject({
      canCancel: true,
      canRefill: false,
      cancelRequested: false,
      refill: null,
    });
    expect(items.find((i) => i.id === done.orderId)).toMatchObject({
      canCancel: false,
      canRefill: true,
      refill: null,
    });

    const [refill] = await t.app.database.db
      .insert(orderRefills)
      .values({ orderId: done.orderId, accountId: member.accountId, status: RefillStatus.PENDING })
      .returning();
    items = await history<OrderHistoryItem>(member, '/service/order-history');
    expect(items.find((i) => i.id === done.orderId)).toMatchObject({
      canRefill: false,
      refill: { id: refill!.id, orderId: done.orderId, status: RefillStatus.PENDING, reason: null },
    });
  });

  it('GET /service/auto-order-history: canCancel only while ACTIVE and the service is cancellable', async () => {
    const service = await catalogService(t.app, { enableAuto: true });
    const member = await createMember(t.app, { point: 1_000_000 });
    const setCancellable = async (cancellable: boolean) => {
      await t.app.database.db.update(services).set({ cancellable }).where(eq(services.id, service.id));
      await t.app.services.catalog.changed();
    };
    const { orderId } = await placeAutoOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://x.com/auto/1',
      amount: service.min,
      runs: 2,
      interval: 60,
    });
    const canCancel = async () =>
      (await history<AutoOrderHistoryItem>(member, '/service/auto-order-history')).find(
        (i) => i.id === orderId,
      )?.canCancel;
    await setCancellable(true);
    expect(await canCancel()).toBe(true);
    await setCancellable(false);
    expect(await canCancel()).toBe(false);
    await setCancellable(true);
    await t.app.database.db
      .update(autoOrders)
      .set({ status: AutoOrderStatus.COMPLETED })
      .where(eq(autoOrders.id, orderId));
    expect(await canCancel()).toBe(false);
  });
});
