import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVIDERS_QUERY_KEY } from '@/features/admin/api/query-keys';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const getProviderServices = (id: number) => call(adminCatalogApi.providerServices, { params: { id } });

/** The provider's own services list, asked live (not retried: a failing provider answers 502). */
export const getProviderServicesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PROVIDERS_QUERY_KEY, id, 'services'],
    queryFn: () => getProviderServices(id),
    retry: false,
    staleTime: 60_000,
  });

export const useProviderServices = (id: number) => useQuery(getProviderServicesQueryOptions(id));
