import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export interface ChargesSearch {
  /** ChargeStatus 0 | 1 | 2, or 'all'. */
  status: '0' | '1' | '2' | 'all';
  q: string;
  /** ReceiptKind 0 | 1 | 2 (the URL's feeType), or '' for every kind. */
  receiptKind: '' | '0' | '1' | '2';
  page: number;
}

/**
 * The screen's URL (?status=&q=&feeType=&page=). 전체 is written as status=all: a URL without a status
 * opens the 대기 tab, so leaving it out would send 전체 back there.
 */
export function chargesSearchParams(search: ChargesSearch): string {
  const params = new URLSearchParams();
  params.set('status', search.status);
  if (search.q) params.set('q', search.q);
  if (search.receiptKind) params.set('feeType', search.receiptKind);
  params.set('page', String(search.page));
  return params.toString();
}

/** The server's query: it lists every status when none is given (adminChargesQuery). */
export function chargesApiParams(search: ChargesSearch): string {
  const params = new URLSearchParams(chargesSearchParams(search));
  if (search.status === 'all') params.delete('status');
  return params.toString();
}

export const getCharges = (search: ChargesSearch) =>
  call(adminPointsApi.charges, { query: new URLSearchParams(chargesApiParams(search)) });

/** One page of charge requests, filtered and paged by the server. */
export const getChargesQueryOptions = (search: ChargesSearch) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'charges', search],
    queryFn: () => getCharges(search),
    placeholderData: keepPreviousData,
  });

export const useCharges = (search: ChargesSearch) => useQuery(getChargesQueryOptions(search));
