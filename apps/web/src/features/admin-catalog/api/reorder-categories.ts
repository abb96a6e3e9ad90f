import type { CatalogReorderResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** PUT /admin/api/platforms/:id/categories/order with every category id of that platform. */
export const reorderCategories = ({ platformId, ids }: { platformId: number; ids: number[] }) =>
  api.put<CatalogReorderResponse>(`/admin/api/platforms/${platformId}/categories/order`, { ids });

export const useReorderCategories = () => useCatalogMutation(reorderCategories);
