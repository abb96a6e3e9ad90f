import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const rejectCharge = (chargeId: number, memo: string) =>
  call(adminPointsApi.rejectCharge, { params: { id: chargeId }, body: { memo } });

/** Refuses a pending charge (an accepted one is refused by the server with its message). */
export function useRejectCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, memo }: { chargeId: number; memo: string }) => rejectCharge(chargeId, memo),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
