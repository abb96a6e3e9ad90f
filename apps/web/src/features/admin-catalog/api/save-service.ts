import type { ServiceMutationResponse, ServiceRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** POST /admin/api/services (no id) or PUT /admin/api/services/:id. */
export const saveService = ({ id, body }: { id: number | null; body: ServiceRequest }) =>
  id === null
    ? api.post<ServiceMutationResponse>('/admin/api/services', body)
    : api.put<ServiceMutationResponse>(`/admin/api/services/${id}`, body);

export const useSaveService = () => useCatalogMutation(saveService);
