import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueReceiptResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export const issueReceipt = (chargeId: number, memo: string) =>
  api.post<IssueReceiptResponse>(`/admin/api/receipts/${chargeId}/issue`, { memo });

/** Marks a receipt issued on 홈택스 (idempotent on the server). */
export function useIssueReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, memo }: { chargeId: number; memo: string }) => issueReceipt(chargeId, memo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POINTS_QUERY_KEY }),
  });
}
