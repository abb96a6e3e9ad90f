import type { PlatformMutationResponse, PlatformRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/platforms (no id) or PUT /admin/api/platforms/:id. */
export const savePlatform = ({ id, body }: { id: number | null; body: PlatformRequest }) =>
  id === null
    ? api.post<PlatformMutationResponse>('/admin/api/platforms', body)
    : api.put<PlatformMutationResponse>(`/admin/api/platforms/${id}`, body);

export const useSavePlatform = () => useCatalogMutation(savePlatform);
