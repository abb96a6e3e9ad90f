import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** The audit screen's filters, as they sit in the URL (every value text; '' = not filtered). */
export interface AuditSearch {
  action: string;
  operator: string;
  targetType: string;
  q: string;
  from: string;
  to: string;
  page: number;
}

const AUDIT_FILTER_KEYS = ['action', 'operator', 'targetType', 'q', 'from', 'to'] as const;

/** The filters as a query string: empty ones left out, page 1 left out. */
export function auditSearchParams(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = search[key].trim();
    if (value) params.set(key, value);
  }
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

export const getAuditLog = (search: AuditSearch) => {
  const params = auditSearchParams(search);
  params.set('page', String(search.page));
  return call(adminApi.auditLog, { query: params });
};

/** One page (50) of operator actions, newest first, filtered by the server. */
export const getAuditLogQueryOptions = (search: AuditSearch) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', search],
    queryFn: () => getAuditLog(search),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (search: AuditSearch) => useQuery(getAuditLogQueryOptions(search));
