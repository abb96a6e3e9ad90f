import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNotice } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { NOTICES_QUERY_KEY } from './content-keys';

export type { AdminNotice };

/** GET /admin/api/notices — pinned first, newest first. */
export const getNotices = () => call(adminContentApi.notices);

export const getAdminNoticesQueryOptions = () =>
  queryOptions({ queryKey: NOTICES_QUERY_KEY, queryFn: getNotices });

export const useAdminNotices = () => useQuery(getAdminNoticesQueryOptions());
