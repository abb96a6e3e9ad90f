import { ADMIN_REFILL_MESSAGES, OrderStatus, REFILL_MESSAGES, RefillStatus } from '@smm/domain';
import type {
  AdminMemberDetailResponse,
  AdminOrdersResponse,
  AdminRefillsResponse,
  RefillActionResponse,
} from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderRefills, orders, services } from '../../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
const m = ADMIN_REFILL_MESSAGES;

/**
 * A member's order of 100 units of a service with a 30-day refill window, placed through the order
 * service, accepted by the simulated provider on the worker's tick and marked 부분 완료 by the
 * operator's action (a refill is asked of a finished order: docs/product.md#refill-and-cancellation).
 */
async function finishedOrder(operator: TestMember, member: TestMember, link = 'https://instagram.com/p/a') {
  const s = await catalogService(t.app, { enableAuto: false, refillDays: 30 });
  const { orderId } = await placeOrder(t.app, member, { serviceId: s.id, link, amount: 100 });
  await t.app.services.worker.tick();
  const partial = await post(operator, `orders/${orderId}/partial`, { remains: 10, memo: '' });
  expect(partial.statusCode, partial.body).toBe(200);
  return orderId;
}

/**
 * The member's refill request through RefillRequests (PENDING, due now), then — when `state` is given —
 * set to the state under test (REJECTED with the provider's reason, PENDING stuck in retries, a worker's
 * lease …): those states are the subject here, reached by the refill worker in its own tests. The rule
 * of one request per order a day holds, so a second refill of one order comes a day later.
 */
async function askRefill(
  member: TestMember,
  orderId: number,
  state: Partial<typeof orderRefills.$inferInsert> = {},
) {
  const refill = await t.app.services.refills.request(member.accountId, orderId, 'member');
  if (Object.keys(state).length > 0) {
    await t.app.database.db.update(orderRefills).set(state).where(eq(orderRefills.id, refill.id));
  }
  return refillRow(refill.id);
}

const nextDay = () => t.clock.advance(24 * 60 * 60_000 + 1_000);

