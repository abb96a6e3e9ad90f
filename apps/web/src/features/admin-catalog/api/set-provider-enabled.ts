import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/providers/:id/enable | disable: a disabled provider's services cannot be ordered. */
export const setProviderEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  call(enabled ? adminCatalogApi.enableProvider : adminCatalogApi.disableProvider, { params: { id } });

export const useSetProviderEnabled = () => useCatalogMutation(setProviderEnabled);
