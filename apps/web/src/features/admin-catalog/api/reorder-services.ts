import type { CatalogReorderResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** PUT /admin/api/categories/:id/services/order with every service id of that category. */
export const reorderServices = ({ categoryId, ids }: { categoryId: number; ids: number[] }) =>
  api.put<CatalogReorderResponse>(`/admin/api/categories/${categoryId}/services/order`, { ids });

export const useReorderServices = () => useCatalogMutation(reorderServices);
