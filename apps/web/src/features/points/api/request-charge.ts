import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargeRequest, ChargeRequestResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { POINT_HISTORY_KEY } from './get-point-history';

export type { ChargeRequestResponse };

export const requestCharge = (body: ChargeRequest) => api.post<ChargeRequestResponse>('/service/point', body);

/** POST /service/point; the history shows the new pending row at once. */
export function useRequestCharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestCharge,
    onSuccess: () => client.invalidateQueries({ queryKey: POINT_HISTORY_KEY }),
  });
}
