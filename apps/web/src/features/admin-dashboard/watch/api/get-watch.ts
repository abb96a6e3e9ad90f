import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** How often the watch refreshes while the console is visible (TanStack pauses it in a hidden tab). */
export const WATCH_REFRESH_MS = 30_000;

export const getWatch = () => call(adminApi.watch);

/** The 확인 필요 list; the screen and the dashboard's card share it. */
export const getWatchQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'watch'],
    queryFn: getWatch,
    refetchInterval: WATCH_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const useWatch = () => useQuery(getWatchQueryOptions());
