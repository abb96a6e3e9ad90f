import { endpoint } from '../endpoint';

/** The console's single-screen areas: dashboard, watch, audit log, notifications, settings. Operators only. */
export const adminApi = {
  dashboard: endpoint({ method: 'GET', path: '/admin/api/dashboard', response: 'adminDashboardResponse' }),
  watch: endpoint({ method: 'GET', path: '/admin/api/watch', response: 'adminWatchResponse' }),
  auditLog: endpoint({
    method: 'GET',
    path: '/admin/api/audit-log',
    query: 'auditLogQuery',
    response: 'auditLogResponse',
  }),
  auditLogFilters: endpoint({
    method: 'GET',
    path: '/admin/api/audit-log/actions',
    response: 'auditLogFiltersResponse',
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/admin/api/notifications',
    response: 'adminNotificationsResponse',
  }),
  saveNotificationSettings: endpoint({
    method: 'PUT',
    path: '/admin/api/notifications/settings',
    body: 'notifySettingsRequest',
    response: 'adminNotificationsResponse',
  }),
  sendTestNotification: endpoint({
    method: 'POST',
    path: '/admin/api/notifications/test',
    response: 'notifyTestResponse',
  }),
  settings: endpoint({ method: 'GET', path: '/admin/api/settings', response: 'adminSettingsResponse' }),
  settingsConfigStatus: endpoint({
    method: 'GET',
    path: '/admin/api/settings/config-status',
    response: 'settingsConfigStatusResponse',
  }),
  updateSetting: endpoint({
    method: 'PUT',
    path: '/admin/api/settings/:key',
    params: 'settingPathParams',
    body: 'settingUpdateRequest',
    response: 'settingUpdateResponse',
  }),
};
