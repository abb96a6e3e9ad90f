import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNotice } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { NOTICES_QUERY_KEY } from './content-keys';

export type { AdminNotice };

/** GET /admin/api/notices — pinned first, newest first. */
export const getNotices = () => api.get<AdminNotice[]>('/admin/api/notices');

export const getAdminNoticesQueryOptions = () =>
  queryOptions({ queryKey: NOTICES_QUERY_KEY, queryFn: getNotices });

export const useAdminNotices = () => useQuery(getAdminNoticesQueryOptions());
