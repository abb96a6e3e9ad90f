import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call, isApiError } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export const getMemberLedger = (loginId: string, page: number) =>
  call(adminPointsApi.memberLedger, { params: { loginId }, query: { page } });

/** One page of a member's ledger (newest first) and the balance; a 404 is not retried. */
export const getMemberLedgerQueryOptions = (loginId: string, page: number) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'ledger', loginId.toLowerCase(), page],
    queryFn: () => getMemberLedger(loginId, page),
    placeholderData: keepPreviousData,
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
  });

export const useMemberLedger = (loginId: string, page: number) =>
  useQuery(getMemberLedgerQueryOptions(loginId, page));
