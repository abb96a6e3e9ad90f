import { LedgerReason, OrderStatus, ReferralRewardStatus } from '@smm/domain';
import type { AdminReferralRewardsResponse, ReferralSummaryResponse } from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, orders, pointLedger, referralRewards } from '../db/schema';
import { FakeProvider } from '../test/fake-provider';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { OrderWorker } from '../orders/fulfilment/order-worker';
import { ReferralWorker } from './referral-worker';

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

/** A provider whose every order is accepted as Pending; the test sets each one's status. */
class ScriptedProvider extends FakeProvider {
  next = 1000;
  override async add(input: { service: string; link: string; quantity: number }) {
    const id = String((this.next += 1));
    this.states.set(id, { status: 'Pending', startCount: null, remains: input.quantity });
    return { providerOrderId: id };
  }
}
const provider = () => new ScriptedProvider();

function orderWorker(p: ScriptedProvider) {
  return new OrderWorker(t.app.database.db, { clientFor: () => p }, t.app.services.catalog, t.clock, {
    statusRefreshSeconds: 30,
    maxSubmitAttempts: 3,
    batchSize: 50,
    secondsPerMinute: 60,
  });
}

async function enableRewards(percent = '3', holdDays = '7') {
  await t.app.services.settings.set('ENABLE_REFERRAL', 'true');
  await t.app.services.settings.set('REFERRAL_REWARD_PERCENT', percent);
  await t.app.services.settings.set('REFERRAL_HOLD_DAYS', holdDays);
}

/** A referrer and the member they referred, with sign-up facts that tell them apart unless given. */
async function referralPair(referredFacts: Partial<typeof accounts.$inferInsert> = {}) {
  const referrer = await createMember(t.app);
  const referred = await createMember(t.app, { point: 1_000_000 });
  const { db } = t.app.database;
  await db
    .update(accounts)
    .set({
      email: 'kim.referrer@naver.com',
      phoneNumber: '01011112222',
      signupAddress: '10.0.0.1',
      signupDevice: 'device-of-referrer-1',
    })
    .where(eq(accounts.id, referrer.accountId));
  await db
    .update(accounts)
    .set({
      email: 'lee.friend@daum.net',
      phoneNumber: '01033334444',
      signupAddress: '10.0.0.2',
      signupDevice: 'device-of-friend-22',
      referredBy: referrer.accountId,
      ...referredFacts,
    })
    .where(eq(accounts.id, referred.accountId));
  return { referrer, referred };
}

/**
 * An order of `member` for `amount` units at 10 won a unit (cost amount × 10), sent and then finished
 * by its provider with `status` and `remains`.
 */
async function finishedOrder(
  p: ScriptedProvider,
  member: TestMember,
  amount: number,
  status: 'Completed' | 'Partial' | 'Canceled',
  remains = 0,
) {
  const s = await catalogService(t.app, { unitPriceMilli: 10_000 });
  const placed = await placeOrder(t.app, member, {
    serviceId: s.id,
    link: `https://a.com/${p.next}`,
    amount,
  });
  await orderWorker(p).tick();
  const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
  p.states.set(row!.providerOrderId!, { status, startCount: 0, remains });
  t.clock.advance(31_000);
  await orderWorker(p).tick();
  return placed;
}

/** The background loop's share, as app.ts ticks it, with the test's clock. */
const rewardsTick = () => new ReferralWorker(t.app.database.db, t.app.services.settings, t.clock).tick();

async function rewardRows(referrerId: number) {
  return t.app.database.db.select().from(referralRewards).where(eq(referralRewards.referrerId, referrerId));
}

async function rewardEntries(accountId: number) {
  return t.app.database.db
    .select({ delta: pointLedger.delta, reference: pointLedger.reference })
    .from(pointLedger)
    .where(and(eq(pointLedger.accountId, accountId), eq(pointLedger.reason, LedgerReason.REFERRAL_REWARD)));
}

async function get<T>(member: TestMember, url: string): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(t.app, member)) });
  return { status: res.statusCode, body: res.json() as T };
}

