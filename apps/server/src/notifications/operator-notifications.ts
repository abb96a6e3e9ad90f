import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  NOTIFY_KIND_LABELS,
  PROVIDER_TROUBLE_LABELS,
  SYNC_DISABLED_LABELS,
  chargeLargeBody,
  inquiryNewBody,
  formatWon,
  notificationMessage,
  providerTroublesHeldOpen,
  syncDisabledBody,
  withoutSecrets,
  type NotifyChannel,
  type NotifyKind,
  type NotifySettings,
  type NotifyStatus,
  type ProviderTrouble,
  type SyncDisabledReason,
} from '@smm/domain';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Mailer } from '../messaging/mailer';
import { sendFailureOf } from '../messaging/mailer';
import type { Clock } from '../shared/clock';
import {
  TEST_NOTIFICATION_KIND,
  notificationsRepository as repo,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository';
import type { TelegramSender } from './telegram';
import { TelegramError } from './telegram';

import type { AdminWatchResponse } from '@smm/domain/contract';

const MINUTE = 60_000;

/** One trouble of a provider entry, stated without the provider's error text. */
export interface ProviderTroubleFact {
  trouble: ProviderTrouble;
  text: string;
}

/**
 * Where the events of the watch come from: the console's WatchService (the one compose.ts builds), so the
 * rules and thresholds stay in one place; per provider entry, its troubles by kind.
 */
export interface WatchSource {
  evaluate(): Promise<{ response: AdminWatchResponse; providerTroubles: Map<number, ProviderTroubleFact[]> }>;
}

/** How far back credited charges and finished sync runs are scanned (their keys dedup within it). */
export const EVENT_LOOKBACK_MS = 24 * 60 * MINUTE;
/** Tries per notification before a channel still failing is 'failed'; the waits between them. */
export const MAX_ATTEMPTS = 4;
const BACKOFF_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE];
/** How long one process holds what it claimed to send (each send is limited well within it). */
const CLAIM_MS = 2 * MINUTE;
const BATCH_LIMIT = 100;
/** How long sent notifications are kept for the console's list (see notificationsRepository.prune). */
export const KEEP_MS = 30 * 24 * 60 * MINUTE;

export interface NotificationsLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

export interface OperatorNotificationsOptions {
  /** One send's time limit (an SMTP conversation or a Telegram call): a tick never waits longer. */
  sendTimeoutMs: number;
  /** How often a process looks for new events (the watch's queries); sending runs every tick. */
  scanIntervalMs: number;
  /** Whether e-mail goes out by SMTP or to the development outbox (the console says which). */
  emailTransport: 'smtp' | 'outbox';
  /** PUBLIC_URL as the operator set it: messages link to the console under it (absent: no links). */
  consoleUrl?: string;
}

interface FoundEvent {
  key: string;
  kind: NotifyKind;
  title: string;
  body: string;
}

/**
 * Operator notifications (docs/ARCHITECTURE.md#operator-notifications): a background job finds the
 * events (the watch's entries as they appear, large credited charges, sync runs that disabled
 * services), records each once by its key, and sends what is due, batched per channel, each row's
 * channel at most once (claimed with SKIP LOCKED, so several processes never send one twice).
 */
