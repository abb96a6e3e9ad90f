import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** Every order's refill list sits under this key (a new refill request reads them again). */
export const ORDER_REFILLS_KEY = ['order-refills'] as const;

export const getOrderRefills = (orderId: number) => call(ordersApi.refills, { params: { id: orderId } });

/** GET /service/order/:id/refills — one order's refills, newest first; read when its 리필 내역 opens. */
export const getOrderRefillsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...ORDER_REFILLS_KEY, orderId],
    queryFn: () => getOrderRefills(orderId),
  });

export const useOrderRefills = (orderId: number, enabled: boolean) =>
  useQuery({ ...getOrderRefillsQueryOptions(orderId), enabled });
