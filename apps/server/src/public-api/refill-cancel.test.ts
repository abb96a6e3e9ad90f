import {
  formatWon,
  ORDER_CANCEL_MESSAGES,
  ORDER_OVERLAP_V2_ERROR,
  OrderStatus,
  REFILL_MESSAGES,
  RefillStatus,
} from '@smm/domain';
import { v2Response } from '@smm/domain/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefills, orders, services } from '../db/schema';
import { createMember, pointOf, type TestMember } from '../test/factories';
import { catalogService, placeAutoOrder, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();

const link = (n: number | string) => `https://www.instagram.com/p/refill${n}/`;
const withKey = (member: TestMember) => ({ 'api-key': member.apiKey! });

/** A demo service with the given refill window and cancellability (docs/product.md#refill-and-cancellation). */
async function serviceWith(options: {
  refillDays: number;
  cancellable: boolean;
  skip?: number;
  enableAuto?: boolean;
}) {
  const service = await catalogService(t.app, { skip: options.skip, enableAuto: options.enableAuto });
  await t.app.database.db
    .update(services)
    .set({ refillDays: options.refillDays, cancellable: options.cancellable })
    .where(eq(services.id, service.id));
  await t.app.services.catalog.changed();
  return service;
}

const orderRows = (ids: number[]) => t.app.database.db.select().from(orders).where(inArray(orders.id, ids));

/** The background loop sends the orders to the simulated provider and follows them until they end. */
async function finish(ids: number[]) {
  for (let round = 0; round < 10; round += 1) {
    await t.app.services.worker.tick();
    t.clock.advance(31_000);
    const rows = await orderRows(ids);
    if (rows.every((row) => row.status === OrderStatus.COMPLETED || row.status === OrderStatus.PARTIAL))
      return;
  }
  throw new Error(`orders ${ids.join(',')} did not finish: ${JSON.stringify(await orderRows(ids))}`);
}

/** `count` orders of `serviceId` by `member`, each for its own link, finished by the provider. */
async function finishedOrders(member: TestMember, serviceId: number, count: number, from = 0) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push((await placeOrder(t.app, member, { serviceId, link: link(from + i), amount: 100 })).orderId);
  }
  await finish(ids);
  return ids;
}

const rest = {
  refill: (member: TestMember, wId: number | string, headers = withKey(member)) =>
    t.app.inject({ method: 'POST', url: `/api/refill/${wId}`, headers }),
  refillStatus: (member: TestMember, refillId: number | string, headers = withKey(member)) =>
    t.app.inject({ method: 'GET', url: `/api/refill/${refillId}`, headers }),
  cancel: (member: TestMember, wId: number | string, headers = withKey(member)) =>
    t.app.inject({ method: 'POST', url: `/api/cancel/${wId}`, headers }),
};

/** One v2 call as form fields, the answer checked against the documented shapes. */
async function v2(member: TestMember | { apiKey: string }, params: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ key: member.apiKey!, ...params }).toString(),
  });
  expect(response.statusCode).toBe(200);
  return v2Response.parse(response.json());
}

const refillRow = async (id: number) =>
  (await t.app.database.db.select().from(orderRefills).where(eq(orderRefills.id, id)))[0];

