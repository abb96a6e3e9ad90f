import { useQuery } from '@tanstack/react-query';
import { rewardsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const REFERRAL_SUMMARY_KEY = ['referral-summary'] as const;

/** GET /service/referral: the member's referred count and rewards (docs/product.md#referral-rewards-and-charge-bonuses). */
export const getReferralSummary = () => call(rewardsApi.referral);

/** Never run for a guest (the call is a member's). */
export const useReferralSummary = (enabled: boolean) =>
  useQuery({ queryKey: REFERRAL_SUMMARY_KEY, queryFn: getReferralSummary, enabled });
