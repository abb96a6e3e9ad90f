import { useMutation } from '@tanstack/react-query';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** Asks the provider for its balance now (a 502 carries the provider's problem in Korean). */
export const checkProviderBalance = (id: number) =>
  call(adminCatalogApi.checkProviderBalance, { params: { id } });

export const useCheckProviderBalance = () => useMutation({ mutationFn: checkProviderBalance });
