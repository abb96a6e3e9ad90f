import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useCatalogMutation } from './use-catalog-mutation';

/** Only a category without services can go (409 otherwise). */
export const deleteCategory = (id: number) => call(adminCatalogApi.deleteCategory, { params: { id } });

export const useDeleteCategory = () => useCatalogMutation(deleteCategory);
