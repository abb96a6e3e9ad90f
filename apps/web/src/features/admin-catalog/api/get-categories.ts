import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';

export type { AdminCategory };

export const getCategories = () => api.get<AdminCategory[]>('/admin/api/categories');

/** Every category of every platform, in order (the screen filters by the chosen platform). */
export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: [...CATALOG_QUERY_KEY, 'categories'], queryFn: getCategories });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
