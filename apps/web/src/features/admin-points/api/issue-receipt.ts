import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export const issueReceipt = (chargeId: number, memo: string) =>
  call(adminPointsApi.issueReceipt, { params: { chargeId }, body: { memo } });

/** Marks a receipt issued on 홈택스 (idempotent on the server). */
export function useIssueReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, memo }: { chargeId: number; memo: string }) => issueReceipt(chargeId, memo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POINTS_QUERY_KEY }),
  });
}
