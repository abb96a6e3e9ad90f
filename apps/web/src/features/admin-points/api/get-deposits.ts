import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositStatus } from '@smm/domain/contract';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export interface DepositsSearch {
  status: DepositStatus | 'all';
  page: number;
}

/**
 * The screen's URL (?status=&page=). 전체 is written as status=all: a URL without a status opens the
 * 미확인 tab, so leaving it out would send 전체 back there.
 */
export function depositsSearchParams(search: DepositsSearch): string {
  const params = new URLSearchParams();
  params.set('status', search.status);
  params.set('page', String(search.page));
  return params.toString();
}

/** The server's query: it lists every status when none is given (adminDepositsQuery). */
export function depositsApiParams(search: DepositsSearch): string {
  const params = new URLSearchParams();
  if (search.status !== 'all') params.set('status', search.status);
  params.set('page', String(search.page));
  return params.toString();
}

export const getDeposits = (search: DepositsSearch) =>
  call(adminPointsApi.deposits, { query: new URLSearchParams(depositsApiParams(search)) });

/** One page of deposits (relay, bank message or entered by hand), by state. */
export const getDepositsQueryOptions = (search: DepositsSearch) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'deposits', search],
    queryFn: () => getDeposits(search),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (search: DepositsSearch) => useQuery(getDepositsQueryOptions(search));
