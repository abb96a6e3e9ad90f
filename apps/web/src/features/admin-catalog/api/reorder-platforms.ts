import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** PUT /admin/api/platforms/order with every platform id in the new order. */
export const reorderPlatforms = (ids: number[]) => call(adminCatalogApi.reorderPlatforms, { body: { ids } });

export const useReorderPlatforms = () => useCatalogMutation(reorderPlatforms);
