import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminService } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';

export type { AdminService };

export const getServices = () => call(adminCatalogApi.services);

/** Every service (hidden too) with its category, platform and provider names. */
export const getServicesQueryOptions = () =>
  queryOptions({ queryKey: [...CATALOG_QUERY_KEY, 'services'], queryFn: getServices });

export const useServices = () => useQuery(getServicesQueryOptions());
