import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** How often the open dashboard refreshes itself. */
export const DASHBOARD_REFRESH_MS = 60_000;

export const getDashboard = () => call(adminApi.dashboard);

/** The dashboard's figures, refreshed every minute while the screen is open (and on focus). */
export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
