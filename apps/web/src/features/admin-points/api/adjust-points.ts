import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PointAdjustmentRequest } from '@smm/domain/contract';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

/** The form's Idempotency-Key: sent again on a retry, the adjustment still applies once. */
export const adjustPoints = (loginId: string, body: PointAdjustmentRequest, idempotencyKey: string) =>
  call(
    adminPointsApi.adjustPoints,
    { params: { loginId }, body },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );

export function useAdjustPoints(loginId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PointAdjustmentRequest; idempotencyKey: string }) =>
      adjustPoints(loginId, body, idempotencyKey),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
