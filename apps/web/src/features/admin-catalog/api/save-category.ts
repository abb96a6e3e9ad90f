import type { CategoryMutationResponse, CategoryRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/categories (no id) or PUT /admin/api/categories/:id (a new platformId moves it). */
export const saveCategory = ({ id, body }: { id: number | null; body: CategoryRequest }) =>
  id === null
    ? api.post<CategoryMutationResponse>('/admin/api/categories', body)
    : api.put<CategoryMutationResponse>(`/admin/api/categories/${id}`, body);

export const useSaveCategory = () => useCatalogMutation(saveCategory);
