import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { getProfileQueryOptions } from '@/lib/session/profile';
import { ORDER_HISTORY_KEY } from './get-order-history';

export const cancelOrder = (orderId: number) => call(ordersApi.cancel, { params: { id: orderId } });

/**
 * POST /service/order/:id/cancel: the orders are read again (after a refusal too, the row may
 * have changed since the page was loaded), and the balance (a cancel before the provider refunds at once).
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
    onSettled: () => client.invalidateQueries({ queryKey: ORDER_HISTORY_KEY }),
  });
}
