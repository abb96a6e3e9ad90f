import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPopup } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POPUPS_QUERY_KEY } from './content-keys';

export type { AdminPopup };

/** GET /admin/api/popups — every popup, shown or hidden, newest first. */
export const getPopups = () => call(adminContentApi.popups);

export const getAdminPopupsQueryOptions = () =>
  queryOptions({ queryKey: POPUPS_QUERY_KEY, queryFn: getPopups });

export const useAdminPopups = () => useQuery(getAdminPopupsQueryOptions());
