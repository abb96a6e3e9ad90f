import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProvider } from '@smm/domain/contract';
import { PROVIDERS_QUERY_KEY } from './query-keys';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export type { AdminProvider };

export const getProviders = () => call(adminCatalogApi.providers);

/** Providers with their key masked and how many of our services each fulfils. */
export const getProvidersQueryOptions = () =>
  queryOptions({ queryKey: PROVIDERS_QUERY_KEY, queryFn: getProviders });

export const useProviders = () => useQuery(getProvidersQueryOptions());
