import { z } from 'zod';
import { REFERRAL_REWARD_STATUSES } from '../rewards';
import { requestText } from './common';

/**
 * GET /service/referral — the account page's referral block (docs/product.md#referral-rewards-and-charge-bonuses):
 * the member's code (null until issued), the members they referred, and their rewards waiting out the
 * holding period (an estimate at today's percent) and credited. 404 while ENABLE_REFERRAL is off.
 */
export const referralSummaryResponse = z.object({
  referralCode: z.string().nullable(),
  percent: z.number().int(),
  holdDays: z.number().int(),
  referredCount: z.number().int(),
  pending: z.object({ count: z.number().int(), won: z.number().int() }),
  credited: z.object({ count: z.number().int(), won: z.number().int() }),
});
export type ReferralSummaryResponse = z.infer<typeof referralSummaryResponse>;

/** One reward as the console shows it. `amount` is null until settled (pending: `estimate`). */
export const adminReferralReward = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  referrerLoginId: z.string(),
  referredLoginId: z.string(),
  status: z.enum(REFERRAL_REWARD_STATUSES),
  earnedAt: z.string(),
  dueAt: z.string(),
  spent: z.number().int(),
  amount: z.number().int().nullable(),
  estimate: z.number().int(),
  heldReason: z.string().nullable(),
  memo: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type AdminReferralReward = z.infer<typeof adminReferralReward>;

/** One referrer's totals (the console's 추천인 적립 list). */
export const adminReferrerSummary = z.object({
  referrerLoginId: z.string(),
  referredCount: z.number().int(),
  pendingCount: z.number().int(),
  pendingEstimate: z.number().int(),
  heldCount: z.number().int(),
  creditedCount: z.number().int(),
  creditedWon: z.number().int(),
  withheldCount: z.number().int(),
});
export type AdminReferrerSummary = z.infer<typeof adminReferrerSummary>;

/** GET /admin/api/referral-rewards?referrer=<login id> — every referrer's totals, and the latest 200 rewards (of one referrer when named). */
export const adminReferralRewardsQuery = z.object({ referrer: requestText(100) });
export const adminReferralRewardsResponse = z.object({
  referrers: z.array(adminReferrerSummary),
  rewards: z.array(adminReferralReward),
});
export type AdminReferralRewardsResponse = z.infer<typeof adminReferralRewardsResponse>;

/** POST /admin/api/referral-rewards/:id/withhold | release — the memo is required for a withhold (audit log). */
export const referralRewardActionRequest = z.object({ memo: requestText(200) });
export type ReferralRewardActionRequest = z.input<typeof referralRewardActionRequest>;
export const referralRewardActionResponse = z.object({ reward: adminReferralReward, changed: z.boolean() });
export type ReferralRewardActionResponse = z.infer<typeof referralRewardActionResponse>;
