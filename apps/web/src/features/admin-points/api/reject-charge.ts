import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargeDecisionResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const rejectCharge = (chargeId: number, memo: string) =>
  api.post<ChargeDecisionResponse>(`/admin/api/charges/${chargeId}/reject`, { memo });

/** Refuses a pending charge (an accepted one is refused by the server with its message). */
export function useRejectCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, memo }: { chargeId: number; memo: string }) => rejectCharge(chargeId, memo),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
