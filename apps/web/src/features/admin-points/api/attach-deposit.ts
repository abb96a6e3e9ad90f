import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatWon } from '@smm/domain';
import type { AttachDepositRequest, AttachDepositResponse } from '@smm/domain/contract';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { invalidatePoints } from './points-keys';

export const attachDeposit = (depositId: number, body: AttachDepositRequest) =>
  call(adminPointsApi.attachDeposit, { params: { id: depositId }, body });

/** Credits the charge the operator picked with a held deposit (입금 내역's 충전에 연결, a charge's 입금 연결). */
export function useAttachDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ depositId, body }: { depositId: number; body: AttachDepositRequest }) =>
      attachDeposit(depositId, body),
    onSuccess: () => invalidatePoints(queryClient),
  });
}

/** What the operator is told once a deposit is attached (or was already). */
export const attachedText = (result: AttachDepositResponse, chargeId: number): string =>
  result.changed
    ? `충전 신청 #${chargeId}에 연결했습니다. ${result.charge.memberLoginId}님에게 ${formatWon(result.charge.point)}이 충전되었습니다.`
    : '이미 이 충전 신청에 연결된 입금입니다.';
