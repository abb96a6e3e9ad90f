import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlatform } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';

export type { AdminPlatform };

export const getPlatforms = () => call(adminCatalogApi.platforms);

/** Every platform, hidden ones too, in the members' order. */
export const getPlatformsQueryOptions = () =>
  queryOptions({ queryKey: [...CATALOG_QUERY_KEY, 'platforms'], queryFn: getPlatforms });

export const usePlatforms = () => useQuery(getPlatformsQueryOptions());
