import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** GET /admin/api/services — every service, hidden ones too (the 상품 filter lists them all). */
export const getOrderServices = () => call(adminCatalogApi.services);

export const getOrderServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'orders', 'services'],
    queryFn: getOrderServices,
    staleTime: 5 * 60_000,
  });

export const useOrderServices = () => useQuery(getOrderServicesQueryOptions());
