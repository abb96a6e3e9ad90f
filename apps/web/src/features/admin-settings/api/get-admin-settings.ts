import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSetting } from '@smm/domain/contract';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export type { AdminSetting };

/** GET /admin/api/settings — every key of docs/product.md#site-settings with its value, kind and choices. */
export const getAdminSettings = () => call(adminApi.settings);

export const getAdminSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings'], queryFn: getAdminSettings });

export const useAdminSettings = () => useQuery(getAdminSettingsQueryOptions());
