import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { getProfileQueryOptions } from '@/lib/session/profile';
import { AUTO_ORDER_HISTORY_KEY } from './get-auto-order-history';
import { ORDER_HISTORY_KEY } from './get-order-history';

export const cancelAutoOrder = (autoOrderId: number) =>
  call(ordersApi.cancelAuto, { params: { id: autoOrderId } });

/** POST /service/auto-order/:id/cancel: the auto-orders, their runs and the balance are read again. */
export function useCancelAutoOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelAutoOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: AUTO_ORDER_HISTORY_KEY }),
        client.invalidateQueries({ queryKey: ORDER_HISTORY_KEY }),
      ]),
  });
}