describe(`REST refill on ${testDatabaseKind}`, () => {
  it('POST /api/refill/{wId} asks for a refill of a finished order; GET /api/refill/{id} follows it', async () => {
    const service = await serviceWith({ refillDays: 30, cancellable: true });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const [wId] = await finishedOrders(member, service.id, 1);
    const before = await pointOf(t.app, member.accountId);

    const asked = await rest.refill(member, wId!);
    expect(asked.statusCode).toBe(200);
    const { refill } = asked.json() as { refill: number };
    expect(asked.json()).toEqual({ refill, wId, status: 'Pending', reason: null });
    expect(await refillRow(refill)).toMatchObject({
      orderId: wId,
      accountId: member.accountId,
      status: RefillStatus.PENDING,
      source: 'api',
    });
    // Refills move no money.
    expect(await pointOf(t.app, member.accountId)).toBe(before);

    expect((await rest.refillStatus(member, refill)).json()).toEqual({
      refill,
      wId,
      status: 'Pending',
      reason: null,
    });
    // Each state in the trade's words; a rejection carries the provider's reason.
    for (const [status, text, reason] of [
      [RefillStatus.INPROGRESS, 'In progress', null],
      [RefillStatus.COMPLETED, 'Completed', null],
      [RefillStatus.REJECTED, 'Rejected', 'Refill is disabled for this order'],
    ] as const) {
      await t.app.database.db.update(orderRefills).set({ status, reason }).where(eq(orderRefills.id, refill));
      const response = await rest.refillStatus(member, refill);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ refill, wId, status: text, reason });
    }
  });

  it("refuses what the site refuses, with the site's Korean message (409), and writes nothing", async () => {
    const refillable = await serviceWith({ refillDays: 30, cancellable: true });
    const plain = await serviceWith({ refillDays: 0, cancellable: true, skip: 1 });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const [done] = await finishedOrders(member, refillable.id, 1);
    const [notRefillable] = await finishedOrders(member, plain.id, 1, 10);
    const { orderId: open } = await placeOrder(t.app, member, {
      serviceId: refillable.id,
      link: link('open'),
      amount: 100,
    });

    expect((await rest.refill(member, done!)).statusCode).toBe(200);
    for (const [wId, message] of [
      [done!, REFILL_MESSAGES.ALREADY_OPEN],
      [notRefillable!, REFILL_MESSAGES.NOT_REFILLABLE],
      [open, REFILL_MESSAGES.NOT_ELIGIBLE],
    ] as const) {
      const response = await rest.refill(member, wId);
      expect(response.statusCode, String(wId)).toBe(409);
      expect(response.json(), String(wId)).toEqual({ message, code: 'REFILL_REFUSED' });
    }
    expect(await t.app.database.db.select().from(orderRefills)).toHaveLength(1);
  });

  it("another member's order and refill read as unknown (404); malformed ids are 400", async () => {
    const service = await serviceWith({ refillDays: 30, cancellable: true });
    const owner = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const other = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const [wId] = await finishedOrders(owner, service.id, 1);
    const { refill } = (await rest.refill(owner, wId!)).json() as { refill: number };

    const foreignOrder = await rest.refill(other, wId!);
    const unknownOrder = await rest.refill(other, wId! + 1000);
    expect([foreignOrder.statusCode, unknownOrder.statusCode]).toEqual([404, 404]);
    expect(foreignOrder.json()).toEqual(unknownOrder.json());
    expect(foreignOrder.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });

    const foreignRefill = await rest.refillStatus(other, refill);
    const unknownRefill = await rest.refillStatus(other, refill + 1000);
    expect([foreignRefill.statusCode, unknownRefill.statusCode]).toEqual([404, 404]);
    expect(foreignRefill.json()).toEqual(unknownRefill.json());
    expect(await t.app.database.db.select().from(orderRefills)).toHaveLength(1);

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await rest.refill(owner, bad)).statusCode, bad).toBe(400);
      expect((await rest.refillStatus(owner, bad)).statusCode, bad).toBe(400);
      expect((await rest.cancel(owner, bad)).statusCode, bad).toBe(400);
    }
  });

  it('a missing or wrong key is 401 on refill, refill status and cancel, before anything is written', async () => {
    const service = await serviceWith({ refillDays: 30, cancellable: true });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: link(1),
      amount: 100,
    });
    const before = await pointOf(t.app, member.accountId);
    for (const headers of [{}, { 'api-key': `${member.apiKey}x` }, { 'api-key': '' }]) {
      for (const call of [rest.refill, rest.refillStatus, rest.cancel]) {
        const response = await call(member, orderId, headers as ReturnType<typeof withKey>);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'API_KEY_INVALID' });
      }
    }
    expect(await pointOf(t.app, member.accountId)).toBe(before);
    expect((await orderRows([orderId]))[0]?.status).toBe(OrderStatus.PENDING);
  });
});

