import type { ProviderMutationResponse, ProviderRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/providers (key required) or PUT /admin/api/providers/:id (blank key: keep it). */
export const saveProvider = ({ id, body }: { id: number | null; body: ProviderRequest }) =>
  id === null
    ? api.post<ProviderMutationResponse>('/admin/api/providers', body)
    : api.put<ProviderMutationResponse>(`/admin/api/providers/${id}`, body);

export const useSaveProvider = () => useCatalogMutation(saveProvider);
