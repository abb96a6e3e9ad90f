import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDepositsResponse, DepositStatus } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export interface DepositsSearch {
  status: DepositStatus | 'all';
  page: number;
}

export function depositsSearchParams(search: DepositsSearch): string {
  const params = new URLSearchParams();
  if (search.status !== 'all') params.set('status', search.status);
  params.set('page', String(search.page));
  return params.toString();
}

export const getDeposits = (search: DepositsSearch) =>
  api.get<AdminDepositsResponse>(`/admin/api/deposits?${depositsSearchParams(search)}`);

/** One page of deposits (relay, bank message or entered by hand), by state. */
export const getDepositsQueryOptions = (search: DepositsSearch) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'deposits', search],
    queryFn: () => getDeposits(search),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (search: DepositsSearch) => useQuery(getDepositsQueryOptions(search));
