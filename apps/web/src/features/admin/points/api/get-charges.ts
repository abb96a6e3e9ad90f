import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChargesResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export interface ChargesSearch {
  /** ChargeStatus 0 | 1 | 2, or 'all'. */
  status: '0' | '1' | '2' | 'all';
  q: string;
  /** PaymentKind 0 | 1 | 2, or '' for every kind. */
  feeType: '' | '0' | '1' | '2';
  page: number;
}

export function chargesSearchParams(search: ChargesSearch): string {
  const params = new URLSearchParams();
  if (search.status !== 'all') params.set('status', search.status);
  if (search.q) params.set('q', search.q);
  if (search.feeType) params.set('feeType', search.feeType);
  params.set('page', String(search.page));
  return params.toString();
}

export const getCharges = (search: ChargesSearch) =>
  api.get<AdminChargesResponse>(`/admin/api/charges?${chargesSearchParams(search)}`);

/** One page of charge requests, filtered and paged by the server. */
export const getChargesQueryOptions = (search: ChargesSearch) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'charges', search],
    queryFn: () => getCharges(search),
    placeholderData: keepPreviousData,
  });

export const useCharges = (search: ChargesSearch) => useQuery(getChargesQueryOptions(search));
