import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** PUT /admin/api/categories/:id/services/order with every service id of that category. */
export const reorderServices = ({ categoryId, ids }: { categoryId: number; ids: number[] }) =>
  call(adminCatalogApi.reorderServices, { params: { id: categoryId }, body: { ids } });

export const useReorderServices = () => useCatalogMutation(reorderServices);
