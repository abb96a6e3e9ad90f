import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorDepositRequest } from '@smm/domain/contract';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const createDeposit = (body: OperatorDepositRequest, idempotencyKey: string) =>
  call(
    adminPointsApi.createDeposit,
    { body },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );

/** A deposit entered by hand, matched by the server like a relay's; the form's key makes a resend harmless. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OperatorDepositRequest; idempotencyKey: string }) =>
      createDeposit(body, idempotencyKey),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
