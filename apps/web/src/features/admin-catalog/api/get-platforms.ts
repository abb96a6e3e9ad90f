import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlatform } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';

export type { AdminPlatform };

export const getPlatforms = () => api.get<AdminPlatform[]>('/admin/api/platforms');

/** Every platform, hidden ones too, in the members' order. */
export const getPlatformsQueryOptions = () =>
  queryOptions({ queryKey: [...CATALOG_QUERY_KEY, 'platforms'], queryFn: getPlatforms });

export const usePlatforms = () => useQuery(getPlatformsQueryOptions());
