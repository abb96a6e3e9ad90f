import { useQuery } from '@tanstack/react-query';
import type { AdminSetting } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export type { AdminSetting };

export const ADMIN_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/** GET /admin/api/settings — every key of SPEC.md §3 with its value, kind and choices. */
export const getAdminSettings = () => api.get<AdminSetting[]>('/admin/api/settings');

export const useAdminSettings = () =>
  useQuery({ queryKey: ADMIN_SETTINGS_QUERY_KEY, queryFn: getAdminSettings });
