/** Every site-setting key the member site reads (docs/product.md#site-settings). Values travel as strings. */
export const SETTING_KEYS = [
  'FOOTER_COMPANY',
  'FOOTER_ADDRESS',
  'FOOTER_CORPORATION_NUMBER',
  'FOOTER_CORPORATION_MARKET_NUMBER',
  'FOOTER_CEO',
  'FOOTER_CEO_PHONE_NUMBER',
  'BANKING_NAME',
  'BANKING_DISPLAY_TEXT',
  'BANKING_ACCOUNT_NUMBER',
  'BANKING_BANKING_CODE',
  'SITE_KAKAO_CHANNEL_LINK',
  'SITE_KAKAO_TEXT',
  'SITE_MAIN_COLOR',
  'ENABLE_PAYMENT_FEE',
  'ENABLE_PAYMENT_TYPE',
  'ENABLE_CHARGE_DISTINCT_AMOUNT',
  'ENABLE_PHONE_NUMBER',
  'ENABLE_SERVICE_CHECK',
  'ENABLE_REFERRAL',
  'ENABLE_VISIBLE_SERVICE_ID',
  'ENABLE_SNS_NAVER',
  'ENABLE_SNS_KAKAO',
  'ENABLE_EMAIL_VERIFY',
  'ENABLE_TOSS_PAYMENT',
  'ENABLE_QNA',
  'POINT_CHARGE_BUTTON_OPTIONS',
  'CHARGE_BONUS_TIERS',
  'REFERRAL_REWARD_PERCENT',
  'REFERRAL_HOLD_DAYS',
  'ALLOW_OVERLAPPING_ORDERS',
  'SNS_NAVER_CLIENT_ID',
  'SNS_NAVER_STATE',
  'SNS_NAVER_REDIRECT_URL',
  'SNS_KAKAO_TOKEN',
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];

/*
 * Operator-only settings: stored beside the others and edited on the same console form, but never
 * served by GET /service/settings (they are not in SETTING_KEYS). Each feature adds its keys in its
 * own block below.
 */

/** The watch's thresholds (docs/product.md#operator-console, packages/domain ops-watch.ts); empty: the default. */
export const WATCH_SETTING_KEYS = [
  'WATCH_NOT_TAKEN_MINUTES',
  'WATCH_STALLED_HOURS',
  'WATCH_STALLED_HOURS_BY_SERVICE',
  'WATCH_CANCEL_WAITING_HOURS',
  'WATCH_REFILL_WAITING_HOURS',
  'WATCH_DEPOSIT_MINUTES',
  'WATCH_CHARGE_LAPSE_MINUTES',
  'WATCH_PROVIDER_MIN_BALANCE',
  'WATCH_PROVIDER_FAILURES',
  'WATCH_INQUIRY_WAITING_HOURS',
] as const;
export type WatchSettingKey = (typeof WATCH_SETTING_KEYS)[number];

/** Operator notifications' channels, kinds and threshold (operator-notifications.ts); edited on the 알림 screen. */
export const NOTIFY_SETTING_KEYS = [
  'NOTIFY_EMAILS',
  'NOTIFY_TELEGRAM',
  'NOTIFY_KINDS',
  'NOTIFY_LARGE_CHARGE_WON',
] as const;
export type NotifySettingKey = (typeof NOTIFY_SETTING_KEYS)[number];

/** Every key the console's settings form edits: the member site's, then the operator-only ones. */
export const CONSOLE_SETTING_KEYS = [...SETTING_KEYS, ...WATCH_SETTING_KEYS, ...NOTIFY_SETTING_KEYS] as const;
export type ConsoleSettingKey = SettingKey | WatchSettingKey | NotifySettingKey;

export interface SettingEntry {
  key: string;
  value: string;
}

export type FlagKey = Extract<SettingKey, `ENABLE_${string}`> | 'ALLOW_OVERLAPPING_ORDERS';

/** ENABLE_PAYMENT_TYPE is not a boolean: it names which receipt types are offered. */
export const PAYMENT_TYPE_AVAILABILITY = ['ALL', 'CASH_AND_FEE', 'FEE', 'CASH', 'NO_FEE'] as const;
export type PaymentTypeAvailability = (typeof PAYMENT_TYPE_AVAILABILITY)[number];

export const DEFAULT_MAIN_COLOR = '#4f46e5';

/** Read-only view over the settings list, so callers never parse flag strings themselves. */
export class SiteSettings {
  private readonly map: Map<string, string>;

  constructor(entries: readonly SettingEntry[]) {
    this.map = new Map(entries.map((e) => [e.key, e.value]));
  }

  get(key: SettingKey): string {
    return this.map.get(key) ?? '';
  }

  /** Flags are stored as 'true'/'false'; anything else (including a missing key) is off. */
  flag(key: FlagKey): boolean {
    const value = this.map.get(key)?.trim().toLowerCase();
    return value === 'true' || value === '1' || value === 'y';
  }

  mainColor(): string {
    const value = this.get('SITE_MAIN_COLOR').trim();
    return /^#[0-9a-fA-F]{6}$/.test(value) ? value : DEFAULT_MAIN_COLOR;
  }

  /** POINT_CHARGE_BUTTON_OPTIONS holds a JSON list (or comma list) of won amounts. */
  chargeButtonOptions(): number[] {
    const raw = this.get('POINT_CHARGE_BUTTON_OPTIONS').trim();
    if (!raw) return [];
    let items: unknown[];
    try {
      const parsed: unknown = JSON.parse(raw);
      items = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      items = raw.split(',');
    }
    return items.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0);
  }
}
