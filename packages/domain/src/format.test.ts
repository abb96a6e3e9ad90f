import { describe, expect, it } from 'vitest';
import { darken, readableTextOn } from './color';
import { formatDateKey, formatDateTime, formatSeoulDateTime } from './datetime';
import {
  formatBusinessNumber,
  formatCount,
  formatPhoneNumber,
  formatProviderBalance,
  formatWon,
  formatWonText,
} from './format';
import { SiteSettings } from './settings';

describe('formatting', () => {
  it('shows won with grouping', () => {
    expect(formatWon(0)).toBe('₩0');
    expect(formatWon(1234567)).toBe('₩1,234,567');
  });

  it('shows a decimal won text with ₩ and separators, keeping its fraction', () => {
    expect(formatWonText('36000.00')).toBe('₩36,000');
    expect(formatWonText('9000.50')).toBe('₩9,000.5');
    expect(formatWonText('0.0035')).toBe('₩0.0035');
    expect(formatWonText('12')).toBe('₩12');
    expect(formatWonText('abc')).toBe('abc');
  });

  it("shows a provider's balance in its currency", () => {
    expect(formatProviderBalance('1000000.00', 'KRW')).toBe('₩1,000,000');
    expect(formatProviderBalance('1000', 'usd')).toBe('US$1,000.00');
    expect(formatProviderBalance('1000', 'XQQ1')).toBe('1,000.00 XQQ1');
    expect(formatProviderBalance('n/a', 'USD')).toBe('n/a USD');
  });

  it('shows quantities with grouping, and an unknown one as -', () => {
    expect(formatCount(30000)).toBe('30,000');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('-');
  });

  it('shows time as year-month-day hour:minute:second', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(d)).toBe('2026-01-05 07:08:09');
    expect(formatDateKey(d)).toBe('20260105');
  });

  it('writes Seoul time to the second whatever the machine zone', () => {
    expect(formatSeoulDateTime('2026-11-22T15:30:59.999Z')).toBe('2026-11-23 00:30:59');
    expect(formatSeoulDateTime(new Date('2026-12-31T14:59:00Z'))).toBe('2026-12-31 23:59:00');
  });

  it('hyphenates business and telephone numbers (a spreadsheet keeps the leading 0)', () => {
    expect(formatBusinessNumber('2208162517')).toBe('220-81-62517');
    expect(formatBusinessNumber('12345')).toBe('12345');
    expect(formatPhoneNumber('01012345678')).toBe('010-1234-5678');
    expect(formatPhoneNumber('0111234567')).toBe('011-123-4567');
    expect(formatPhoneNumber('021234567')).toBe('02-123-4567');
    expect(formatPhoneNumber('0212345678')).toBe('02-1234-5678');
    expect(formatPhoneNumber('0311234567')).toBe('031-123-4567');
    expect(formatPhoneNumber('15881234')).toBe('1588-1234');
    expect(formatPhoneNumber('12')).toBe('12');
  });

  it('darkens the main color by 20 %', () => {
    expect(darken('#ffffff', 0.2)).toBe('#cccccc');
    expect(darken('#4f46e5', 0.2)).toBe('#3f38b7');
    expect(darken('not-a-color', 0.2)).toBe('not-a-color');
  });

  it('picks dark text on pale backgrounds and white text on dark ones', () => {
    expect(readableTextOn('#fef3c7')).toBe('#111827');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('yellow')).toBeUndefined();
  });
});

describe('SiteSettings', () => {
  const settings = new SiteSettings([
    { key: 'ENABLE_QNA', value: 'true' },
    { key: 'ENABLE_REFERRAL', value: 'false' },
    { key: 'SITE_MAIN_COLOR', value: '#12ab34' },
    { key: 'POINT_CHARGE_BUTTON_OPTIONS', value: '[1000, 10000, "50000", -5, 1.5]' },
  ]);

  it('reads flags, treating missing keys as off', () => {
    expect(settings.flag('ENABLE_QNA')).toBe(true);
    expect(settings.flag('ENABLE_REFERRAL')).toBe(false);
    expect(settings.flag('ENABLE_SNS_KAKAO')).toBe(false);
  });

  it('keeps only whole positive amounts for the charge buttons', () => {
    expect(settings.chargeButtonOptions()).toEqual([1000, 10000, 50000]);
    expect(
      new SiteSettings([{ key: 'POINT_CHARGE_BUTTON_OPTIONS', value: '5000,10000' }]).chargeButtonOptions(),
    ).toEqual([5000, 10000]);
  });

  it('falls back to the default color when the setting is not a color', () => {
    expect(settings.mainColor()).toBe('#12ab34');
    expect(new SiteSettings([{ key: 'SITE_MAIN_COLOR', value: 'red;}' }]).mainColor()).toBe('#4f46e5');
  });
});
