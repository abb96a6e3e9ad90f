import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProvider } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { PROVIDERS_QUERY_KEY } from './query-keys';

export type { AdminProvider };

export const getProviders = () => api.get<AdminProvider[]>('/admin/api/providers');

/** Providers with their key masked and how many of our services each fulfils. */
export const getProvidersQueryOptions = () =>
  queryOptions({ queryKey: PROVIDERS_QUERY_KEY, queryFn: getProviders });

export const useProviders = () => useQuery(getProvidersQueryOptions());
