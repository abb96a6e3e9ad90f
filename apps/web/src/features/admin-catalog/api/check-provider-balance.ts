import { useMutation } from '@tanstack/react-query';
import type { ProviderBalanceResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** Asks the provider for its balance now (a 502 carries the provider's problem in Korean). */
export const checkProviderBalance = (id: number) =>
  api.post<ProviderBalanceResponse>(`/admin/api/providers/${id}/balance-check`);

export const useCheckProviderBalance = () => useMutation({ mutationFn: checkProviderBalance });