describe(`REST cancel on ${testDatabaseKind}`, () => {
  it('an order not yet at its provider is cancelled and refunded now; again is refused with the site’s words', async () => {
    const service = await serviceWith({ refillDays: 0, cancellable: true });
    const member = await createMember(t.app, { apiKey: true, point: 100_000 });
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: link(1),
      amount: 100,
    });
    const [row] = await orderRows([orderId]);
    const before = await pointOf(t.app, member.accountId);

    const response = await rest.cancel(member, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      wId: orderId,
      outcome: 'cancelled',
      refunded: row!.cost,
      message: ORDER_CANCEL_MESSAGES.CANCELLED(formatWon(row!.cost)),
    });
    expect(await pointOf(t.app, member.accountId)).toBe(before + row!.cost);
    expect((await orderRows([orderId]))[0]?.status).toBe(OrderStatus.CANCELED);

    const again = await rest.cancel(member, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ORDER_CANCEL_MESSAGES.FINAL, code: 'ORDER_CANCEL_REFUSED' });
    expect(await pointOf(t.app, member.accountId)).toBe(before + row!.cost);
  });

  it('an order at its provider is asked of it: requested, nothing refunded until the provider says Canceled', async () => {
    const service = await serviceWith({ refillDays: 0, cancellable: true });
    const member = await createMember(t.app, { apiKey: true, point: 100_000 });
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: link(1),
      amount: 100,
    });
    await t.app.services.worker.tick(); // sent: the simulated provider has it as Pending
    const [sent] = await orderRows([orderId]);
    expect(sent?.providerOrderId).not.toBeNull();
    const before = await pointOf(t.app, member.accountId);

    const response = await rest.cancel(member, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      wId: orderId,
      outcome: 'requested',
      refunded: 0,
      message: ORDER_CANCEL_MESSAGES.REQUESTED,
    });
    expect(await pointOf(t.app, member.accountId)).toBe(before);
    const again = await rest.cancel(member, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: ORDER_CANCEL_MESSAGES.ALREADY_REQUESTED,
      code: 'ORDER_CANCEL_REFUSED',
    });

    t.clock.advance(31_000);
    await t.app.services.worker.tick();
    expect(await pointOf(t.app, member.accountId)).toBe(before + sent!.cost);
  });

  it("refuses a service members may not cancel; another member's order is 404 like an unknown one", async () => {
    const fixed = await serviceWith({ refillDays: 0, cancellable: false });
    const owner = await createMember(t.app, { apiKey: true, point: 100_000 });
    const other = await createMember(t.app, { apiKey: true, point: 100_000 });
    const { orderId } = await placeOrder(t.app, owner, { serviceId: fixed.id, link: link(1), amount: 100 });
    const before = await pointOf(t.app, owner.accountId);

    const refused = await rest.cancel(owner, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: ORDER_CANCEL_MESSAGES.NOT_CANCELLABLE,
      code: 'ORDER_CANCEL_REFUSED',
    });
    const foreign = await rest.cancel(other, orderId);
    const unknown = await rest.cancel(other, orderId + 1000);
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(await pointOf(t.app, owner.accountId)).toBe(before);
    expect((await orderRows([orderId]))[0]?.status).toBe(OrderStatus.PENDING);
  });

  it('an auto-order is stopped by its id: the runs not yet placed are refunded', async () => {
    const service = await serviceWith({ refillDays: 0, cancellable: true, enableAuto: true });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const { orderId: autoId } = await placeAutoOrder(t.app, member, {
      serviceId: service.id,
      link: link(1),
      amount: service.min,
      runs: 3,
      interval: 60,
    });
    const before = await pointOf(t.app, member.accountId);
    const response = await rest.cancel(member, autoId);
    expect(response.statusCode).toBe(200);
    const { refunded } = response.json() as { refunded: number };
    expect(refunded).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      wId: autoId,
      outcome: 'cancelled',
      refunded,
      message: ORDER_CANCEL_MESSAGES.CANCELLED(formatWon(refunded)),
    });
    expect(await pointOf(t.app, member.accountId)).toBe(before + refunded);
    const again = await rest.cancel(member, autoId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: ORDER_CANCEL_MESSAGES.AUTO_NOT_ACTIVE,
      code: 'ORDER_CANCEL_REFUSED',
    });
  });
});

