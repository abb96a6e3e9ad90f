import type { CategoryRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/categories (no id) or PUT /admin/api/categories/:id (a new platformId moves it). */
export const saveCategory = ({ id, body }: { id: number | null; body: CategoryRequest }) =>
  id === null
    ? call(adminCatalogApi.createCategory, { body })
    : call(adminCatalogApi.updateCategory, { params: { id }, body });

export const useSaveCategory = () => useCatalogMutation(saveCategory);
