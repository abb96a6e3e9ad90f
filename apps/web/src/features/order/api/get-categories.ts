import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const getCategories = () => call(siteApi.categories);

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 60_000 });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
