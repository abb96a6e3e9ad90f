import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargeDecisionResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const acceptCharge = (chargeId: number, memo: string) =>
  api.post<ChargeDecisionResponse>(`/admin/api/charges/${chargeId}/accept`, { memo });

/** Credits a charge by hand (idempotent on the server: `changed: false` when it already was). */
export function useAcceptCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, memo }: { chargeId: number; memo: string }) => acceptCharge(chargeId, memo),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
