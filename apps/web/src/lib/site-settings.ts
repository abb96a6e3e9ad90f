import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteSettings } from '@smm/domain';
import type { SettingsResponse } from '@smm/domain/contract';
import { api } from './api-client';

const ONE_HOUR = 60 * 60 * 1000;
const EMPTY = new SiteSettings([]);

export const getSiteSettings = () => api.get<SettingsResponse>('/service/settings');

// Module-level so TanStack Query memoises the result: one SiteSettings per fetched list, not per render.
const toSiteSettings = (entries: SettingsResponse) => new SiteSettings(entries);

/** Site settings and flags (docs/product.md#site-settings), cached for an hour, not refetched on mount. */
export const getSiteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: getSiteSettings,
    staleTime: ONE_HOUR,
    gcTime: ONE_HOUR,
    refetchOnMount: false,
  });

export function useSiteSettings(): { settings: SiteSettings; isLoaded: boolean } {
  const query = useQuery({ ...getSiteSettingsQueryOptions(), select: toSiteSettings });
  return { settings: query.data ?? EMPTY, isLoaded: query.isSuccess };
}
