import { REFILL_MESSAGES, RefillStatus } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefills, orders } from '../../db/schema';
import { balancesAndLedgerSums, bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { RefillScriptedProvider, finishedOrder, refillableService } from '../../test/refill-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

async function askRefill(member: TestMember | null, orderId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/service/order/${orderId}/refill`,
    headers: member ? bearer(await tokenFor(t.app, member)) : {},
  });
}
async function listRefills(member: TestMember, orderId: number) {
  return t.app.inject({
    method: 'GET',
    url: `/service/order/${orderId}/refills`,
    headers: bearer(await tokenFor(t.app, member)),
  });
}

async function setup(refillDays = 30, final: 'Completed' | 'Partial' | 'In progress' = 'Completed') {
  const provider = new RefillScriptedProvider();
  const service = await refillableService(t.app, refillDays);
  const member = await createMember(t.app, { point: 1_000_000 });
  const order = await finishedOrder(t.app, t.clock, provider, member, service, final);
  return { provider, service, member, order };
}

const refusal = (response: { statusCode: number; json: () => unknown }, message: string) => {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ code: 'REFILL_REFUSED', message });
};

describe(`member refills on ${testDatabaseKind}`, () => {
  it('asks for a refill of a completed order: PENDING, due now, listed newest first; no money moves', async () => {
    const { member, order } = await setup();
    const before = await balancesAndLedgerSums(t.app);
    const response = await askRefill(member, order.id);
    expect(response.statusCode).toBe(200);
    const { refill } = response.json();
    expect(refill).toEqual({
      id: expect.any(Number),
      orderId: order.id,
      status: RefillStatus.PENDING,
      reason: null,
      createdAt: t.clock.now().toISOString(),
      finishedAt: null,
    });
    const [row] = await t.app.database.db.select().from(orderRefills).where(eq(orderRefills.id, refill.id));
    expect(row).toMatchObject({ accountId: member.accountId, source: 'member', nextCheckAt: t.clock.now() });
    expect(await balancesAndLedgerSums(t.app)).toEqual(before);

    const list = await listRefills(member, order.id);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([refill]);
  });

  it('takes a PARTIAL order too', async () => {
    const { member, order } = await setup(30, 'Partial');
    expect((await askRefill(member, order.id)).statusCode).toBe(200);
  });

  it('refuses a service without refills', async () => {
    const { member, order } = await setup(0);
    refusal(await askRefill(member, order.id), REFILL_MESSAGES.NOT_REFILLABLE);
  });

  it('refuses an order not finished', async () => {
    const { member, order } = await setup(30, 'In progress');
    refusal(await askRefill(member, order.id), REFILL_MESSAGES.NOT_ELIGIBLE);
  });

  it('refuses once the window counted from the finish has passed, not a millisecond before', async () => {
    const { member, order } = await setup(7);
    t.clock.advance(7 * DAY);
    expect((await askRefill(member, order.id)).statusCode).toBe(200);
    const second = await setup(7);
    t.clock.set(new Date(second.order.finishedAt!.getTime() + 7 * DAY + 1));
    refusal(await askRefill(second.member, second.order.id), REFILL_MESSAGES.WINDOW_PASSED(7));
  });

  it('refuses a second while one is open, and again the same day after it ended; the next day it may', async () => {
    const { member, order } = await setup();
    expect((await askRefill(member, order.id)).statusCode).toBe(200);
    refusal(await askRefill(member, order.id), REFILL_MESSAGES.ALREADY_OPEN);
    // The first ends (an operator's 거절 here): too soon the same day.
    await t.app.database.db
      .update(orderRefills)
      .set({ status: RefillStatus.REJECTED, finishedAt: t.clock.now() })
      .where(eq(orderRefills.orderId, order.id));
    t.clock.advance(DAY - 1);
    refusal(await askRefill(member, order.id), REFILL_MESSAGES.TOO_SOON);
    t.clock.advance(1);
    expect((await askRefill(member, order.id)).statusCode).toBe(200);
    expect((await listRefills(member, order.id)).json()).toHaveLength(2);
  });

  it('refuses an order its provider does not have', async () => {
    const { member, order } = await setup();
    await t.app.database.db.update(orders).set({ providerOrderId: null }).where(eq(orders.id, order.id));
    refusal(await askRefill(member, order.id), REFILL_MESSAGES.NO_PROVIDER);
  });

  it('answers two requests at once with one refill and one ALREADY_OPEN, never a 500', async () => {
    const { member, order } = await setup();
    const answers = await Promise.all([askRefill(member, order.id), askRefill(member, order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(REFILL_MESSAGES.ALREADY_OPEN);
  });

  it("answers 404 for another member's order, both ways, and writes nothing", async () => {
    const { order } = await setup();
    const other = await createMember(t.app);
    const ask = await askRefill(other, order.id);
    expect(ask.statusCode).toBe(404);
    expect(ask.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await listRefills(other, order.id)).statusCode).toBe(404);
    expect(await t.app.database.db.select().from(orderRefills)).toEqual([]);
  });

  it('answers 401 to a guest and 400 to a bad id', async () => {
    const { member, order } = await setup();
    expect((await askRefill(null, order.id)).statusCode).toBe(401);
    expect((await askRefill(member, 0)).statusCode).toBe(400);
  });
});
