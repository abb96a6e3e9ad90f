import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const getOrderHistory = (page: number, status: number | undefined) =>
  call(ordersApi.history, { query: { page, status } });

/** Every page and filter of the member's orders sits under this key (an action refetches them all). */
export const ORDER_HISTORY_KEY = ['order-history'] as const;

/** One page of the member's orders, filtered and paged by the server; never run for a guest. */
export const getOrderHistoryQueryOptions = (page: number, status: number | undefined) =>
  queryOptions({
    queryKey: [...ORDER_HISTORY_KEY, { page, status: status ?? null }],
    queryFn: () => getOrderHistory(page, status),
    placeholderData: keepPreviousData,
  });

export const useOrderHistory = (page: number, status: number | undefined, enabled: boolean) =>
  useQuery({ ...getOrderHistoryQueryOptions(page, status), enabled });