async function post(operator: TestMember, path: string, payload: object = { memo: '고객 문의' }) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/${path}`,
    headers: bearer(await tokenFor(t.app, operator)),
    payload,
  });
}

async function get<T>(operator: TestMember, url: string): Promise<T> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/admin/api/${url}`,
    headers: bearer(await tokenFor(t.app, operator)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const refillRow = async (id: number) =>
  (await t.app.database.db.select().from(orderRefills).where(eq(orderRefills.id, id)))[0]!;

const auditOf = (action: string, id: number) =>
  t.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

describe(`the console's refills on ${testDatabaseKind}`, () => {
  it('lists every member’s refills newest first with their order, state and reason; filters by state, member and link; pages', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const kim = await createMember(t.app, { id: 'kim_refill', point: 1_000_000 });
    const lee = await createMember(t.app, { id: 'lee_refill', point: 1_000_000 });
    const kimOrder = await finishedOrder(operator, kim, 'https://instagram.com/p/kim-post');
    const leeOrder = await finishedOrder(operator, lee, 'https://youtube.com/watch?v=lee');
    const rejected = await askRefill(kim, kimOrder, {
      status: RefillStatus.REJECTED,
      reason: 'Refill is not available for this order',
      providerRefillId: 'r-77',
      finishedAt: t.clock.now(),
    });
    const pending = await askRefill(lee, leeOrder);

    const all = await get<AdminRefillsResponse>(operator, 'refills');
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(all.items.map((item) => item.id)).toEqual([pending.id, rejected.id]);
    const s = await catalogService(t.app, { enableAuto: false });
    expect(all.items[1]).toMatchObject({
      id: rejected.id,
      status: RefillStatus.REJECTED,
      statusLabel: '거절',
      reason: 'Refill is not available for this order',
      providerRefillId: 'r-77',
      source: 'member',
      finishedAt: t.clock.now().toISOString(),
      order: {
        id: kimOrder,
        status: OrderStatus.PARTIAL,
        serviceText: s.text,
        link: 'https://instagram.com/p/kim-post',
        memberLoginId: 'kim_refill',
        providerId: s.providerId,
      },
    });
    expect(all.items[1]!.order.providerName).toEqual(expect.any(String));
    expect(all.items[1]!.order.providerOrderId).toEqual(expect.any(String));
    expect(all.items[0]).toMatchObject({ status: RefillStatus.PENDING, statusLabel: '대기', reason: null });

    const ids = async (query: string) =>
      (await get<AdminRefillsResponse>(operator, `refills?${query}`)).items.map((item) => item.id);
    expect(await ids('status=3')).toEqual([rejected.id]);
    expect(await ids('status=0')).toEqual([pending.id]);
    expect(await ids('status=1')).toEqual([]);
    // The member's whole login id, in any case; or part of the link.
    expect(await ids('q=KIM_REFILL')).toEqual([rejected.id]);
    expect(await ids('q=kim_ref')).toEqual([]);
    expect(await ids('q=watch%3Fv%3Dlee')).toEqual([pending.id]);
    expect(await ids('q=100%25')).toEqual([]);

    const second = await get<AdminRefillsResponse>(operator, 'refills?pageSize=1&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(second.items.map((item) => item.id)).toEqual([rejected.id]);

    for (const bad of ['status=4', 'status=', 'pageSize=101', 'page=0']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/admin/api/refills?${bad}`,
        headers: bearer(await tokenFor(t.app, operator)),
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('filters the orders list to cancel-requested orders and shows each row’s newest refill', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const refilled = await finishedOrder(operator, member);
    const older = await askRefill(member, refilled, {
      status: RefillStatus.COMPLETED,
      finishedAt: t.clock.now(),
    });
    nextDay();
    const newest = await askRefill(member, refilled, { status: RefillStatus.INPROGRESS });
    const s = await catalogService(t.app, { enableAuto: false });
    const { orderId: asked } = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://instagram.com/p/b',
      amount: 100,
    });
    const requestedAt = new Date(t.clock.now().getTime() - 60_000);
    // The member's cancellation (orders/cancellation/cancel-order.workflow.ts) sets it; its timing is
    // the subject here.
    await t.app.database.db
      .update(orders)
      .set({ cancelRequestedAt: requestedAt })
      .where(eq(orders.id, asked));

    const all = await get<AdminOrdersResponse>(operator, 'orders');
    const byId = new Map(all.items.map((item) => [item.id, item]));
    expect(byId.get(refilled)).toMatchObject({
      cancelRequestedAt: null,
      latestRefill: { id: newest.id, status: RefillStatus.INPROGRESS },
    });
    expect(older.id).toBeLessThan(newest.id);
    expect(byId.get(asked)).toMatchObject({
      cancelRequestedAt: requestedAt.toISOString(),
      latestRefill: null,
    });

    const onlyAsked = await get<AdminOrdersResponse>(operator, 'orders?cancelRequested=true');
    expect(onlyAsked.items.map((item) => item.id)).toEqual([asked]);
    expect(onlyAsked.total).toBe(1);
    const notAsked = await get<AdminOrdersResponse>(operator, 'orders?cancelRequested=false');
    expect(notAsked.items.map((item) => item.id)).toEqual([refilled]);

    // Once settled (here the operator's cancel) it is no longer waiting on its provider.
    const cancel = await post(operator, `orders/${asked}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const afterCancel = await get<AdminOrdersResponse>(operator, 'orders?cancelRequested=true');
    expect(afterCancel.items).toEqual([]);
  });

  it('resends a REJECTED refill: PENDING, due now, attempts and reason cleared, audited once; a repeat changes nothing', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await finishedOrder(operator, member);
    const balance = await pointOf(t.app, member.accountId);
    const refill = await askRefill(member, orderId, {
      status: RefillStatus.REJECTED,
      reason: 'provider error: timeout',
      providerRefillId: 'r-1',
      attempts: 3,
      nextCheckAt: null,
      finishedAt: t.clock.now(),
    });
    t.clock.advance(5 * 60_000);

    const response = await post(operator, `refills/${refill.id}/resend`, { memo: '공급사 복구' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RefillActionResponse>();
    expect(answer).toMatchObject({
      changed: true,
      refill: { id: refill.id, status: RefillStatus.PENDING, statusLabel: '대기', reason: null, attempts: 0 },
    });
    expect(await refillRow(refill.id)).toMatchObject({
      status: RefillStatus.PENDING,
      reason: null,
      attempts: 0,
      providerRefillId: null,
      finishedAt: null,
      nextCheckAt: t.clock.now(),
      source: 'operator',
    });
    const [entry, ...more] = await auditOf('refill.resend', refill.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      targetType: 'refill',
      memo: '공급사 복구',
      before: { status: RefillStatus.REJECTED, reason: 'provider error: timeout', attempts: 3 },
      after: { status: RefillStatus.PENDING, reason: null, attempts: 0 },
    });

    const again = await post(operator, `refills/${refill.id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<RefillActionResponse>().changed).toBe(false);
    expect(await auditOf('refill.resend', refill.id)).toHaveLength(1);
    // Refills move no money.
    expect(await pointOf(t.app, member.accountId)).toBe(balance);
  });

  it('resends a PENDING refill stuck in retries, and refuses what it must with a Korean 409', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await finishedOrder(operator, member);
    const stuck = await askRefill(member, orderId, {
      attempts: 4,
      reason: 'connect ECONNREFUSED',
      nextCheckAt: new Date(t.clock.now().getTime() + 30 * 60_000),
    });
    const resent = await post(operator, `refills/${stuck.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await refillRow(stuck.id)).toMatchObject({
      attempts: 0,
      reason: null,
      nextCheckAt: t.clock.now(),
    });

    // One open refill per order: an older REJECTED one cannot be reopened beside it.
    await t.app.database.db
      .update(orderRefills)
      .set({ status: RefillStatus.REJECTED, reason: 'no' })
      .where(eq(orderRefills.id, stuck.id));
    const old = stuck;
    nextDay();
    const open = await askRefill(member, orderId, { attempts: 2, reason: 'timeout' });
    const beside = await post(operator, `refills/${old.id}/resend`);
    expect(beside.statusCode).toBe(409);
    expect(beside.json()).toMatchObject({ code: 'REFILL_REFUSED', message: m.RESEND_OPEN_EXISTS });
    expect((await refillRow(old.id)).status).toBe(RefillStatus.REJECTED);

    // A worker holds it: wait.
    await t.app.database.db
      .update(orderRefills)
      .set({ attempts: 1, leasedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(orderRefills.id, open.id));
    const leased = await post(operator, `refills/${open.id}/resend`);
    expect(leased.statusCode).toBe(409);
    expect(leased.json()).toMatchObject({ message: m.IN_FLIGHT });

    // At the provider, or finished well: nothing to send again.
    await t.app.database.db
      .update(orderRefills)
      .set({ status: RefillStatus.INPROGRESS, providerRefillId: 'r-9', leasedUntil: null })
      .where(eq(orderRefills.id, open.id));
    const inProgress = await post(operator, `refills/${open.id}/resend`);
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json()).toMatchObject({ message: m.RESEND_NOT_ALLOWED });

    const missing = await post(operator, 'refills/999999/resend');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: m.REFILL_NOT_FOUND });
    expect(await auditOf('refill.resend', stuck.id)).toHaveLength(1);
  });

  it('rejects an open refill with the operator’s reason, audited; a finished one answers changed: false; a blank reason is a 400', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await finishedOrder(operator, member);
    const balance = await pointOf(t.app, member.accountId);
    const refill = await askRefill(member, orderId, {
      status: RefillStatus.INPROGRESS,
      providerRefillId: 'r-5',
    });

    const blank = await post(operator, `refills/${refill.id}/reject`, { memo: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: m.REJECT_MEMO_REQUIRED });

    t.clock.advance(90_000);
    const response = await post(operator, `refills/${refill.id}/reject`, { memo: ' 리필 기간 외 요청 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RefillActionResponse>()).toMatchObject({
      changed: true,
      refill: { status: RefillStatus.REJECTED, statusLabel: '거절', reason: '리필 기간 외 요청' },
    });
    expect(await refillRow(refill.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: '리필 기간 외 요청',
      finishedAt: t.clock.now(),
      nextCheckAt: null,
    });
    const [entry, ...more] = await auditOf('refill.reject', refill.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      memo: '리필 기간 외 요청',
      before: { status: RefillStatus.INPROGRESS, reason: null },
      after: { status: RefillStatus.REJECTED, reason: '리필 기간 외 요청' },
    });

    const again = await post(operator, `refills/${refill.id}/reject`, { memo: '다시' });
    expect(again.statusCode).toBe(200);
    expect(again.json<RefillActionResponse>().changed).toBe(false);
    expect((await refillRow(refill.id)).reason).toBe('리필 기간 외 요청');
    expect(await auditOf('refill.reject', refill.id)).toHaveLength(1);
    expect(await pointOf(t.app, member.accountId)).toBe(balance);

    // A worker holds an open one: wait.
    nextDay();
    const leased = await askRefill(member, orderId, {
      leasedUntil: new Date(t.clock.now().getTime() + 60_000),
    });
    const held = await post(operator, `refills/${leased.id}/reject`, { memo: '중복' });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ message: m.IN_FLIGHT });
  });
});

