import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export const getServices = () => api.get<Service[]>('/service/services');

export const getServicesQueryOptions = () =>
  queryOptions({ queryKey: ['services'], queryFn: getServices, staleTime: 60_000 });

export const useServices = () => useQuery(getServicesQueryOptions());
