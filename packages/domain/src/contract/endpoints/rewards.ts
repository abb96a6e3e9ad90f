import { endpoint } from '../endpoint';

/** Referral rewards (docs/product.md#referral-rewards-and-charge-bonuses): the member's block and the console's. */
export const rewardsApi = {
  referral: endpoint({ method: 'GET', path: '/service/referral', response: 'referralSummaryResponse' }),
};

/** The console's 추천인 적립. Operators only. */
export const adminRewardsApi = {
  rewards: endpoint({
    method: 'GET',
    path: '/admin/api/referral-rewards',
    query: 'adminReferralRewardsQuery',
    response: 'adminReferralRewardsResponse',
  }),
  withhold: endpoint({
    method: 'POST',
    path: '/admin/api/referral-rewards/:id/withhold',
    params: 'orderPathParams',
    body: 'referralRewardActionRequest',
    response: 'referralRewardActionResponse',
  }),
  release: endpoint({
    method: 'POST',
    path: '/admin/api/referral-rewards/:id/release',
    params: 'orderPathParams',
    body: 'referralRewardActionRequest',
    response: 'referralRewardActionResponse',
  }),
};
