import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@smm/domain/contract';
import { api } from '../api-client';

export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

const getProfile = () => api.get<Profile>('/auth/profile');

/** One definition for every profile read: the start-up check, the login refetch and the live query. */
export const profileQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: getProfile,
  staleTime: 30_000,
});
