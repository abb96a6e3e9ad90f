import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ChargeStatus } from '@smm/domain';
import type { ChargeHistoryResponse } from '@smm/domain/contract';
import { pointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** Every page of the member's charges sits under this key (a new charge refetches them all). */
export const CHARGE_HISTORY_KEY = ['charge-history'] as const;

/** While a charge waits for its transfer, the page looks again this often (a deposit lands within minutes). */
export const PENDING_POLL_MS = 5000;

export const getChargeHistory = (page: number) => call(pointsApi.history, { query: { page } });

export const hasPendingCharge = (data: ChargeHistoryResponse | undefined) =>
  data?.items.some((item) => item.status === ChargeStatus.PENDING) ?? false;

/** One page of the member's charges; polled while one of them is pending. Never run for a guest. */
export const getChargeHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...CHARGE_HISTORY_KEY, { page }],
    queryFn: () => getChargeHistory(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasPendingCharge(query.state.data) ? PENDING_POLL_MS : false),
  });

export const useChargeHistory = (page: number, enabled: boolean) =>
  useQuery({ ...getChargeHistoryQueryOptions(page), enabled });
