import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminService } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** GET /admin/api/services — every service, hidden ones too (the 상품 filter lists them all). */
export const getOrderServices = () => api.get<AdminService[]>('/admin/api/services');

export const getOrderServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'orders', 'services'],
    queryFn: getOrderServices,
    staleTime: 5 * 60_000,
  });

export const useOrderServices = () => useQuery(getOrderServicesQueryOptions());