export class OperatorNotifications {
  private lastScan = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly watch: WatchSource,
    private readonly settings: () => Promise<NotifySettings>,
    private readonly mailer: Mailer,
    readonly telegram: TelegramSender,
    private readonly log: NotificationsLog,
    readonly options: OperatorNotificationsOptions,
  ) {}

  /** The background job: look for events (at most every scanIntervalMs), then send what is due. */
  async tick(): Promise<{
    recorded: number;
    resolved: number;
    pruned: number;
    sent: number;
    failed: number;
  }> {
    const now = this.clock.now().getTime();
    let found = { recorded: 0, resolved: 0, pruned: 0 };
    // A clock set back (a test's reset, an adjusted system clock) scans again too.
    if (Math.abs(now - this.lastScan) >= this.options.scanIntervalMs) {
      this.lastScan = now;
      found = await this.record();
    }
    return { ...found, ...(await this.deliver()) };
  }

  /** The next tick looks for events whatever the interval (the 알림 screen's save; the tests' reset). */
  scanSoon(): void {
    this.lastScan = Number.NEGATIVE_INFINITY;
  }

  /** Finds the events of now and records the new ones; resolves watch events whose entry left. */
  async record(): Promise<{ recorded: number; resolved: number; pruned: number }> {
    const now = this.clock.now();
    const choice = await this.settings();
    const found = await this.findEvents(now, choice);
    const { resolvable } = found;
    // A kind the operator did not choose is not recorded at all (not stored as 'off'): if they choose
    // it later, what is then still there (an open watch entry, a charge of the last 24 h) is announced.
    const events = found.events.filter((event) => choice.kinds.includes(event.kind));
    const open = await repo.openKeys(
      this.db,
      events.map((event) => event.key),
    );
    const fresh = events.filter((event) => !open.has(event.key));
    const recorded = await repo.insertEvents(
      this.db,
      fresh.map((event) => this.newRow(event, choice, now)),
    );
    let resolved = 0;
    for (const { prefix, current } of resolvable)
      resolved += await repo.resolveMissing(this.db, prefix, current, now);
    const pruned = await repo.prune(this.db, new Date(now.getTime() - KEEP_MS));
    return { recorded, resolved, pruned };
  }

  private newRow(event: FoundEvent, choice: NotifySettings, now: Date): NewNotification {
    return {
      eventKey: event.key,
      kind: event.kind,
      title: withoutSecrets(event.title),
      body: withoutSecrets(event.body),
      emailStatus: choice.emails.length > 0 ? 'pending' : 'off',
      telegramStatus: choice.telegram ? 'pending' : 'off',
      createdAt: now,
    };
  }

  private async findEvents(now: Date, choice: NotifySettings) {
    const events: FoundEvent[] = [];
    const resolvable: { prefix: string; current: string[] }[] = [];
    const { response, providerTroubles } = await this.watch.evaluate();
    for (const group of response.groups) {
      const keys: string[] = [];
      for (const item of group.items) {
        if (group.kind === 'PROVIDER_TROUBLE') {
          const facts = providerTroubles.get(item.id) ?? [];
          for (const fact of facts) events.push(providerEvent(item.id, item.label, fact));
          // A low balance read as unreadable for a while is still the same worry: its event stays open.
          for (const trouble of providerTroublesHeldOpen(facts.map((fact) => fact.trouble)))
            keys.push(providerEventKey(item.id, trouble));
          continue;
        }
        const key = `watch:${group.kind}:${item.id}`;
        keys.push(key);
        events.push({
          key,
          kind: group.kind,
          title: NOTIFY_KIND_LABELS[group.kind],
          body: item.won === null ? item.label : `${item.label} ${formatWon(item.won)}`,
        });
      }
      // An entry left its group when the group was not cut short: a later return is a new event.
      if (group.count <= group.items.length) {
        const prefix = group.kind === 'PROVIDER_TROUBLE' ? 'provider:' : `watch:${group.kind}:`;
        resolvable.push({ prefix, current: keys });
      }
    }
    const since = new Date(now.getTime() - EVENT_LOOKBACK_MS);
    for (const charge of await repo.largeCreditedCharges(this.db, since, choice.largeChargeWon))
      events.push({
        key: `charge-credited:${charge.id}`,
        kind: 'CHARGE_LARGE',
        title: NOTIFY_KIND_LABELS.CHARGE_LARGE,
        body: chargeLargeBody(charge),
      });
    for (const inquiry of await repo.newInquiries(this.db, since))
      events.push({
        key: `inquiry-new:${inquiry.id}`,
        kind: 'INQUIRY_NEW',
        title: NOTIFY_KIND_LABELS.INQUIRY_NEW,
        body: inquiryNewBody(inquiry),
      });
    for (const run of await repo.syncRunsThatDisabled(this.db, since))
      events.push({
        key: `sync-disabled:${run.id}`,
        kind: 'SYNC_DISABLED',
        title: NOTIFY_KIND_LABELS.SYNC_DISABLED,
        body: syncDisabledBody({
          ...run,
          services: run.services.map((s) => ({
            ...s,
            reason: SYNC_DISABLED_LABELS[s.reason as SyncDisabledReason] ?? s.reason,
          })),
        }),
      });
    return { events, resolvable };
  }

  /**
   * Sends every due notification this process could claim: per channel, the rows still pending on it
   * go out as one message (one event: its own message; several: one batched message). A channel's
   * success marks it 'sent' on those rows; a failure keeps it pending for a later try (after
   * MAX_ATTEMPTS: 'failed'), and never touches the other channel.
   */
  async deliver(): Promise<{ sent: number; failed: number }> {
    const now = this.clock.now();
    const claimed = await this.db.transaction((tx) =>
      repo.claimDue(tx, now, new Date(now.getTime() + CLAIM_MS), BATCH_LIMIT),
    );
    if (claimed.length === 0) return { sent: 0, failed: 0 };
    const rows = await this.stillWanted(claimed);
    if (rows.length === 0) return { sent: 0, failed: 0 };
    const pendingOn = (channel: NotifyChannel) =>
      rows.filter((row) => (channel === 'email' ? row.emailStatus : row.telegramStatus) === 'pending');
    const [email, telegram] = await Promise.all([
      this.sendOn('email', pendingOn('email')),
      this.sendOn('telegram', pendingOn('telegram')),
    ]);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      const outcome = { email, telegram };
      const anyFailed = (['email', 'telegram'] as const).some(
        (c) => statusOf(row, c) === 'pending' && outcome[c] !== null,
      );
      const attempts = anyFailed ? row.attempts + 1 : row.attempts;
      const next = (c: NotifyChannel): NotifyStatus => {
        if (statusOf(row, c) !== 'pending') return statusOf(row, c);
        if (outcome[c] === null) return 'sent';
        return attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      };
      const errors = (['email', 'telegram'] as const)
        .filter((c) => statusOf(row, c) === 'pending' && outcome[c] !== null)
        .map((c) => `${NOTIFY_CHANNEL_LABELS[c]}: ${outcome[c]}`);
      const emailStatus = next('email');
      const telegramStatus = next('telegram');
      const anySent =
        (statusOf(row, 'email') === 'pending' && emailStatus === 'sent') ||
        (statusOf(row, 'telegram') === 'pending' && telegramStatus === 'sent');
      if (anySent) sent += 1;
      if (emailStatus === 'failed' || telegramStatus === 'failed') failed += 1;
      await repo.finish(this.db, row.id, {
        emailStatus,
        telegramStatus,
        attempts,
        nextAttemptAt: new Date(now.getTime() + (BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? 0)),
        lastError: errors.length > 0 ? errors.join(' / ') : row.lastError,
        sentAt: anySent ? (row.sentAt ?? now) : row.sentAt,
      });
    }
    return { sent, failed };
  }

  /**
   * The claimed rows as the operator's choice stands now: a row whose kind was turned off before
   * anything of it went out is forgotten (as if never recorded, so it is found again should the kind
   * come back), and a channel turned off (the kind, or the channel itself) is 'off' on a row, never
   * retried into 'failed': what the operator switched off is not a lost notification.
   */
  private async stillWanted(rows: NotificationRow[]): Promise<NotificationRow[]> {
    const choice = await this.settings();
    const kept: NotificationRow[] = [];
    const forgotten: number[] = [];
    for (const row of rows) {
      const kindOn = choice.kinds.includes(row.kind as NotifyKind);
      if (!kindOn && row.sentAt === null) {
        forgotten.push(row.id);
        continue;
      }
      const on = (c: NotifyChannel) => kindOn && (c === 'email' ? choice.emails.length > 0 : choice.telegram);
      const [email, telegram] = NOTIFY_CHANNELS.map((c) =>
        statusOf(row, c) === 'pending' && !on(c) ? 'off' : statusOf(row, c),
      );
      kept.push({ ...row, emailStatus: email!, telegramStatus: telegram! });
    }
    if (forgotten.length > 0) {
      await repo.forget(this.db, forgotten);
      this.log.info(
        { notifications: forgotten.length },
        'operator notifications of a kind turned off dropped',
      );
    }
    return kept;
  }

  /** Sends one message on `channel` for `rows`; null when it went out, else the failure's (key-free) words. */
  private async sendOn(channel: NotifyChannel, rows: NotificationRow[]): Promise<string | null> {
    if (rows.length === 0) return null;
    const message = notificationMessage(
      rows.map((row) => ({ title: row.title, body: row.body, kind: row.kind })),
      this.options.consoleUrl,
    );
    const problem = await this.send(channel, message);
    if (problem)
      this.log.warn({ channel, notifications: rows.length, problem }, 'operator notification not sent');
    else this.log.info({ channel, notifications: rows.length }, 'operator notification sent');
    return problem;
  }

  /**
   * One message on one channel within the time limit: null when sent, else why not in Korean (never a
   * recipient, a token or a server's reply). E-mail goes to each chosen address; it counts as sent
   * when any address took it (a retry would repeat it to the others).
   */
  async send(channel: NotifyChannel, message: { subject: string; text: string }): Promise<string | null> {
    try {
      if (channel === 'telegram') {
        await this.withTimeout(this.telegram.send(message.text));
        return null;
      }
      const { emails } = await this.settings();
      if (emails.length === 0) return '받는 주소가 없습니다';
      const results = await Promise.allSettled(
        emails.map((to) =>
          this.withTimeout(
            this.mailer.send({
              to,
              subject: message.subject,
              text: message.text,
              html: htmlOf(message.text, this.options.consoleUrl),
            }),
          ),
        ),
      );
      const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failures.length === results.length) {
        this.log.warn({ channel, failure: sendFailureOf(failures[0]!.reason) }, 'operator e-mail refused');
        return failures[0]!.reason instanceof SendTimeout
          ? (failures[0]!.reason as SendTimeout).message
          : '메일 서버가 메일을 받지 않았습니다';
      }
      return null;
    } catch (error) {
      if (error instanceof TelegramError || error instanceof SendTimeout) return error.message;
      return '보내지 못했습니다';
    }
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = this.options.sendTimeoutMs;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SendTimeout(`${Math.max(1, Math.round(limit / 1000))}초 안에 보내지 못했습니다`)),
        limit,
      );
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A test message (the 알림 screen's button) as it went: each channel's outcome (undefined: not
   * chosen, null: sent, else the key-free reason), recorded already settled so it is listed under
   * 최근 알림 and never claimed or retried. Its key is its own, so it never stands for an event.
   */
  async recordTest(test: {
    title: string;
    body: string;
    email: string | null | undefined;
    telegram: string | null | undefined;
  }): Promise<void> {
    const now = this.clock.now();
    const statusOf = (problem: string | null | undefined): NotifyStatus =>
      problem === undefined ? 'off' : problem === null ? 'sent' : 'failed';
    const errors = NOTIFY_CHANNELS.flatMap((c) =>
      test[c] ? [`${NOTIFY_CHANNEL_LABELS[c]}: ${test[c]}`] : [],
    );
    await repo.insertSettled(this.db, {
      eventKey: `test:${randomUUID()}`,
      kind: TEST_NOTIFICATION_KIND,
      title: test.title,
      body: test.body,
      emailStatus: statusOf(test.email),
      telegramStatus: statusOf(test.telegram),
      createdAt: now,
      lastError: errors.length > 0 ? errors.join(' / ') : null,
      sentAt: test.email === null || test.telegram === null ? now : null,
    });
  }

  /** The console's recent notifications. */
  recent(limit: number): Promise<NotificationRow[]> {
    return repo.recent(this.db, limit);
  }
}

