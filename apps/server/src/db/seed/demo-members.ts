/**
 * Why this file: `npm start`'s demo members (SEED_DEMO_MEMBERS, set by scripts/start-steps.mjs beside
 * its demo operator): the inquiries' member and the pricing and rewards accounts, each once per
 * database. A part that cannot be made (a catalog changed by hand) is logged, never a reason not to start.
 */
import type { FastifyBaseLogger } from 'fastify';
import { seedDemoInquiries, type DemoInquiriesDeps } from './demo-inquiries';
import { seedDemoPricingAndRewards, type DemoPricingRewardsDeps } from './demo-pricing-rewards';

export async function seedDemoMembers(
  deps: DemoInquiriesDeps & DemoPricingRewardsDeps,
  log: FastifyBaseLogger,
): Promise<void> {
  await seedDemoInquiries(deps).catch((error: unknown) =>
    log.error({ err: error }, 'demo inquiries not seeded'),
  );
  await seedDemoPricingAndRewards(deps).catch((error: unknown) =>
    log.error({ err: error }, 'demo reseller and referral pair not seeded'),
  );
}
