import type { CatalogReorderResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** PUT /admin/api/platforms/order with every platform id in the new order. */
export const reorderPlatforms = (ids: number[]) =>
  api.put<CatalogReorderResponse>('/admin/api/platforms/order', { ids });

export const useReorderPlatforms = () => useCatalogMutation(reorderPlatforms);
