import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export const getAuditFilters = () => call(adminApi.auditLogFilters);

/** What the filter dropdowns offer: the actions, target types and operators present in the log. */
export const getAuditFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'audit-log', 'filters'],
    queryFn: getAuditFilters,
    staleTime: 60_000,
  });

export const useAuditFilters = () => useQuery(getAuditFiltersQueryOptions());
