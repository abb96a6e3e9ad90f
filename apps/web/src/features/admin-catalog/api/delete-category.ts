import type { CatalogDeleteResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Only a category without services can go (409 otherwise). */
export const deleteCategory = (id: number) =>
  api.delete<CatalogDeleteResponse>(`/admin/api/categories/${id}`);

export const useDeleteCategory = () => useCatalogMutation(deleteCategory);
