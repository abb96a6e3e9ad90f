import { useQuery } from '@tanstack/react-query';
import type { ProviderSendingRequest, SimulatedModeRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';
import { useCatalogMutation } from './use-catalog-mutation';

/** Under the catalog's key: the switch changes the providers list too. */
export const PROVIDER_HEALTH_QUERY_KEY = [...CATALOG_QUERY_KEY, 'health'] as const;

export const getProviderHealth = () => call(adminCatalogApi.providerHealth);

/** Refreshed every 30 s while the screen is open, so an operator watches the calls and samples come in. */
export const useProviderHealth = () =>
  useQuery({
    queryKey: PROVIDER_HEALTH_QUERY_KEY,
    queryFn: getProviderHealth,
    refetchInterval: 30_000,
  });

/** 신규 주문 전송 중지 on or off for one provider. */
export const setProviderSending = ({ id, body }: { id: number; body: ProviderSendingRequest }) =>
  call(adminCatalogApi.setProviderSending, { params: { id }, body });
export const useSetProviderSending = () => useCatalogMutation(setProviderSending);

/** The demo's simulated provider: 잔액 소진 / 응답 없음. */
export const setSimulatedMode = (body: SimulatedModeRequest) =>
  call(adminCatalogApi.setSimulatedMode, { body });
export const useSetSimulatedMode = () => useCatalogMutation(setSimulatedMode);
