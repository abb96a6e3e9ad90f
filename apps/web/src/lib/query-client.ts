import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { getSiteSettingsQueryOptions } from './site-settings';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not turn into a 2xx by asking again; only network-ish failures retry once.
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Per-member data is dropped on login/logout; site settings are the same for everyone and stay. */
export function clearMemberQueries(queryClient: QueryClient): void {
  const [settingsRoot] = getSiteSettingsQueryOptions().queryKey;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsRoot });
}
