import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachDepositRequest, AttachDepositResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const attachDeposit = (depositId: number, body: AttachDepositRequest) =>
  api.post<AttachDepositResponse>(`/admin/api/deposits/${depositId}/attach`, body);

/** Credits the charge the operator picked with a held deposit. */
export function useAttachDeposit(depositId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachDepositRequest) => attachDeposit(depositId, body),
    onSuccess: () => invalidatePoints(queryClient),
  });
}
