/**
 * Operator notifications (docs/ARCHITECTURE.md#operator-notifications): the events an operator is told
 * about on the channels they chose (e-mail, Telegram), their Korean titles, the operator-only settings
 * that choose channels, kinds and the large-charge threshold, and the rules of a message's text: one
 * event is one message, several due together are one batched message, and no text carries a secret.
 */
import { isMailboxAddress, normalizeEmail } from './account-rules';
import { formatWon } from './format';
import { INQUIRY_TYPE_LABELS, type InquiryType } from './inquiry-rules';
import { WATCH_KINDS, WATCH_KIND_TEXTS, type ProviderTrouble, type WatchKind } from './ops-watch';
import type { NotifySettingKey } from './settings';
import { siteLink } from './site-url';

/**
 * Every kind of event: each watch kind as an entry appears, a large credited charge, a sync that disabled
 * services, a member's new 1:1 문의 (docs/product.md#inquiries).
 */
export const NOTIFY_KINDS = [...WATCH_KINDS, 'CHARGE_LARGE', 'SYNC_DISABLED', 'INQUIRY_NEW'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const NOTIFY_KIND_LABELS: Record<NotifyKind, string> = {
  ...(Object.fromEntries(WATCH_KINDS.map((kind) => [kind, WATCH_KIND_TEXTS[kind].title])) as Record<
    WatchKind,
    string
  >),
  CHARGE_LARGE: '큰 금액 충전',
  SYNC_DISABLED: '동기화로 판매 중지된 상품',
  INQUIRY_NEW: '새 1:1 문의',
};

/** The money and provider events of the issue: what an operator is told about unless they choose otherwise. */
export const NOTIFY_DEFAULT_KINDS: readonly NotifyKind[] = [
  'CHARGE_LARGE',
  'DEPOSIT_UNMATCHED',
  'PROVIDER_TROUBLE',
  'SYNC_DISABLED',
  'SYNC_SUSPICIOUS',
  'INQUIRY_NEW',
];
export const NOTIFY_DEFAULT_LARGE_CHARGE_WON = 1_000_000;
export const NOTIFY_LARGE_CHARGE_MIN = 1_000;
export const NOTIFY_LARGE_CHARGE_MAX = 100_000_000;
export const NOTIFY_MAX_EMAILS = 5;

/** The channels a notification goes out on, and each one's state for one event. */
export const NOTIFY_CHANNELS = ['email', 'telegram'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = { email: '이메일', telegram: '텔레그램' };
export const NOTIFY_STATUSES = ['pending', 'sent', 'failed', 'off'] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];
export const NOTIFY_STATUS_LABELS: Record<NotifyStatus, string> = {
  pending: '대기',
  sent: '보냄',
  failed: '실패',
  off: '꺼짐',
};

/** What the operator chose, read from the stored settings (each empty or unusable value: its default). */
export interface NotifySettings {
  emails: string[];
  telegram: boolean;
  kinds: NotifyKind[];
  largeChargeWon: number;
}

export const NOTIFY_MESSAGES = {
  EMAILS: `받는 이메일 주소를 쉼표나 줄바꿈으로 구분해 ${NOTIFY_MAX_EMAILS}개까지 입력하거나 비워두세요.`,
  EMAIL_INVALID: (address: string) => `이메일 주소가 아닙니다: ${address}`,
  TELEGRAM: "'true' 또는 'false'로 입력해주세요.",
  KINDS: '알림 종류를 하나 이상 고르거나 비워두세요 (비우면 기본 종류).',
  LARGE_CHARGE: `${NOTIFY_LARGE_CHARGE_MIN.toLocaleString('ko-KR')}~${NOTIFY_LARGE_CHARGE_MAX.toLocaleString('ko-KR')}원 사이의 정수로 입력하거나 비워두세요.`,
  /** A test message with neither channel chosen: refused before it counts against the limit. */
  TEST_NO_CHANNEL: '보낼 채널이 없습니다. 이메일 주소를 적거나 텔레그램을 켜고 저장한 뒤 다시 보내주세요.',
} as const;

function listOf(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function wonOf(value: string): number | null {
  const text = value.trim().replaceAll(',', '');
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= NOTIFY_LARGE_CHARGE_MIN && n <= NOTIFY_LARGE_CHARGE_MAX ? n : null;
}

const isNotifyKind = (kind: string): kind is NotifyKind => (NOTIFY_KINDS as readonly string[]).includes(kind);

/** The Korean problem with an operator's value for a NOTIFY_* setting, or null. */
export function validateNotifySetting(key: NotifySettingKey | string, value: string): string | null {
  const m = NOTIFY_MESSAGES;
  switch (key) {
    case 'NOTIFY_EMAILS': {
      const addresses = listOf(value);
      if (addresses.length > NOTIFY_MAX_EMAILS) return m.EMAILS;
      const bad = addresses.find((address) => !isMailboxAddress(address));
      return bad === undefined ? null : m.EMAIL_INVALID(bad.length > 60 ? `${bad.slice(0, 60)}…` : bad);
    }
    case 'NOTIFY_TELEGRAM':
      return value === '' || value === 'true' || value === 'false' ? null : m.TELEGRAM;
    case 'NOTIFY_KINDS': {
      if (value.trim() === '') return null;
      const kinds = listOf(value);
      return kinds.length > 0 && kinds.every(isNotifyKind) ? null : m.KINDS;
    }
    case 'NOTIFY_LARGE_CHARGE_WON':
      return value.trim() === '' || wonOf(value) !== null ? null : m.LARGE_CHARGE;
    default:
      return null;
  }
}

export function notifySettingsFrom(stored: ReadonlyMap<string, string>): NotifySettings {
  const emailText = stored.get('NOTIFY_EMAILS') ?? '';
  const kindText = stored.get('NOTIFY_KINDS') ?? '';
  const emails = validateNotifySetting('NOTIFY_EMAILS', emailText) === null ? listOf(emailText) : [];
  const kinds = listOf(kindText).filter(isNotifyKind);
  return {
    emails: [...new Set(emails.map(normalizeEmail))],
    telegram: stored.get('NOTIFY_TELEGRAM') === 'true',
    kinds: kinds.length > 0 ? kinds : [...NOTIFY_DEFAULT_KINDS],
    largeChargeWon: wonOf(stored.get('NOTIFY_LARGE_CHARGE_WON') ?? '') ?? NOTIFY_DEFAULT_LARGE_CHARGE_WON,
  };
}

/** Every line of a batched message up to this many; the rest is counted ("외 N건"). */
export const NOTIFY_BATCH_LINES = 20;
/** Telegram refuses a text longer than 4,096 characters. */
export const NOTIFY_TEXT_MAX = 3_500;
const SITE = '[SMM 패널]';

export interface NotifyEvent {
  title: string;
  body: string;
  /** Its kind: the message links to the kind's console screen (notifyConsoleScreen). */
  kind?: string;
}

/**
 * The console screen a notification of `kind` links to (the console's own paths and navigation
 * labels): an entry of the watch to 확인 필요, which lists it with its own narrowed link; a provider's
 * trouble and a sync's stopped services to 공급사 (its 상태 and 동기화 sections); a large charge to 충전
 * 신청; a new inquiry to 1:1 문의; a kind this list does not know to 알림, which lists every notification. Paths only: a query
 * would carry a member's id or link into a chat (docs/ARCHITECTURE.md#operator-notifications).
 */
export function notifyConsoleScreen(kind: string): { path: string; label: string } {
  if (kind === 'PROVIDER_TROUBLE' || kind === 'SYNC_DISABLED')
    return { path: '/admin/providers', label: '공급사' };
  if (kind === 'CHARGE_LARGE') return { path: '/admin/charges', label: '충전 신청' };
  if (kind === 'INQUIRY_NEW') return { path: '/admin/inquiries', label: '1:1 문의' };
  if ((WATCH_KINDS as readonly string[]).includes(kind)) return { path: '/admin/watch', label: '확인 필요' };
  return { path: '/admin/notifications', label: '알림' };
}

/**
 * The message of the events due together on one channel: one event is its own message; several are
 * one message headed `[SMM 패널] 알림 N건` with a line each, past NOTIFY_BATCH_LINES counted as "외 N건".
 * With `consoleUrl` (PUBLIC_URL as the operator set it) the message ends with an absolute link to each
 * console screen its events belong to; without it, no link (a guessed host would be a wrong link).
 */
export function notificationMessage(
  events: readonly NotifyEvent[],
  consoleUrl?: string,
): { subject: string; text: string } {
  const screens = new Map<string, string>();
  if (consoleUrl)
    for (const event of events) {
      if (event.kind === undefined) continue;
      const { path, label } = notifyConsoleScreen(event.kind);
      screens.set(path, label);
    }
  const links = [...screens].map(([path, label]) => `${label}: ${siteLink(consoleUrl ?? '', path)}`);
  // The links are kept whole: the text above them is what gets cut to fit.
  const room = NOTIFY_TEXT_MAX - links.reduce((sum, link) => sum + link.length + 1, 0);
  const withLinks = (text: string) => [capped(text, room), ...links].join('\n');
  if (events.length === 1) {
    const [event] = events as [NotifyEvent];
    return { subject: `${SITE} ${event.title}`, text: withLinks(`${SITE} ${event.title}\n${event.body}`) };
  }
  const subject = `${SITE} 알림 ${events.length.toLocaleString('ko-KR')}건`;
  const lines = events.slice(0, NOTIFY_BATCH_LINES).map((event) => `• ${event.title}: ${event.body}`);
  const rest = events.length - NOTIFY_BATCH_LINES;
  if (rest > 0) lines.push(`외 ${rest.toLocaleString('ko-KR')}건`);
  return { subject, text: withLinks([subject, ...lines].join('\n')) };
}

function capped(text: string, max = NOTIFY_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The troubles of a provider whose open events stay open while it has `troubles` now
 * (docs/ARCHITECTURE.md#operator-notifications). A low balance and an unreadable one are one worry:
 * while either holds, both balance events stay open, so low → unreadable → low is announced once; only
 * a readable balance at or above the threshold (neither trouble) resolves them and re-arms the event.
 */
export function providerTroublesHeldOpen(troubles: readonly ProviderTrouble[]): ProviderTrouble[] {
  const balance: readonly ProviderTrouble[] = ['LOW_BALANCE', 'BALANCE_FAILED'];
  const held = troubles.some((trouble) => balance.includes(trouble)) ? [...balance] : [];
  return [...new Set([...troubles, ...held])];
}

/**
 * The last guard on a message's text (docs/ARCHITECTURE.md#operator-notifications): e-mail addresses
 * masked, query strings and fragments cut off links, and anything that looks like a key or token
 * (a long unbroken run of letters and digits, a bot token `123456:ABC…`) replaced. The events are
 * written from ids and amounts already; this holds even for a provider's error text.
 */
export function withoutSecrets(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#]\S*/giu, '$1')
    .replace(/[^\s@,;:<>()[\]"]+@([^\s@,;:<>()[\]".]+(?:\.[^\s@,;:<>()[\]".]+)+)/gu, (_match, domain) => {
      return `***@${domain}`;
    })
    .replace(/\b\d{5,}:[A-Za-z0-9_-]{20,}\b/g, '***')
    .replace(/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g, '***');
}

/** The line of a large credited charge. */
export function chargeLargeBody(charge: { id: number; accountId: number; point: number }): string {
  return `충전 #${charge.id} ${formatWon(charge.point)} 입금 확인 (회원 #${charge.accountId})`;
}

/**
 * The line of a member's new 1:1 문의: its number, type and member number, never its title or text
 * (the member's own words stay in the console, not in a chat).
 */
export function inquiryNewBody(inquiry: { id: number; accountId: number; type: string }): string {
  const type = INQUIRY_TYPE_LABELS[inquiry.type as InquiryType] ?? inquiry.type;
  return `문의 #${inquiry.id} ${type} (회원 #${inquiry.accountId})`;
}

/** The line of a sync run that disabled services (ids; the names are the operator's own catalog). */
export function syncDisabledBody(run: {
  id: number;
  providerName: string;
  services: readonly { id: number; name: string; reason: string }[];
}): string {
  const shown = run.services
    .slice(0, 10)
    .map((s) => `#${s.id} ${s.name} (${s.reason})`)
    .join(', ');
  const rest = run.services.length > 10 ? ` 외 ${run.services.length - 10}개` : '';
  return `${run.providerName} 동기화 #${run.id}: 상품 ${run.services.length}개 판매 중지 — ${shown}${rest}`;
}
