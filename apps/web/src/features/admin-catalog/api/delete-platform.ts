import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Only a platform without categories can go (409 otherwise). */
export const deletePlatform = (id: number) => call(adminCatalogApi.deletePlatform, { params: { id } });

export const useDeletePlatform = () => useCatalogMutation(deletePlatform);
