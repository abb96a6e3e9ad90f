import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Popup } from '@smm/domain/contract';
import { siteApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export type { Popup };

export const getPopups = () => call(siteApi.popups);

/**
 * Read once per page load: popups show "on load" (docs/product.md#popups), never again on a later refetch.
 */
export const getPopupsQueryOptions = () =>
  queryOptions({ queryKey: ['popups'], queryFn: getPopups, staleTime: Infinity, retry: false });

export const usePopups = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPopupsQueryOptions(), enabled });
