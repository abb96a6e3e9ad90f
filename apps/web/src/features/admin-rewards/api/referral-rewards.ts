import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRewardsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

const REWARDS_QUERY_KEY = ['admin', 'referral-rewards'] as const;

/** GET /admin/api/referral-rewards: every referrer's totals, and the latest rewards (of one referrer when named). */
export const useReferralRewards = (referrer: string) =>
  useQuery({
    queryKey: [...REWARDS_QUERY_KEY, referrer],
    queryFn: () => call(adminRewardsApi.rewards, { query: { referrer } }),
  });

/** 적립 보류 or 적립 승인 of one reward, with the operator's memo (audit log). */
export function useRewardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, memo }: { id: number; action: 'withhold' | 'release'; memo: string }) =>
      call(adminRewardsApi[action], { params: { id }, body: { memo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_KEY }),
  });
}
