import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { ordersRequestParams, type OrdersSearch } from '../orders-search';
import { ADMIN_LIST_REFRESH, ADMIN_AUTO_ORDERS_KEY } from './orders-keys';

/** GET /admin/api/auto-orders — one page of every member's auto-orders. */
export const getAdminAutoOrders = (search: OrdersSearch) =>
  call(adminOrdersApi.autoOrders, { query: new URLSearchParams(ordersRequestParams(search)) });

export const getAdminAutoOrdersQueryOptions = (search: OrdersSearch) =>
  queryOptions({
    queryKey: [...ADMIN_AUTO_ORDERS_KEY, ordersRequestParams(search)],
    queryFn: () => getAdminAutoOrders(search),
    placeholderData: keepPreviousData,
    ...ADMIN_LIST_REFRESH,
  });

export const useAdminAutoOrders = (search: OrdersSearch, enabled = true) =>
  useQuery({ ...getAdminAutoOrdersQueryOptions(search), enabled });
