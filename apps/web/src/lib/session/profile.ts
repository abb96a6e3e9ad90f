import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@smm/domain/contract';
import { api } from '../api-client';

const getProfile = () => api.get<Profile>('/auth/profile');

/** One definition for every profile read: the start-up check, the login refetch and the live query. */
export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'profile'],
    queryFn: getProfile,
    staleTime: 30_000,
  });
