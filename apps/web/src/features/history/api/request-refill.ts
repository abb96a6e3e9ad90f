import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestRefillResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { ORDER_HISTORY_KEY } from './get-order-history';

export const requestRefill = (orderId: number) =>
  api.post<RequestRefillResponse>(`/service/order/${orderId}/refill`);

/**
 * POST /service/order/:id/refill. Refills move no money, so only the orders are read again — after a
 * refusal too (the row's state may have changed since the page was loaded).
 */
export function useRequestRefill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestRefill,
    onSettled: () => client.invalidateQueries({ queryKey: ORDER_HISTORY_KEY }),
  });
}
