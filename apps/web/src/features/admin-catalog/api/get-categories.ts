import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';

export type { AdminCategory };

export const getCategories = () => call(adminCatalogApi.categories);

/** Every category of every platform, in order (the screen filters by the chosen platform). */
export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: [...CATALOG_QUERY_KEY, 'categories'], queryFn: getCategories });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
