import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargeRequest, ChargeRequestResponse } from '@smm/domain/contract';
import { pointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { PENDING_CHARGES_KEY } from './get-charge-transfer';
import { CHARGE_HISTORY_KEY } from './get-charge-history';

export type { ChargeRequestResponse };

export const requestCharge = (body: ChargeRequest) => call(pointsApi.requestCharge, { body });

/** POST /service/point; the history and the pending charges show the new one at once. */
export function useRequestCharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestCharge,
    // The answer waits for the history only (as before); the pending charges above are read again meanwhile.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PENDING_CHARGES_KEY });
      return client.invalidateQueries({ queryKey: CHARGE_HISTORY_KEY });
    },
  });
}
