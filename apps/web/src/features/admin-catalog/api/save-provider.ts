import type { ProviderRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/providers (key required) or PUT /admin/api/providers/:id (blank key: keep it). */
export const saveProvider = ({ id, body }: { id: number | null; body: ProviderRequest }) =>
  id === null
    ? call(adminCatalogApi.createProvider, { body })
    : call(adminCatalogApi.updateProvider, { params: { id }, body });

export const useSaveProvider = () => useCatalogMutation(saveProvider);
