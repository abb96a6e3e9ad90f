import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChargeStatus } from '@smm/domain';
import type { ChargeHistoryResponse, WithdrawChargeResponse } from '@smm/domain/contract';
import { pointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { CHARGE_TRANSFER_KEY, PENDING_CHARGES_KEY } from './get-charge-transfer';
import { CHARGE_HISTORY_KEY } from './get-charge-history';

export type { WithdrawChargeResponse };

export const withdrawCharge = (chargeId: number) => call(pointsApi.withdraw, { params: { id: chargeId } });

/**
 * POST /service/point/:id/cancel (충전 신청 취소). On success the cached pages say 신청 취소 at once, so
 * the pending poll stops before the refetch lands; the history is read again either way (a refusal means
 * the charge moved on: credited, refused or lapsed).
 */
export function useWithdrawCharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawCharge,
    onSuccess: (answer) => {
      client.setQueriesData<ChargeHistoryResponse>({ queryKey: CHARGE_HISTORY_KEY }, (data) =>
        data
          ? {
              ...data,
              items: data.items.map((item) =>
                item.id === answer.id ? { ...item, status: ChargeStatus.WITHDRAWN } : item,
              ),
            }
          : data,
      );
    },
    // Not awaited: the row already says 신청 취소, so the answer is shown without waiting for the refetch.
    onSettled: () => {
      for (const queryKey of [CHARGE_HISTORY_KEY, PENDING_CHARGES_KEY, CHARGE_TRANSFER_KEY])
        void client.invalidateQueries({ queryKey });
    },
  });
}
