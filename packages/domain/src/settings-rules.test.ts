import { describe, expect, it } from 'vitest';
import { SETTING_KEYS } from './settings';
import { SETTING_MESSAGES, settingKind, validateSettingValue } from './settings-rules';

describe('operator settings rules', () => {
  it('gives every setting a kind', () => {
    expect(settingKind('ENABLE_QNA')).toBe('flag');
    expect(settingKind('ALLOW_OVERLAPPING_ORDERS')).toBe('flag');
    expect(settingKind('ENABLE_PAYMENT_TYPE')).toBe('enum');
    expect(settingKind('SITE_MAIN_COLOR')).toBe('color');
    expect(settingKind('POINT_CHARGE_BUTTON_OPTIONS')).toBe('numberList');
    expect(settingKind('SITE_KAKAO_CHANNEL_LINK')).toBe('url');
    expect(settingKind('FOOTER_COMPANY')).toBe('text');
    for (const key of SETTING_KEYS) expect(settingKind(key)).toBeTruthy();
  });

  it.each([
    ['ENABLE_QNA', 'true', null],
    ['ENABLE_QNA', 'TRUE', SETTING_MESSAGES.FLAG],
    ['ALLOW_OVERLAPPING_ORDERS', 'true', null],
    ['ALLOW_OVERLAPPING_ORDERS', 'yes', SETTING_MESSAGES.FLAG],
    ['SITE_MAIN_COLOR', '#0EA5E9', null],
    ['SITE_MAIN_COLOR', '#0ea5e', SETTING_MESSAGES.COLOR],
    ['POINT_CHARGE_BUTTON_OPTIONS', '[10000,30000]', null],
    ['POINT_CHARGE_BUTTON_OPTIONS', '10000, 30000', null],
    ['POINT_CHARGE_BUTTON_OPTIONS', '[]', SETTING_MESSAGES.NUMBER_LIST],
    ['POINT_CHARGE_BUTTON_OPTIONS', '1.5', SETTING_MESSAGES.NUMBER_LIST],
    ['ENABLE_PAYMENT_TYPE', 'CASH', null],
    ['ENABLE_PAYMENT_TYPE', 'cash', SETTING_MESSAGES.ENUM],
    ['SITE_KAKAO_CHANNEL_LINK', '', null],
    ['SITE_KAKAO_CHANNEL_LINK', 'https://pf.kakao.com/_x', null],
    ['SITE_KAKAO_CHANNEL_LINK', 'javascript:alert(1)', SETTING_MESSAGES.URL],
    ['FOOTER_ADDRESS', '서울\n강남구', null],
    ['FOOTER_ADDRESS', 'a\u0000', SETTING_MESSAGES.CONTROL],
    ['FOOTER_ADDRESS', 'x'.repeat(2001), SETTING_MESSAGES.TOO_LONG],
    ['NO_SUCH_KEY', 'x', SETTING_MESSAGES.UNKNOWN_KEY],
    ['BANKING_BANKING_CODE', '004', null],
    ['BANKING_BANKING_CODE', '', null],
    ['BANKING_BANKING_CODE', '4', SETTING_MESSAGES.BANK_CODE],
    ['BANKING_BANKING_CODE', '0004', SETTING_MESSAGES.BANK_CODE],
    ['BANKING_BANKING_CODE', '국민은행', SETTING_MESSAGES.BANK_CODE],
    ['BANKING_BANKING_CODE', ' 004', SETTING_MESSAGES.BANK_CODE],
  ])('%s = %j → %s', (key, value, message) => {
    expect(validateSettingValue(key, value)).toBe(message);
  });
});
