import type { CatalogDeleteResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Only a service no order names can go (409: hide it instead). */
export const deleteService = (id: number) => api.delete<CatalogDeleteResponse>(`/admin/api/services/${id}`);

export const useDeleteService = () => useCatalogMutation(deleteService);
