import type { CatalogDeleteResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Only a platform without categories can go (409 otherwise). */
export const deletePlatform = (id: number) => api.delete<CatalogDeleteResponse>(`/admin/api/platforms/${id}`);

export const useDeletePlatform = () => useCatalogMutation(deletePlatform);
