import { useQuery } from '@tanstack/react-query';
import { SiteSettings } from '@smm/domain';
import type { SettingsResponse } from '@smm/domain/contract';
import { api } from './api-client';
import { SETTINGS_QUERY_KEY } from './query-client';

const ONE_HOUR = 60 * 60 * 1000;
const EMPTY = new SiteSettings([]);

export const getSiteSettings = () => api.get<SettingsResponse>('/service/settings');

// Module-level so TanStack Query memoises the result: one SiteSettings per fetched list, not per render.
const toSiteSettings = (entries: SettingsResponse) => new SiteSettings(entries);

/** Site settings and flags (SPEC.md §3), cached for an hour and not refetched on mount (§7). */
export function useSiteSettings(): { settings: SiteSettings; isLoaded: boolean } {
  const query = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: getSiteSettings,
    staleTime: ONE_HOUR,
    gcTime: ONE_HOUR,
    refetchOnMount: false,
    select: toSiteSettings,
  });
  return { settings: query.data ?? EMPTY, isLoaded: query.isSuccess };
}
