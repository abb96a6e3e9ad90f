import type { ProviderImportRequest, ProviderImportResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Creates services in a category from the provider's list at its rate plus the markup. */
export const importProviderServices = ({ id, body }: { id: number; body: ProviderImportRequest }) =>
  api.post<ProviderImportResponse>(`/admin/api/providers/${id}/import`, body);

export const useImportProviderServices = () => useCatalogMutation(importProviderServices);
