import type { ProviderImportRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Creates services in a category from the provider's list at its rate plus the markup. */
export const importProviderServices = ({ id, body }: { id: number; body: ProviderImportRequest }) =>
  call(adminCatalogApi.importProviderServices, { params: { id }, body });

export const useImportProviderServices = () => useCatalogMutation(importProviderServices);
