import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderServiceItem } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { PROVIDERS_QUERY_KEY } from '@/features/admin/api/query-keys';

export const getProviderServices = (id: number) =>
  api.get<ProviderServiceItem[]>(`/admin/api/providers/${id}/services`);

/** The provider's own services list, asked live (not retried: a failing provider answers 502). */
export const getProviderServicesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PROVIDERS_QUERY_KEY, id, 'services'],
    queryFn: () => getProviderServices(id),
    retry: false,
    staleTime: 60_000,
  });

export const useProviderServices = (id: number) => useQuery(getProviderServicesQueryOptions(id));
