import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@smm/domain/endpoints';
import { call } from '../api-client';

const getProfile = () => call(authApi.profile);

/** One definition for every profile read: the start-up check, the login refetch and the live query. */
export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'profile'],
    queryFn: getProfile,
    staleTime: 30_000,
  });
