import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberDetailResponse } from '@smm/domain/contract';
import { MEMBER_QUERY_KEY } from '@/features/admin/api/query-keys';
import { api, isApiError } from '@/lib/api-client';

export const getMember = (loginId: string) =>
  api.get<AdminMemberDetailResponse>(`/admin/api/members/${encodeURIComponent(loginId)}`);

/** A member's profile with their 20 newest orders and charges; a 404 is not retried. */
export const getMemberQueryOptions = (loginId: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, loginId.toLowerCase()],
    queryFn: () => getMember(loginId),
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
  });

export const useMember = (loginId: string) => useQuery(getMemberQueryOptions(loginId));
