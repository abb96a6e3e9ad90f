import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberSort, MemberStatusFilter } from '@smm/domain';
import { MEMBERS_QUERY_KEY } from '@/features/admin/api/query-keys';
import { adminMembersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export interface MembersSearch {
  q: string;
  status: MemberStatusFilter;
  sort: MemberSort;
  dir: 'asc' | 'desc';
  page: number;
}

export function membersSearchParams(search: MembersSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  params.set('status', search.status);
  params.set('sort', search.sort);
  params.set('dir', search.dir);
  params.set('page', String(search.page));
  return params.toString();
}

export const getMembers = (search: MembersSearch) =>
  call(adminMembersApi.members, { query: new URLSearchParams(membersSearchParams(search)) });

/** One page of members (50), searched, filtered and sorted by the server. */
export const getMembersQueryOptions = (search: MembersSearch) =>
  queryOptions({
    queryKey: [...MEMBERS_QUERY_KEY, search],
    queryFn: () => getMembers(search),
    placeholderData: keepPreviousData,
  });

export const useMembers = (search: MembersSearch) => useQuery(getMembersQueryOptions(search));
