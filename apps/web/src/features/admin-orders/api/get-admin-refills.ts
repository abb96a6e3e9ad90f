import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { refillsRequestParams, type OrdersSearch } from '../orders-search';
import { ADMIN_LIST_REFRESH, ADMIN_REFILLS_KEY } from './orders-keys';

/** GET /admin/api/refills — one page of every member's refills, newest first. */
export const getAdminRefills = (search: OrdersSearch) =>
  call(adminOrdersApi.refills, { query: new URLSearchParams(refillsRequestParams(search)) });

export const getAdminRefillsQueryOptions = (search: OrdersSearch) =>
  queryOptions({
    queryKey: [...ADMIN_REFILLS_KEY, refillsRequestParams(search)],
    queryFn: () => getAdminRefills(search),
    placeholderData: keepPreviousData,
    ...ADMIN_LIST_REFRESH,
  });

export const useAdminRefills = (search: OrdersSearch, enabled = true) =>
  useQuery({ ...getAdminRefillsQueryOptions(search), enabled });
