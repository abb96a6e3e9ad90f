import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptStatus } from '@smm/domain/contract';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export interface ReceiptsSearch {
  status: ReceiptStatus;
  /** ReceiptKind 0 (현금영수증) or 1 (세금계산서), or '' for both. */
  kind: '' | '0' | '1';
  page: number;
}

/** The list's filters as a query string (the CSV export takes the same, without the page). */
export function receiptsSearchParams(search: Omit<ReceiptsSearch, 'page'> & { page?: number }): string {
  const params = new URLSearchParams({ status: search.status });
  if (search.kind) params.set('kind', search.kind);
  if (search.page) params.set('page', String(search.page));
  return params.toString();
}

export const getReceipts = (search: ReceiptsSearch) =>
  call(adminPointsApi.receipts, { query: new URLSearchParams(receiptsSearchParams(search)) });

/** Credited charges that asked for a tax invoice or a cash receipt, to issue or issued. */
export const getReceiptsQueryOptions = (search: ReceiptsSearch) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'receipts', search],
    queryFn: () => getReceipts(search),
    placeholderData: keepPreviousData,
  });

export const useReceipts = (search: ReceiptsSearch) => useQuery(getReceiptsQueryOptions(search));
