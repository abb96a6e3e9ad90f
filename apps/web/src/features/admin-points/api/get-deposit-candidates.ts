import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POINTS_QUERY_KEY } from './points-keys';

export const getDepositCandidates = (depositId: number) =>
  call(adminPointsApi.depositCandidates, { params: { id: depositId } });

/** The charges a held deposit may pay for (same amount or same name), likeliest first. */
export const getDepositCandidatesQueryOptions = (depositId: number) =>
  queryOptions({
    queryKey: [...POINTS_QUERY_KEY, 'candidates', depositId],
    queryFn: () => getDepositCandidates(depositId),
  });

export const useDepositCandidates = (depositId: number) =>
  useQuery(getDepositCandidatesQueryOptions(depositId));
