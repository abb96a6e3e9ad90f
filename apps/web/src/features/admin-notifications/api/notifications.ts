import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifySettingsRequest } from '@smm/domain/contract';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** How often the recent notifications refresh while the screen is visible. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export const getNotifications = () => call(adminApi.notifications);

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'notifications'],
    queryFn: getNotifications,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());

/** PUT /admin/api/notifications/settings — all four choices at once (a bad one changes nothing). */
export const saveNotifySettings = (body: NotifySettingsRequest) =>
  call(adminApi.saveNotificationSettings, { body });

export function useSaveNotifySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotifySettings,
    onSuccess: (saved) => queryClient.setQueryData(getNotificationsQueryOptions().queryKey, saved),
  });
}

/** POST /admin/api/notifications/test — one test message on each chosen channel (one a 30 s). */
export const sendTestNotification = () => call(adminApi.sendTestNotification);

/** A sent test is listed under 최근 알림: the list is fetched again after one. */
export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
