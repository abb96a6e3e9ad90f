import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const getAutoOrderHistory = (page: number, status: number | undefined) =>
  call(ordersApi.autoHistory, { query: { page, status } });

/** Every page and filter of the member's auto-orders sits under this key. */
export const AUTO_ORDER_HISTORY_KEY = ['auto-order-history'] as const;

/** One page of the member's auto-orders (the 완료 filter also lists PARTIAL); never run for a guest. */
export const getAutoOrderHistoryQueryOptions = (page: number, status: number | undefined) =>
  queryOptions({
    queryKey: [...AUTO_ORDER_HISTORY_KEY, { page, status: status ?? null }],
    queryFn: () => getAutoOrderHistory(page, status),
    placeholderData: keepPreviousData,
  });

export const useAutoOrderHistory = (page: number, status: number | undefined, enabled: boolean) =>
  useQuery({ ...getAutoOrderHistoryQueryOptions(page, status), enabled });
