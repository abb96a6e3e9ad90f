import type { PlatformRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/platforms (no id) or PUT /admin/api/platforms/:id. */
export const savePlatform = ({ id, body }: { id: number | null; body: PlatformRequest }) =>
  id === null
    ? call(adminCatalogApi.createPlatform, { body })
    : call(adminCatalogApi.updatePlatform, { params: { id }, body });

export const useSavePlatform = () => useCatalogMutation(savePlatform);
