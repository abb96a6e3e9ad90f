import type { ProviderMutationResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/providers/:id/enable | disable: a disabled provider's services cannot be ordered. */
export const setProviderEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  api.post<ProviderMutationResponse>(`/admin/api/providers/${id}/${enabled ? 'enable' : 'disable'}`);

export const useSetProviderEnabled = () => useCatalogMutation(setProviderEnabled);
