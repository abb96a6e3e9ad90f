import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogFiltersResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export const getAuditFilters = () => api.get<AuditLogFiltersResponse>('/admin/api/audit-log/actions');

/** What the filter dropdowns offer: the actions, target types and operators present in the log. */
export const getAuditFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'audit-log', 'filters'],
    queryFn: getAuditFilters,
    staleTime: 60_000,
  });

export const useAuditFilters = () => useQuery(getAuditFiltersQueryOptions());
