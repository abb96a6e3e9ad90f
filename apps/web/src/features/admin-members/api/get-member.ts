import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembersApi } from '@smm/domain/endpoints';
import { call, isApiError } from '@/lib/api-client';

/** Every member page's query sits under this key (money moves refetch them all). */
export const MEMBER_QUERY_KEY = ['admin', 'member'] as const;

export const getMember = (loginId: string) => call(adminMembersApi.member, { params: { loginId } });

/** A member's profile with their 20 newest orders and charges; a 404 is not retried. */
export const getMemberQueryOptions = (loginId: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, loginId.toLowerCase()],
    queryFn: () => getMember(loginId),
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
  });

export const useMember = (loginId: string) => useQuery(getMemberQueryOptions(loginId));