describe(`referral rewards on ${testDatabaseKind}`, () => {
  it('records a completed order of a referred member and credits 3 % of it after 7 days, once', async () => {
    await enableRewards();
    const { referrer, referred } = await referralPair();
    const p = provider();
    // 1,234 units × 10 won = 12,340 won → 3 % = 370.2 → 370.
    const order = await finishedOrder(p, referred, 1_234, 'Completed');
    expect(order.cost).toBe(12_340);
    const [row] = await rewardRows(referrer.accountId);
    expect(row).toMatchObject({ orderId: order.orderId, referredId: referred.accountId, status: 'PENDING' });

    // Six days and 23 hours later: still waiting.
    t.clock.advance(7 * DAY - 60 * 60 * 1000);
    expect(await rewardsTick()).toEqual({ credited: 0, reversed: 0, held: 0 });
    expect(await pointOf(t.app, referrer.accountId)).toBe(0);

    t.clock.advance(60 * 60 * 1000);
    expect(await rewardsTick()).toEqual({ credited: 1, reversed: 0, held: 0 });
    expect(await rewardEntries(referrer.accountId)).toEqual([
      { delta: 370, reference: `referral:${row!.id}` },
    ]);
    expect(await pointOf(t.app, referrer.accountId)).toBe(370);
    // Two processes ticking again: nothing more.
    await Promise.all([rewardsTick(), rewardsTick()]);
    expect(await pointOf(t.app, referrer.accountId)).toBe(370);
    expect((await rewardRows(referrer.accountId))[0]).toMatchObject({
      status: 'CREDITED',
      spent: 12_340,
      percent: 3,
      amount: 370,
    });
    for (const r of await balancesAndLedgerSums(t.app)) expect(r.point).toBe(r.ledger);
  });

  it('rewards only the delivered part of a partial, and nothing when refunds within the period leave nothing', async () => {
    await enableRewards();
    const { referrer, referred } = await referralPair();
    const operator = await createMember(t.app, { role: 'admin' });
    const p = provider();
    // 1,000 units × 10 won = 10,000; 400 undelivered → 4,000 back; 6,000 kept → 3 % = 180.
    const partial = await finishedOrder(p, referred, 1_000, 'Partial', 400);
    // Completed, then made partial by an operator two days later with 499 of 500 undelivered: 4,990 back,
    // 10 kept → 3 % = 0.3 → nothing to credit: reversed.
    const completed = await finishedOrder(p, referred, 500, 'Completed');
    t.clock.advance(2 * DAY);
    const made = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${completed.orderId}/partial`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { remains: 499, memo: '거의 미작업' },
    });
    expect(made.statusCode).toBe(200);
    // A cancelled order earns nothing at all: no row.
    await finishedOrder(p, referred, 300, 'Canceled', 300);

    t.clock.advance(7 * DAY);
    expect(await rewardsTick()).toEqual({ credited: 1, reversed: 1, held: 0 });
    const rows = await rewardRows(referrer.accountId);
    expect(rows.map((r) => [r.orderId, r.status, r.amount]).sort()).toEqual(
      [
        [partial.orderId, 'CREDITED', 180],
        [completed.orderId, 'REVERSED', 0],
      ].sort(),
    );
    expect(await pointOf(t.app, referrer.accountId)).toBe(180);
  });

  it('holds for the operator a referral of the same phone, e-mail shape, device or sign-up address; the operator releases or withholds it', async () => {
    await enableRewards('5');
    const operator = await createMember(t.app, { role: 'admin' });
    const p = provider();
    const samePhone = await referralPair({ phoneNumber: '01011112222' });
    const sameShape = await referralPair({ email: 'kimreferrer07@naver.com' });
    const sameDevice = await referralPair({ signupDevice: 'device-of-referrer-1' });
    const sameAddress = await referralPair({ signupAddress: '10.0.0.1' });
    for (const pair of [samePhone, sameShape, sameDevice, sameAddress]) {
      // 200 × 10 = 2,000 won → 5 % = 100.
      await finishedOrder(p, pair.referred, 200, 'Completed');
    }
    t.clock.advance(7 * DAY);
    expect(await rewardsTick()).toEqual({ credited: 0, reversed: 0, held: 4 });
    const held = await t.app.database.db.select().from(referralRewards);
    expect(held.map((r) => r.heldReason).sort()).toEqual(['ADDRESS', 'DEVICE', 'EMAIL', 'PHONE']);

    const act = async (id: number, action: 'withhold' | 'release', memo: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/referral-rewards/${id}/${action}`,
        headers: bearer(await tokenFor(t.app, operator)),
        payload: { memo },
      });
    const phoneReward = held.find((r) => r.heldReason === 'PHONE')!;
    const deviceReward = held.find((r) => r.heldReason === 'DEVICE')!;
    expect((await act(phoneReward.id, 'withhold', '')).statusCode).toBe(400);
    const withheld = await act(phoneReward.id, 'withhold', '본인 명의 중복');
    expect(withheld.statusCode).toBe(200);
    expect(withheld.json()).toMatchObject({
      changed: true,
      reward: { status: 'WITHHELD', memo: '본인 명의 중복' },
    });
    expect((await act(phoneReward.id, 'withhold', '다시')).json()).toMatchObject({ changed: false });
    expect((await act(phoneReward.id, 'release', '번복')).statusCode).toBe(409);
    const released = await act(deviceReward.id, 'release', '가족 확인');
    expect(released.json()).toMatchObject({ changed: true, reward: { status: 'CREDITED', amount: 100 } });
    expect(await pointOf(t.app, sameDevice.referrer.accountId)).toBe(100);
    expect(await pointOf(t.app, samePhone.referrer.accountId)).toBe(0);
    expect((await act(deviceReward.id, 'withhold', '늦게')).statusCode).toBe(409);
    expect((await act(999_999, 'withhold', '없음')).statusCode).toBe(404);
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'referral-reward'));
    expect(audit.map((a) => [a.action, a.memo]).sort()).toEqual([
      ['referral-reward.release', '가족 확인'],
      ['referral-reward.withhold', '본인 명의 중복'],
    ]);

    // The console's list: every referrer's totals, and the rewards of one.
    const list = await get<AdminReferralRewardsResponse>(
      operator,
      `/admin/api/referral-rewards?referrer=${sameDevice.referrer.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.referrers).toHaveLength(4);
    expect(list.body.rewards).toEqual([
      expect.objectContaining({
        referredLoginId: sameDevice.referred.id,
        status: 'CREDITED',
        amount: 100,
        spent: 2_000,
      }),
    ]);
    // A member cannot reach the console's list.
    expect((await get(sameDevice.referrer, '/admin/api/referral-rewards')).status).toBe(403);
  });

  it("shows the member's block: code, referred, pending (at today's percent) and credited; 404 while the flag is off", async () => {
    await enableRewards();
    const { referrer, referred } = await referralPair();
    await t.app.database.db
      .update(accounts)
      .set({ referralCode: 'ABCD2345' })
      .where(eq(accounts.id, referrer.accountId));
    const p = provider();
    await finishedOrder(p, referred, 1_000, 'Completed'); // 10,000 → 300
    t.clock.advance(7 * DAY);
    await rewardsTick();
    await finishedOrder(p, referred, 2_000, 'Completed'); // 20,000 → 600, pending
    const summary = await get<ReferralSummaryResponse>(referrer, '/service/referral');
    expect(summary).toEqual({
      status: 200,
      body: {
        referralCode: 'ABCD2345',
        percent: 3,
        holdDays: 7,
        referredCount: 1,
        pending: { count: 1, won: 600 },
        credited: { count: 1, won: 300 },
      },
    });
    // The referred member referred nobody.
    expect((await get<ReferralSummaryResponse>(referred, '/service/referral')).body).toMatchObject({
      referredCount: 0,
      pending: { count: 0, won: 0 },
    });
    await t.app.services.settings.set('ENABLE_REFERRAL', 'false');
    expect((await get(referrer, '/service/referral')).status).toBe(404);
    // While off, due rewards wait: nothing is credited, nothing lost.
    t.clock.advance(7 * DAY);
    expect(await rewardsTick()).toEqual({ credited: 0, reversed: 0, held: 0 });
    expect(await pointOf(t.app, referrer.accountId)).toBe(300);
  });

  it('records the reward when an operator marks an open order partial, for the delivered part', async () => {
    await enableRewards();
    const { referrer, referred } = await referralPair();
    const operator = await createMember(t.app, { role: 'admin' });
    const p = provider();
    const s = await catalogService(t.app, { unitPriceMilli: 10_000 });
    const placed = await placeOrder(t.app, referred, {
      serviceId: s.id,
      link: 'https://a.com/open',
      amount: 1_000,
    });
    await orderWorker(p).tick(); // at its provider, still open
    const made = await t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${placed.orderId}/partial`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { remains: 400, memo: '일부만 작업됨' },
    });
    expect(made.statusCode).toBe(200);
    expect(await rewardRows(referrer.accountId)).toEqual([
      expect.objectContaining({ orderId: placed.orderId, status: 'PENDING' }),
    ]);
    t.clock.advance(7 * DAY);
    // 10,000 − 4,000 refunded = 6,000 kept → 3 % = 180.
    expect(await rewardsTick()).toEqual({ credited: 1, reversed: 0, held: 0 });
    expect(await pointOf(t.app, referrer.accountId)).toBe(180);
  });

  it('records nothing for a member nobody referred', async () => {
    await enableRewards();
    const member = await createMember(t.app, { point: 100_000 });
    await finishedOrder(provider(), member, 100, 'Completed');
    expect(await t.app.database.db.select().from(referralRewards)).toEqual([]);
    const [order] = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.accountId, member.accountId));
    expect(order!.status).toBe(OrderStatus.COMPLETED);
    expect(ReferralRewardStatus.PENDING).toBe('PENDING');
  });
});
