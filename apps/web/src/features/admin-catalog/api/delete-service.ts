import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Only a service no order names can go (409: hide it instead). */
export const deleteService = (id: number) => call(adminCatalogApi.deleteService, { params: { id } });

export const useDeleteService = () => useCatalogMutation(deleteService);
