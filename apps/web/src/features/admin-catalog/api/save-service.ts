import type { ServiceRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/services (no id) or PUT /admin/api/services/:id. */
export const saveService = ({ id, body }: { id: number | null; body: ServiceRequest }) =>
  id === null
    ? call(adminCatalogApi.createService, { body })
    : call(adminCatalogApi.updateService, { params: { id }, body });

export const useSaveService = () => useCatalogMutation(saveService);
