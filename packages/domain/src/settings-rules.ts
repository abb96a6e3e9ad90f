import { validateNotifySetting } from './operator-notifications';
import { validateWatchSetting } from './ops-watch';
import { CONSOLE_SETTING_KEYS, PAYMENT_TYPE_AVAILABILITY, type ConsoleSettingKey } from './settings';
import { validateRewardSetting } from './rewards';
import { isKoreanBankCode } from './toss-transfer';

/**
 * What kind of value each setting holds, so an operator's form shows the right input and the server
 * refuses a value the site cannot use (a flag reading 'yes please', a color 'blue', a broken list).
 */
export type SettingKind = 'flag' | 'text' | 'color' | 'numberList' | 'enum' | 'url';

export function settingKind(key: ConsoleSettingKey): SettingKind {
  if (key === 'ENABLE_PAYMENT_TYPE') return 'enum';
  if (key.startsWith('ENABLE_') || key === 'ALLOW_OVERLAPPING_ORDERS') return 'flag';
  if (key === 'SITE_MAIN_COLOR') return 'color';
  if (key === 'POINT_CHARGE_BUTTON_OPTIONS') return 'numberList';
  if (key === 'SITE_KAKAO_CHANNEL_LINK' || key === 'SNS_NAVER_REDIRECT_URL') return 'url';
  return 'text';
}

/** The choices of an enum setting. */
export function settingChoices(key: ConsoleSettingKey): readonly string[] {
  return key === 'ENABLE_PAYMENT_TYPE' ? PAYMENT_TYPE_AVAILABILITY : [];
}

export const SETTING_MESSAGES = {
  UNKNOWN_KEY: '알 수 없는 설정입니다.',
  FLAG: "'true' 또는 'false'로 입력해주세요.",
  COLOR: '#RRGGBB 형식의 색상으로 입력해주세요.',
  NUMBER_LIST: '1 이상의 정수를 쉼표로 구분하거나 JSON 배열로 입력해주세요. (최대 12개)',
  ENUM: '정해진 값 중 하나를 선택해주세요.',
  URL: 'http:// 또는 https:// 로 시작하는 주소를 입력하거나 비워두세요.',
  BANK_CODE: '은행 코드는 숫자 3자리로 입력하거나 비워두세요. (예: 국민은행 004)',
  TOO_LONG: '2,000자 이하로 입력해주세요.',
  CONTROL: '제어 문자는 사용할 수 없습니다.',
} as const;

export const SETTING_VALUE_MAX_LENGTH = 2000;

/** A key the console may store: a member-site setting or an operator-only one. */
export function isSettingKey(key: string): key is ConsoleSettingKey {
  return (CONSOLE_SETTING_KEYS as readonly string[]).includes(key);
}

/** The first problem with `value` for `key`, in Korean, or null. */
export function validateSettingValue(key: string, value: string): string | null {
  const m = SETTING_MESSAGES;
  if (!isSettingKey(key)) return m.UNKNOWN_KEY;
  if (value.length > SETTING_VALUE_MAX_LENGTH) return m.TOO_LONG;
  // Line breaks are allowed in text (an address on two lines); other control characters are not.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) return m.CONTROL;
  switch (settingKind(key)) {
    case 'flag':
      return value === 'true' || value === 'false' ? null : m.FLAG;
    case 'color':
      return /^#[0-9a-fA-F]{6}$/.test(value) ? null : m.COLOR;
    case 'enum':
      return settingChoices(key).includes(value) ? null : m.ENUM;
    case 'url':
      return value === '' || /^https?:\/\/\S+$/.test(value) ? null : m.URL;
    case 'numberList': {
      let items: unknown[];
      try {
        const parsed: unknown = JSON.parse(value);
        items = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        items = value.split(',').map((part) => part.trim());
      }
      const numbers = items.map(Number);
      const ok =
        numbers.length >= 1 &&
        numbers.length <= 12 &&
        numbers.every((n) => Number.isSafeInteger(n) && n >= 1 && n <= 100_000_000);
      return ok ? null : m.NUMBER_LIST;
    }
    case 'text':
      if (key.startsWith('WATCH_')) return validateWatchSetting(key, value);
      if (key.startsWith('NOTIFY_')) return validateNotifySetting(key, value);
      if (key === 'CHARGE_BONUS_TIERS' || key.startsWith('REFERRAL_'))
        return validateRewardSetting(key, value);
      // The Toss transfer link names the bank by this code: a wrong one would open the app on another
      // bank. Empty is allowed (no link is offered then).
      if (key === 'BANKING_BANKING_CODE') return value === '' || isKoreanBankCode(value) ? null : m.BANK_CODE;
      return null;
  }
}
