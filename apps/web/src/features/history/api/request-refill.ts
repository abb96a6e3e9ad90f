import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { ORDER_HISTORY_KEY } from './get-order-history';
import { ORDER_REFILLS_KEY } from './get-order-refills';

export const requestRefill = (orderId: number) => call(ordersApi.requestRefill, { params: { id: orderId } });

/**
 * POST /service/order/:id/refill. Refills move no money, so only the orders (and their refill lists) are read again — after a
 * refusal too (the row's state may have changed since the page was loaded).
 */
export function useRequestRefill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestRefill,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ORDER_HISTORY_KEY }),
        client.invalidateQueries({ queryKey: ORDER_REFILLS_KEY }),
      ]),
  });
}
