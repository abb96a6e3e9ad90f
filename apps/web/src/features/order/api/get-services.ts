import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const getServices = () => call(siteApi.services);

export const getServicesQueryOptions = () =>
  queryOptions({ queryKey: ['services'], queryFn: getServices, staleTime: 60_000 });

export const useServices = () => useQuery(getServicesQueryOptions());
