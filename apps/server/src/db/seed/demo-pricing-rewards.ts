/**
 * Why this file: `npm start`'s demo shows what members pay and earn (docs/product.md#member-grades-and-custom-rates,
 * #referral-rewards-and-charge-bonuses) on real accounts: a reseller with a grade and its own rates, and a
 * referral pair whose reward is pending. Only the demo start asks for it (SEED_DEMO_MEMBERS, beside the
 * demo operator); test resets and production never run it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { accountRepository } from '../../accounts/account.repository';
import { AppError } from '../../errors/app-error';
import { hashPassword } from '../../auth/password-hasher';
import { generateReferralCode } from '../../auth/referral-codes';
import type { OrdersService } from '../../orders/orders.service';
import type { PointAdjustmentsService } from '../../points/point-adjustments';
import type { PricingConsole } from '../../pricing/pricing-console';
import type { SettingsService } from '../../settings/settings.service';
import type { Db } from '../database';
import { claimSeedMarker } from './seed-marker';
import { memberGrades, services } from '../schema';

export const DEMO_RESELLER_ID = 'demo_reseller';
export const DEMO_REFERRER_ID = 'demo_referrer';
export const DEMO_REFERRED_ID = 'demo_friend';
const SEEDED_MARKER = 'demo-pricing-rewards-seeded';

export interface DemoPricingRewardsDeps {
  db: Db;
  operatorLoginId: string;
  adjustments: Pick<PointAdjustmentsService, 'adjust'>;
  orders: Pick<OrdersService, 'placeOrder'>;
  pricing: Pick<PricingConsole, 'setMemberGrade' | 'setMemberRate'>;
  settings: Pick<SettingsService, 'update'>;
}

/** A member nobody signs in as: a random password, never shown; example.com reaches nobody. */
async function demoMember(db: Db, loginId: string, extra: { referredBy?: number; signupAddress: string }) {
  return accountRepository.insertMember(db, {
    loginId,
    passwordHash: await hashPassword(randomBytes(18).toString('base64url')),
    email: `${loginId}@example.com`,
    ...extra,
  });
}

/**
 * Once per database (a marker row; any of the three ids taken: nothing is done). Everything goes through
 * the operator's own operations, audited as the demo operator: the reseller's grade (골드, pinned) and two
 * rates through the console's pricing (the margin guard judges them; a rate it refuses is left out),
 * ENABLE_REFERRAL through the settings, points through adjustments. The referred member's order is
 * placed like any other; the simulated provider completes it and the reward is recorded pending then.
 */
export async function seedDemoPricingAndRewards(deps: DemoPricingRewardsDeps): Promise<boolean> {
  const { db } = deps;
  if (!(await claimSeedMarker(db, SEEDED_MARKER))) return false;
  for (const id of [DEMO_RESELLER_ID, DEMO_REFERRER_ID, DEMO_REFERRED_ID])
    if (await accountRepository.findActiveByLoginId(db, id)) return false;
  const operator = await accountRepository.findActiveByLoginId(db, deps.operatorLoginId);
  const orderable = await db
    .select({ id: services.id, min: services.min, unitPriceMilli: services.unitPriceMilli })
    .from(services)
    .where(
      and(eq(services.serviceType, 'default'), eq(services.visible, true), eq(services.isReadOnly, false)),
    )
    .orderBy(asc(services.id))
    .limit(2);
  const [gold] = await db
    .select({ id: memberGrades.id })
    .from(memberGrades)
    .where(eq(memberGrades.name, '골드'));
  if (!operator || orderable.length < 2) return false;

  // The reseller: 골드 pinned by the operator, 15 % off the first service and a fixed price on the second.
  await demoMember(db, DEMO_RESELLER_ID, { signupAddress: '203.0.113.10' });
  await deps.adjustments.adjust(operator.id, DEMO_RESELLER_ID, { delta: 300_000, memo: '데모 리셀러 충전' });
  if (gold)
    await deps.pricing.setMemberGrade(operator.id, DEMO_RESELLER_ID, {
      gradeId: gold.id,
      manual: true,
      memo: '데모: 리셀러 등급',
    });
  const [first, second] = orderable as [(typeof orderable)[0], (typeof orderable)[0]];
  const rates = [
    { serviceId: first.id, unitPriceMilli: null, discountBp: 1500 },
    // 90 % of its list price, rounded down to the thousandth of a won.
    {
      serviceId: second.id,
      unitPriceMilli: Math.max(1, Math.floor((second.unitPriceMilli * 9) / 10)),
      discountBp: null,
    },
  ];
  for (const rate of rates) {
    const { serviceId, ...body } = rate;
    await deps.pricing
      .setMemberRate(operator.id, DEMO_RESELLER_ID, serviceId, {
        ...body,
        lossConfirmed: false,
        memo: '데모: 리셀러 단가',
      })
      // The margin guard refusing it (a demo catalog changed by hand): the reseller keeps the grade's price.
      .catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'CATALOG_BELOW_COST')) throw error;
      });
  }

  // The referral pair: rewards need the feature on.
  await deps.settings.update(operator.id, 'ENABLE_REFERRAL', 'true');
  const referrer = await demoMember(db, DEMO_REFERRER_ID, { signupAddress: '203.0.113.20' });
  await accountRepository.issueReferralCode(db, referrer.id, generateReferralCode());
  const referred = await demoMember(db, DEMO_REFERRED_ID, {
    referredBy: referrer.id,
    signupAddress: '198.51.100.30',
  });
  await deps.adjustments.adjust(operator.id, DEMO_REFERRED_ID, { delta: 50_000, memo: '데모 회원 포인트' });
  await deps.orders.placeOrder(
    referred.id,
    {
      serviceId: first.id,
      link: 'https://www.instagram.com/p/demo-friend/',
      amount: first.min,
      runs: 0,
      interval: 0,
    },
    undefined,
  );
  return true;
}
