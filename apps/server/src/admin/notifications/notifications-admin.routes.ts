import {
  NOTIFY_KINDS,
  NOTIFY_MESSAGES,
  formatSeoulDateTime,
  notificationMessage,
  notifySettingsFrom,
  validateNotifySetting,
  type NotifySettingKey,
  type NotifyStatus,
} from '@smm/domain';
import {
  RECENT_NOTIFICATIONS_LIMIT,
  type AdminNotificationsResponse,
  type NotifySettingsRequest,
  type NotifyTestResponse,
} from '@smm/domain/contract';
import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import { appError, rateLimited } from '../../errors/app-error';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/** One test message per this long (per process): the button must not become a way to spam a chat. */
export const TEST_INTERVAL_MS = 30_000;

/**
 * The console's 알림 screen (docs/ARCHITECTURE.md#operator-notifications): the operator's channels,
 * kinds and threshold (operator-only settings, written through the settings service, so audited and
 * never served to members), the transports' state, the recent notifications, and a test message.
 */
export function notificationsAdminRoutes(deps: ConsoleServices['notifications']): FastifyPluginAsyncZod {
  const { notifications, settings, clock } = deps;
  let lastTest = Number.NEGATIVE_INFINITY;

  async function view(): Promise<AdminNotificationsResponse> {
    const stored = await settings.stored();
    const chosen = notifySettingsFrom(stored);
    const rows = await notifications.recent(RECENT_NOTIFICATIONS_LIMIT);
    return {
      settings: {
        emails: stored.get('NOTIFY_EMAILS') ?? '',
        telegram: chosen.telegram,
        kinds: chosen.kinds,
        largeChargeWon: chosen.largeChargeWon,
      },
      channels: { email: notifications.options.emailTransport, telegram: notifications.telegram.transport },
      recent: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
        emailStatus: row.emailStatus as NotifyStatus,
        telegramStatus: row.telegramStatus as NotifyStatus,
        attempts: row.attempts,
        lastError: row.lastError,
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    };
  }

  /** The four values as stored text, each checked before any is written (a bad one changes nothing). */
  function storedValues(body: NotifySettingsRequest): [NotifySettingKey, string][] {
    const unknown = body.kinds.some((kind) => !(NOTIFY_KINDS as readonly string[]).includes(kind));
    if (unknown || body.kinds.length === 0) throw appError('SETTING_INVALID', NOTIFY_MESSAGES.KINDS);
    const values: [NotifySettingKey, string][] = [
      ['NOTIFY_EMAILS', body.emails.trim()],
      ['NOTIFY_TELEGRAM', body.telegram ? 'true' : 'false'],
      ['NOTIFY_KINDS', NOTIFY_KINDS.filter((kind) => body.kinds.includes(kind)).join(',')],
      ['NOTIFY_LARGE_CHARGE_WON', body.largeChargeWon.trim().replaceAll(',', '')],
    ];
    for (const [key, value] of values) {
      const problem = validateNotifySetting(key, value);
      if (problem) throw appError('SETTING_INVALID', problem);
    }
    return values;
  }

  return async (app) => {
    const operator = { auth: 'operator' } as const;
    route(app, adminApi.notifications, { config: operator }, () => view());
    route(app, adminApi.saveNotificationSettings, { config: operator }, async (request) => {
      const values = storedValues(request.body);
      const operatorId = accountOf(request).id;
      // Each write is the settings service's: audited as a setting change, every process's copy dropped.
      for (const [key, value] of values) await settings.update(operatorId, key, value);
      notifications.scanSoon();
      return view();
    });
    route(app, adminApi.sendTestNotification, { config: operator }, async (): Promise<NotifyTestResponse> => {
      // Nothing to send on is refused before the limit is counted: the operator who forgot to save a
      // channel must not then wait 30 seconds to try again (docs/ARCHITECTURE.md#operator-notifications).
      const chosen = notifySettingsFrom(await settings.stored());
      if (chosen.emails.length === 0 && !chosen.telegram)
        throw appError('BAD_REQUEST', NOTIFY_MESSAGES.TEST_NO_CHANNEL);
      // Checked and counted with no await between, so two clicks at once send one test. A clock set
      // back (an adjusted system clock) does not hold the button for the time it went back.
      const now = clock.now().getTime();
      if (now >= lastTest && now - lastTest < TEST_INTERVAL_MS)
        throw rateLimited('TOO_MANY_REQUESTS', (lastTest + TEST_INTERVAL_MS - now) / 1000);
      lastTest = now;
      const title = '테스트 알림';
      const body = `운영자 콘솔에서 보낸 테스트 메시지입니다. (${formatSeoulDateTime(now)})`;
      const message = notificationMessage([{ title, body }]);
      const [email, telegram] = await Promise.all([
        chosen.emails.length > 0 ? notifications.send('email', message) : undefined,
        chosen.telegram ? notifications.send('telegram', message) : undefined,
      ]);
      // Listed under 최근 알림 like any notification, so the operator sees what went where.
      await notifications.recordTest({ title, body, email, telegram });
      const outcome = (problem: string | null | undefined) =>
        problem === undefined
          ? { status: 'off' as const, error: null }
          : problem === null
            ? { status: 'sent' as const, error: null }
            : { status: 'failed' as const, error: problem };
      return { email: outcome(email), telegram: outcome(telegram) };
    });
  };
}
