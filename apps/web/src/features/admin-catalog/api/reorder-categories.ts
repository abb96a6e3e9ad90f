import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** PUT /admin/api/platforms/:id/categories/order with every category id of that platform. */
export const reorderCategories = ({ platformId, ids }: { platformId: number; ids: number[] }) =>
  call(adminCatalogApi.reorderCategories, { params: { id: platformId }, body: { ids } });

export const useReorderCategories = () => useCatalogMutation(reorderCategories);
