import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteApi } from '@smm/domain/endpoints';
import { call } from './api-client';

export const getPlatforms = () => call(siteApi.platforms);

/** The catalog's platforms: one query for the order page and the link guide, so a visit to either fills both. */
export const getPlatformsQueryOptions = () =>
  queryOptions({ queryKey: ['platforms'], queryFn: getPlatforms, staleTime: 60_000 });

export const usePlatforms = () => useQuery(getPlatformsQueryOptions());
