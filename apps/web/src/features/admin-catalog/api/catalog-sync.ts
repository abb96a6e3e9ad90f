import { useQuery } from '@tanstack/react-query';
import type { ExchangeRateRequest, SimulatedListingRequest, SyncSettingsRequest } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { CATALOG_QUERY_KEY } from './catalog-keys';
import { useCatalogMutation } from './use-catalog-mutation';

/** Under the catalog's key: a sync changes services, so every catalog list is refetched after one. */
export const CATALOG_SYNC_QUERY_KEY = [...CATALOG_QUERY_KEY, 'sync'] as const;

export const getCatalogSync = () => call(adminCatalogApi.catalogSync);

export const useCatalogSync = () => useQuery({ queryKey: CATALOG_SYNC_QUERY_KEY, queryFn: getCatalogSync });

/** 지금 동기화: the provider's services are read now and our services brought in step. */
export const syncProviderNow = (id: number) => call(adminCatalogApi.syncProvider, { params: { id } });
export const useSyncProviderNow = () => useCatalogMutation(syncProviderNow);

/** 적용: a listing the sync held as suspicious is applied after all (the operator checked it is real). */
export const applySuspiciousSync = (id: number) =>
  call(adminCatalogApi.applySuspiciousSync, { params: { id } });
export const useApplySuspiciousSync = () => useCatalogMutation(applySuspiciousSync);

export const saveSyncSettings = ({ id, body }: { id: number; body: SyncSettingsRequest }) =>
  call(adminCatalogApi.saveSyncSettings, { params: { id }, body });
export const useSaveSyncSettings = () => useCatalogMutation(saveSyncSettings);

export const saveExchangeRate = (body: ExchangeRateRequest) =>
  call(adminCatalogApi.saveExchangeRates, { body });
export const useSaveExchangeRate = () => useCatalogMutation(saveExchangeRate);

/** The demo's control of the built-in simulated provider's listing (then 지금 동기화 shows the effect). */
export const setSimulatedListing = ({ id, body }: { id: number; body: SimulatedListingRequest }) =>
  call(adminCatalogApi.setSimulatedListing, { params: { id }, body });
export const useSetSimulatedListing = () => useCatalogMutation(setSimulatedListing);