class SendTimeout extends Error {
  override name = 'SendTimeout';
}

function statusOf(row: NotificationRow, channel: NotifyChannel): NotifyStatus {
  return (channel === 'email' ? row.emailStatus : row.telegramStatus) as NotifyStatus;
}

const providerEventKey = (id: number, trouble: ProviderTrouble) => `provider:${id}:${trouble}`;

function providerEvent(id: number, name: string, fact: ProviderTroubleFact): FoundEvent {
  return {
    key: providerEventKey(id, fact.trouble),
    kind: 'PROVIDER_TROUBLE',
    title: `${NOTIFY_KIND_LABELS.PROVIDER_TROUBLE}: ${PROVIDER_TROUBLE_LABELS[fact.trouble]}`,
    body: `${name} (공급사 #${id}) · ${fact.text}`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The text as HTML, escaped; the console links (PUBLIC_URL's, never an event's text) are made clickable. */
function htmlOf(text: string, consoleUrl: string | undefined): string {
  const html = text
    .split('\n')
    .map((line) => {
      const link = /^([^:]+): (\S+)$/.exec(line);
      if (!consoleUrl || !link || !link[2]!.startsWith(`${consoleUrl}/admin/`)) return escapeHtml(line);
      return `${escapeHtml(link[1]!)}: <a href="${escapeHtml(link[2]!)}">${escapeHtml(link[2]!)}</a>`;
    })
    .join('\n');
  return `<div style="font-family:sans-serif;white-space:pre-line">${html}</div>`;
}
