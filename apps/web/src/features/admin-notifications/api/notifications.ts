import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotificationsResponse,
  NotifySettingsRequest,
  NotifyTestResponse,
} from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** How often the recent notifications refresh while the screen is visible. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export const getNotifications = () => api.get<AdminNotificationsResponse>('/admin/api/notifications');

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'notifications'],
    queryFn: getNotifications,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());

/** PUT /admin/api/notifications/settings — all four choices at once (a bad one changes nothing). */
export const saveNotifySettings = (body: NotifySettingsRequest) =>
  api.put<AdminNotificationsResponse>('/admin/api/notifications/settings', body);

export function useSaveNotifySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotifySettings,
    onSuccess: (saved) => queryClient.setQueryData(getNotificationsQueryOptions().queryKey, saved),
  });
}

/** POST /admin/api/notifications/test — one test message on each chosen channel (one a 30 s). */
export const sendTestNotification = () => api.post<NotifyTestResponse>('/admin/api/notifications/test');

/** A sent test is listed under 최근 알림: the list is fetched again after one. */
export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
