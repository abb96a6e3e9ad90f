import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingConfigStatus } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/**
 * GET /admin/api/settings/config-status — for each setting that needs server configuration, the server
 * variables this server lacks (names only). It changes only when the server restarts with new variables.
 */
export const getSettingsConfigStatus = () =>
  api.get<SettingConfigStatus[]>('/admin/api/settings/config-status');

export const useSettingsConfigStatus = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'settings', 'config-status'],
      queryFn: getSettingsConfigStatus,
      staleTime: 60_000,
    }),
  );
