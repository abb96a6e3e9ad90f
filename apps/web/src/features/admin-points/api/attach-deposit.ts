import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachDepositRequest } from '@smm/domain/contract';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const attachDeposit = (depositId: number, body: AttachDepositRequest) =>
  call(adminPointsApi.attachDeposit, { params: { id: depositId }, body });

/** Credits the charge the operator picked with a held deposit. */
export function useAttachDeposit(depositId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachDepositRequest) => attachDeposit(depositId, body),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
