import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/**
 * GET /admin/api/settings/config-status — for each setting that needs server configuration, the server
 * variables this server lacks (names only). It changes only when the server restarts with new variables.
 */
export const getSettingsConfigStatus = () => call(adminApi.settingsConfigStatus);

export const useSettingsConfigStatus = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'settings', 'config-status'],
      queryFn: getSettingsConfigStatus,
      staleTime: 60_000,
    }),
  );
