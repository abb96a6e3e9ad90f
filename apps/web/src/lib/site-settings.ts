import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteSettings } from '@smm/domain';
import type { SettingsResponse } from '@smm/domain/contract';
import { siteApi } from '@smm/domain/endpoints';
import { call } from './api-client';

/**
 * How often an open tab asks for the settings again (and how old they may be when the tab regains
 * focus): an operator's change — the main color, a flag — reaches every open tab within this, not
 * only on reload. One small cached GET a minute per visible tab.
 */
export const SETTINGS_REFRESH_MS = 60 * 1000;
const EMPTY = new SiteSettings([]);

export const getSiteSettings = () => call(siteApi.settings);

// Module-level so TanStack Query memoises the result: one SiteSettings per fetched list, not per render.
const toSiteSettings = (entries: SettingsResponse) => new SiteSettings(entries);

/**
 * Site settings and flags (docs/product.md#site-settings): not refetched on mount (every screen reads
 * them), but again every minute while the tab is visible and when it regains focus after a minute.
 */
export const getSiteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: getSiteSettings,
    staleTime: SETTINGS_REFRESH_MS,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    refetchInterval: SETTINGS_REFRESH_MS,
  });

export function useSiteSettings(): { settings: SiteSettings; isLoaded: boolean } {
  const query = useQuery({ ...getSiteSettingsQueryOptions(), select: toSiteSettings });
  return { settings: query.data ?? EMPTY, isLoaded: query.isSuccess };
}
