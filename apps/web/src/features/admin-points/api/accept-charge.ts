import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const acceptCharge = (chargeId: number, memo: string) =>
  call(adminPointsApi.acceptCharge, { params: { id: chargeId }, body: { memo } });

/** Credits a charge by hand (idempotent on the server: `changed: false` when it already was). */
export function useAcceptCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, memo }: { chargeId: number; memo: string }) => acceptCharge(chargeId, memo),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
