import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderWorker } from '../../orders/fulfilment/order-worker';
import { PointAdjustmentsService } from '../../points/point-adjustments';
import { PricingConsole } from '../../pricing/pricing-console';
import type { ProviderOrderInput } from '../../providers/provider-api';
import { FakeProvider } from '../../test/fake-provider';
import { createMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import {
  accounts,
  memberGrades,
  memberRates,
  orders,
  referralRewards,
  services,
  siteSettings,
} from '../schema';
import {
  DEMO_REFERRED_ID,
  DEMO_REFERRER_ID,
  DEMO_RESELLER_ID,
  seedDemoPricingAndRewards,
} from './demo-pricing-rewards';

const t = useTestApp();

/** What app.ts hands the seed on `npm start` (SEED_DEMO_MEMBERS), built over the test app's services. */
function seed(operatorLoginId: string) {
  const { db } = t.app.database;
  return seedDemoPricingAndRewards({
    db,
    operatorLoginId,
    adjustments: new PointAdjustmentsService(db),
    orders: t.app.services.orders,
    // No provider listing reader: the margin guard has no cost to judge by (the demo's is the simulated one).
    pricing: new PricingConsole(db, t.app.services.catalog.pricing, undefined),
    settings: t.app.services.settings,
  });
}

async function account(loginId: string) {
  const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, loginId));
  return row;
}

/** Accepts every order as Pending; the test finishes them. */
class AcceptingProvider extends FakeProvider {
  next = 500;
  override async add(input: ProviderOrderInput) {
    const id = String((this.next += 1));
    this.states.set(id, { status: 'Pending', startCount: null, remains: input.quantity ?? 0 });
    return { providerOrderId: id };
  }
}

describe(`the demo start's reseller and referral pair on ${testDatabaseKind}`, () => {
  it('are not in the data every test reset puts back', async () => {
    expect(await account(DEMO_RESELLER_ID)).toBeUndefined();
    expect(await account(DEMO_REFERRER_ID)).toBeUndefined();
  });

  it('give the reseller 골드 pinned and two own rates that win over it, once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    expect(await seed(operator.id)).toBe(true);
    const { db } = t.app.database;
    const reseller = (await account(DEMO_RESELLER_ID))!;
    const [gold] = await db.select().from(memberGrades).where(eq(memberGrades.name, '골드'));
    expect(reseller).toMatchObject({ gradeId: gold!.id, gradeManual: true, point: 300_000 });
    const rates = await db.select().from(memberRates).where(eq(memberRates.accountId, reseller.id));
    expect(rates).toHaveLength(2);
    const [discounted, fixed] = rates.sort((a, b) => a.serviceId - b.serviceId);
    const listOf = async (id: number) =>
      (await db.select().from(services).where(eq(services.id, id)))[0]!.unitPriceMilli;
    const firstList = await listOf(discounted!.serviceId);
    const secondList = await listOf(fixed!.serviceId);
    expect(discounted).toMatchObject({ discountBp: 1500, unitPriceMilli: null });
    expect(fixed).toMatchObject({ discountBp: null, unitPriceMilli: Math.floor((secondList * 9) / 10) });

    // The prices the order path charges the reseller: 15 % off (rounded up to the milli-won), 90 %.
    const priced = async (id: number) =>
      (await t.app.services.catalog.orderableServiceFor(reseller.id, id))?.service.unitPriceMilli;
    expect(await priced(discounted!.serviceId)).toBe(Math.ceil((firstList * 85) / 100));
    expect(await priced(fixed!.serviceId)).toBe(Math.floor((secondList * 9) / 10));

    expect(await seed(operator.id)).toBe(false);
    expect(await db.select().from(memberRates).where(eq(memberRates.accountId, reseller.id))).toHaveLength(2);
  });

  it("turn referral on and leave the friend's order to earn the referrer a pending reward", async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    await seed(operator.id);
    const { db } = t.app.database;
    const [flag] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'ENABLE_REFERRAL'));
    expect(flag?.value).toBe('true');
    const referrer = (await account(DEMO_REFERRER_ID))!;
    const friend = (await account(DEMO_REFERRED_ID))!;
    expect(referrer.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(friend.referredBy).toBe(referrer.id);
    const [order] = await db.select().from(orders).where(eq(orders.accountId, friend.id));
    expect(order).toBeDefined();
    expect(friend.point).toBe(50_000 - order!.cost);

    // The order completes as the simulated provider would complete it: the reward is recorded, pending.
    const provider = new AcceptingProvider();
    const worker = new OrderWorker(db, { clientFor: () => provider }, t.app.services.catalog, t.clock, {
      statusRefreshSeconds: 30,
      maxSubmitAttempts: 3,
      batchSize: 50,
      secondsPerMinute: 60,
    });
    await worker.tick();
    const [sent] = await db.select().from(orders).where(eq(orders.id, order!.id));
    provider.states.set(sent!.providerOrderId!, { status: 'Completed', startCount: 0, remains: 0 });
    t.clock.advance(31_000);
    await worker.tick();
    const rewards = await db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, referrer.id));
    expect(rewards.map((r) => [r.orderId, r.referredId, r.status])).toEqual([
      [order!.id, friend.id, 'PENDING'],
    ]);
  });
});