describe(`the member's page on ${testDatabaseKind}`, () => {
  it('lists the member’s newest refills with their state, order and reason, and no one else’s', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { id: 'refill_owner', point: 1_000_000 });
    const other = await createMember(t.app, { point: 1_000_000 });
    const orderId = await finishedOrder(operator, member);
    const first = await askRefill(member, orderId, { status: RefillStatus.REJECTED, reason: 'not eligible' });
    nextDay();
    const second = await askRefill(member, orderId);
    await askRefill(other, await finishedOrder(operator, other));

    const detail = await get<AdminMemberDetailResponse>(operator, 'members/refill_owner');
    expect(detail.recentRefills.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(detail.recentRefills[1]).toMatchObject({
      status: RefillStatus.REJECTED,
      statusLabel: '거절',
      reason: 'not eligible',
      order: { id: orderId, memberLoginId: 'refill_owner' },
    });
  });
});

describe(`refill rights bought with the order, and the operator's 리필 요청 on ${testDatabaseKind}`, () => {
  const setRefillDays = async (orderId: number, refillDays: number) => {
    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    await t.app.database.db.update(services).set({ refillDays }).where(eq(services.id, order!.serviceId));
  };

  it("follows the service's refill window when the order was placed, not today's setting", async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const bought = await finishedOrder(operator, member, 'https://instagram.com/p/bought-with-refill');
    expect((await t.app.database.db.select().from(orders).where(eq(orders.id, bought)))[0]!.refillDays).toBe(
      30,
    );
    // The operator turns refill off afterwards: the member still has what they bought.
    await setRefillDays(bought, 0);
    const refill = await t.app.services.refills.request(member.accountId, bought, 'member');
    expect(refill.status).toBe(RefillStatus.PENDING);

    // And the other way: an order bought without refill does not gain it when the service does.
    const s = await catalogService(t.app, { enableAuto: false, refillDays: 0, skip: 1 });
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://instagram.com/p/bought-without-refill',
      amount: s.min,
    });
    await t.app.services.worker.tick();
    expect((await post(operator, `orders/${orderId}/partial`, { remains: 1, memo: '' })).statusCode).toBe(
      200,
    );
    await t.app.database.db.update(services).set({ refillDays: 30 }).where(eq(services.id, s.id));
    await expect(t.app.services.refills.request(member.accountId, orderId, 'member')).rejects.toMatchObject({
      code: 'REFILL_REFUSED',
      message: REFILL_MESSAGES.NOT_REFILLABLE,
    });
  });

  it('an operator asks a refill for a member’s order: the member’s rules, the refill theirs, an audit entry', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const orderId = await finishedOrder(operator, member, 'https://instagram.com/p/operator-refill');
    const response = await post(operator, `orders/${orderId}/refill`, { memo: '고객 전화 요청' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RefillActionResponse>();
    expect(body).toMatchObject({
      changed: true,
      refill: { source: 'operator', status: RefillStatus.PENDING },
    });
    expect(await refillRow(body.refill.id)).toMatchObject({ orderId, accountId: member.accountId });
    const [entry] = await auditOf('order.refill', orderId);
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      targetType: 'order',
      memo: '고객 전화 요청',
    });
    // The same rules as the member's: one open refill per order.
    const again = await post(operator, `orders/${orderId}/refill`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFILL_MESSAGES.ALREADY_OPEN);
    expect(await auditOf('order.refill', orderId)).toHaveLength(1);
    // An open order is not refillable; an unknown one is 404; a member is not an operator.
    const { orderId: open } = await placeOrder(t.app, member, {
      serviceId: (await catalogService(t.app, { enableAuto: false, refillDays: 30 })).id,
      link: 'https://instagram.com/p/operator-refill-open',
      amount: 100,
    });
    expect((await post(operator, `orders/${open}/refill`)).json().message).toBe(REFILL_MESSAGES.NOT_ELIGIBLE);
    expect((await post(operator, 'orders/999999/refill')).statusCode).toBe(404);
    expect((await post(member, `orders/${orderId}/refill`)).statusCode).toBe(403);
  });
});
