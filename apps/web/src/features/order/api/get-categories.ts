import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export const getCategories = () => api.get<Category[]>('/service/categorys');

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 60_000 });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
