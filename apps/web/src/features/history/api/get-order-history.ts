import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderHistoryResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export function historySearch(page: number, status: number | undefined): string {
  const params = new URLSearchParams({ page: String(page) });
  if (status !== undefined) params.set('status', String(status));
  return params.toString();
}

export const getOrderHistory = (page: number, status: number | undefined) =>
  api.get<OrderHistoryResponse>(`/service/order-history?${historySearch(page, status)}`);

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