describe(`SMM API v2 refill and refill_status on ${testDatabaseKind}`, () => {
  it('refill with one order answers the refill id as a string; each refusal in the trade’s words', async () => {
    const refillable = await serviceWith({ refillDays: 30, cancellable: true });
    const plain = await serviceWith({ refillDays: 0, cancellable: true, skip: 1 });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const stranger = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const [done] = await finishedOrders(member, refillable.id, 1);
    const [notRefillable] = await finishedOrders(member, plain.id, 1, 10);
    const [foreign] = await finishedOrders(stranger, refillable.id, 1, 20);
    const { orderId: open } = await placeOrder(t.app, member, {
      serviceId: refillable.id,
      link: link('open'),
      amount: 100,
    });

    const answer = (await v2(member, { action: 'refill', order: String(done) })) as { refill: string };
    expect(answer).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    expect(await refillRow(Number(answer.refill))).toMatchObject({ orderId: done, source: 'api' });

    expect(await v2(member, { action: 'refill', order: String(done) })).toEqual({
      error: 'This order already has a refill in progress',
    });
    expect(await v2(member, { action: 'refill', order: String(notRefillable) })).toEqual({
      error: 'Refill is disabled for this service',
    });
    expect(await v2(member, { action: 'refill', order: String(open) })).toEqual({
      error: 'Refill is available only for completed or partial orders',
    });
    for (const id of [String(foreign), '99999', 'abc', '']) {
      expect(await v2(member, { action: 'refill', order: id }), id).toEqual({ error: 'Incorrect order ID' });
    }
    expect(await t.app.database.db.select().from(orderRefills)).toHaveLength(1);
  });

  it('refill with orders: one entry per id, the refill id or why not, good and bad mixed', async () => {
    const refillable = await serviceWith({ refillDays: 30, cancellable: true });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const stranger = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const [a, b] = await finishedOrders(member, refillable.id, 2);
    const [foreign] = await finishedOrders(stranger, refillable.id, 1, 20);

    const answer = (await v2(member, {
      action: 'refill',
      orders: [a, b, a, foreign, 99_999, 'abc'].join(','),
    })) as { order: number; refill: number | { error: string } }[];
    const rows = await t.app.database.db.select().from(orderRefills).orderBy(orderRefills.id);
    expect(rows.map((row) => row.orderId)).toEqual([a, b]);
    expect(answer).toEqual([
      { order: a, refill: rows[0]!.id },
      { order: b, refill: rows[1]!.id },
      { order: a, refill: { error: 'This order already has a refill in progress' } },
      { order: foreign, refill: { error: 'Incorrect order ID' } },
      { order: 99_999, refill: { error: 'Incorrect order ID' } },
    ]);
  });

  it('refill_status with one refill or several: the trade’s status words, unknown and foreign ids refused', async () => {
    const refillable = await serviceWith({ refillDays: 30, cancellable: true });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const stranger = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const [a, b] = await finishedOrders(member, refillable.id, 2);
    const [c] = await finishedOrders(stranger, refillable.id, 1, 20);
    const refillOf = async (owner: TestMember, order: number) =>
      Number(((await v2(owner, { action: 'refill', order: String(order) })) as { refill: string }).refill);
    const first = await refillOf(member, a!);
    const second = await refillOf(member, b!);
    const foreign = await refillOf(stranger, c!);

    expect(await v2(member, { action: 'refill_status', refill: String(first) })).toEqual({
      status: 'Pending',
    });
    await t.app.database.db
      .update(orderRefills)
      .set({ status: RefillStatus.COMPLETED })
      .where(eq(orderRefills.id, first));
    await t.app.database.db
      .update(orderRefills)
      .set({ status: RefillStatus.REJECTED, reason: 'Refill is disabled for this order' })
      .where(eq(orderRefills.id, second));
    expect(await v2(member, { action: 'refill_status', refill: String(first) })).toEqual({
      status: 'Completed',
    });
    for (const id of [String(foreign), '99999', 'abc', '']) {
      expect(await v2(member, { action: 'refill_status', refill: id }), id).toEqual({
        error: 'Incorrect refill ID',
      });
    }

    expect(
      await v2(member, { action: 'refill_status', refills: [first, second, foreign, 99_999, 'x'].join(',') }),
    ).toEqual([
      { refill: first, status: 'Completed' },
      { refill: second, status: 'Rejected' },
      { refill: foreign, status: { error: 'Incorrect refill ID' } },
      { refill: 99_999, status: { error: 'Incorrect refill ID' } },
    ]);
  });

  it('at most 100 ids per request; a wrong key is refused before anything is read', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000 });
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect(await v2(member, { action: 'refill', orders: ids(101) })).toEqual({
      error: 'Maximum 100 order IDs per request',
    });
    expect(await v2(member, { action: 'refill_status', refills: ids(101) })).toEqual({
      error: 'Maximum 100 refill IDs per request',
    });
    // 100 is allowed: every one unknown to this member.
    const hundred = (await v2(member, { action: 'refill', orders: ids(100) })) as unknown[];
    expect(hundred).toHaveLength(100);
    expect(hundred[0]).toEqual({ order: 1, refill: { error: 'Incorrect order ID' } });
    expect(await v2(member, { action: 'refill', orders: '' })).toEqual({ error: 'Incorrect request' });

    for (const key of ['smm_nope', '']) {
      expect(await v2({ apiKey: key }, { action: 'refill', order: '1' })).toEqual({
        error: 'Invalid API key',
      });
      expect(await v2({ apiKey: key }, { action: 'refill_status', refill: '1' })).toEqual({
        error: 'Invalid API key',
      });
    }
    expect(await t.app.database.db.select().from(orderRefills)).toHaveLength(0);
  });
});

describe(`SMM API v2 add of an overlapping order on ${testDatabaseKind}`, () => {
  it('reads as the trade’s "You have active order with this link" while the first is open', async () => {
    const service = await catalogService(t.app);
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const add = () =>
      v2(member, {
        action: 'add',
        service: String(service.id),
        link: link(1),
        quantity: String(service.min),
      });
    expect(await add()).toEqual({ order: expect.any(Number) });
    const before = await pointOf(t.app, member.accountId);
    expect(await add()).toEqual({ error: ORDER_OVERLAP_V2_ERROR });
    expect(ORDER_OVERLAP_V2_ERROR).toBe(
      'You have active order with this link. Please wait until order being completed.',
    );
    expect(await pointOf(t.app, member.accountId)).toBe(before);
  });
});
