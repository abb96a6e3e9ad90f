import type { QueryClient } from '@tanstack/react-query';
import { MEMBER_QUERY_KEY, MEMBERS_QUERY_KEY } from '@/features/admin/api/query-keys';

/** Every money list of the console sits under this key, so one invalidation refreshes them all. */
export const POINTS_QUERY_KEY = ['admin', 'money'] as const;

/**
 * After money moved (a charge accepted, a deposit attached, a balance adjusted): the money lists and
 * the members area's lists and member pages (their balances) are refetched.
 */
export function invalidatePoints(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: POINTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY }),
  ]);
}
