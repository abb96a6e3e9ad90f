import { z } from 'zod';
import { NOTIFY_KINDS, NOTIFY_STATUSES } from '../operator-notifications';

/**
 * The console's 알림 screen (docs/ARCHITECTURE.md#operator-notifications): the operator's choices, whether
 * each channel's transport is configured, and the recent notifications with each channel's state.
 */
export const notifySettingsView = z.object({
  /** The stored NOTIFY_EMAILS text (addresses separated by commas or line breaks). */
  emails: z.string(),
  telegram: z.boolean(),
  kinds: z.array(z.enum(NOTIFY_KINDS)),
  largeChargeWon: z.number().int(),
});
export type NotifySettingsView = z.infer<typeof notifySettingsView>;

export const operatorNotificationRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  emailStatus: z.enum(NOTIFY_STATUSES),
  telegramStatus: z.enum(NOTIFY_STATUSES),
  attempts: z.number().int(),
  /** Key-free: the Telegram token and provider keys never reach it. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OperatorNotificationRow = z.infer<typeof operatorNotificationRow>;

export const RECENT_NOTIFICATIONS_LIMIT = 50;

export const adminNotificationsResponse = z.object({
  settings: notifySettingsView,
  channels: z.object({
    /** 'smtp': real e-mail; 'outbox': SMTP_HOST unset, e-mails go to the development outbox. */
    email: z.enum(['smtp', 'outbox']),
    /** 'bot': TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID set; 'outbox': unset, messages go to the outbox. */
    telegram: z.enum(['bot', 'outbox']),
  }),
  recent: z.array(operatorNotificationRow),
});
export type AdminNotificationsResponse = z.infer<typeof adminNotificationsResponse>;

/** PUT /admin/api/notifications/settings — all four at once; checked by the domain rules before any write. */
export const notifySettingsRequest = z.object({
  emails: z.string().max(2000),
  telegram: z.boolean(),
  kinds: z.array(z.string().max(40)).max(20),
  largeChargeWon: z.string().max(20),
});
export type NotifySettingsRequest = z.infer<typeof notifySettingsRequest>;

/** POST /admin/api/notifications/test — each chosen channel's outcome of one test message. */
export const notifyTestResponse = z.object({
  email: z.object({ status: z.enum(['sent', 'failed', 'off']), error: z.string().nullable() }),
  telegram: z.object({ status: z.enum(['sent', 'failed', 'off']), error: z.string().nullable() }),
});
export type NotifyTestResponse = z.infer<typeof notifyTestResponse>;
