import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { ordersRequestParams, type OrdersSearch } from '../orders-search';
import { ADMIN_LIST_REFRESH, ADMIN_ORDERS_KEY } from './orders-keys';

/** GET /admin/api/orders — one page of every member's orders, filtered and sorted by the server. */
export const getAdminOrders = (search: OrdersSearch) =>
  call(adminOrdersApi.orders, { query: new URLSearchParams(ordersRequestParams(search)) });

export const getAdminOrdersQueryOptions = (search: OrdersSearch) =>
  queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, ordersRequestParams(search)],
    queryFn: () => getAdminOrders(search),
    placeholderData: keepPreviousData,
    ...ADMIN_LIST_REFRESH,
  });

export const useAdminOrders = (search: OrdersSearch, enabled = true) =>
  useQuery({ ...getAdminOrdersQueryOptions(search), enabled });
