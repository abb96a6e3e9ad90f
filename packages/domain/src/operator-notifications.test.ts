import { describe, expect, it } from 'vitest';
import {
  NOTIFY_BATCH_LINES,
  NOTIFY_DEFAULT_KINDS,
  NOTIFY_MESSAGES,
  NOTIFY_TEXT_MAX,
  notificationMessage,
  notifyConsoleScreen,
  notifySettingsFrom,
  providerTroublesHeldOpen,
  validateNotifySetting,
  withoutSecrets,
} from './operator-notifications';
import { auditTargetName } from './admin-audit';
import { validateSettingValue } from './settings-rules';

describe('operator notification messages', () => {
  it('one event is its own message', () => {
    expect(
      notificationMessage([{ title: '큰 금액 충전', body: '충전 #5 ₩1,000,000 입금 확인 (회원 #3)' }]),
    ).toEqual({
      subject: '[SMM 패널] 큰 금액 충전',
      text: '[SMM 패널] 큰 금액 충전\n충전 #5 ₩1,000,000 입금 확인 (회원 #3)',
    });
  });

  it('several are one message with a heading and a line each, capped with 외 N건', () => {
    const events = Array.from({ length: NOTIFY_BATCH_LINES + 7 }, (_, i) => ({
      title: '확인되지 않은 입금',
      body: `입금 #${i + 1}`,
    }));
    const { subject, text } = notificationMessage(events);
    expect(subject).toBe('[SMM 패널] 알림 27건');
    const lines = text.split('\n');
    expect(lines[0]).toBe('[SMM 패널] 알림 27건');
    expect(lines[1]).toBe('• 확인되지 않은 입금: 입금 #1');
    expect(lines).toHaveLength(1 + NOTIFY_BATCH_LINES + 1);
    expect(lines.at(-1)).toBe('외 7건');
  });

  it('links to the console screen of each event under PUBLIC_URL, kept whole when the text is cut; none without it', () => {
    const url = 'https://panel.example.kr';
    expect(
      notificationMessage([{ title: '큰 금액 충전', body: '충전 #5', kind: 'CHARGE_LARGE' }], url).text,
    ).toBe('[SMM 패널] 큰 금액 충전\n충전 #5\n충전 신청: https://panel.example.kr/admin/charges');
    expect(notificationMessage([{ title: '큰 금액 충전', body: '충전 #5', kind: 'CHARGE_LARGE' }]).text).toBe(
      '[SMM 패널] 큰 금액 충전\n충전 #5',
    );
    const long = notificationMessage(
      [{ title: '공급사 점검', body: 'x'.repeat(5000), kind: 'PROVIDER_TROUBLE' }],
      url,
    );
    expect(long.text.length).toBeLessThanOrEqual(NOTIFY_TEXT_MAX);
    expect(long.text.endsWith('…\n공급사: https://panel.example.kr/admin/providers')).toBe(true);
    // every watch kind to 확인 필요; a kind this list does not know (a later one) to 알림
    expect(notifyConsoleScreen('ORDER_HELD').path).toBe('/admin/watch');
    expect(notifyConsoleScreen('SYNC_DISABLED').path).toBe('/admin/providers');
    expect(notifyConsoleScreen('INQUIRY_NEW')).toEqual({ path: '/admin/inquiries', label: '1:1 문의' });
    expect(notifyConsoleScreen('SOMETHING_NEW')).toEqual({ path: '/admin/notifications', label: '알림' });
  });

  it('keeps both balance troubles open while either holds, so a flapping balance is not announced again', () => {
    expect(providerTroublesHeldOpen(['BALANCE_FAILED']).sort()).toEqual(['BALANCE_FAILED', 'LOW_BALANCE']);
    expect(providerTroublesHeldOpen(['LOW_BALANCE', 'CALLS_FAILING']).sort()).toEqual([
      'BALANCE_FAILED',
      'CALLS_FAILING',
      'LOW_BALANCE',
    ]);
    expect(providerTroublesHeldOpen(['CALLS_FAILING'])).toEqual(['CALLS_FAILING']);
    expect(providerTroublesHeldOpen([])).toEqual([]);
  });

  it('withoutSecrets masks e-mail addresses, cuts query strings, and replaces tokens and keys', () => {
    expect(withoutSecrets('member kim.minjun@example.com asked')).toBe('member ***@example.com asked');
    expect(withoutSecrets('see https://p.example/api/v2?key=abc&action=balance now')).toBe(
      'see https://p.example/api/v2 now',
    );
    expect(withoutSecrets('bot 7000000001:AAFakeTelegramTokenForTheTests_0123456789 failed')).toBe(
      'bot *** failed',
    );
    expect(withoutSecrets('key 4f3a9c2b7e1d4f3a9c2b7e1d4f3a9c2b here')).toBe('key *** here');
    expect(withoutSecrets('주문 #21 ₩3,000 · 공급사 점검: 잔액 부족 (₩9,999.5)')).toBe(
      '주문 #21 ₩3,000 · 공급사 점검: 잔액 부족 (₩9,999.5)',
    );
  });
});

describe('NOTIFY_* settings', () => {
  it('reads the defaults from empty settings', () => {
    expect(notifySettingsFrom(new Map())).toEqual({
      emails: [],
      telegram: false,
      kinds: [...NOTIFY_DEFAULT_KINDS],
      largeChargeWon: 1_000_000,
    });
  });

  it('reads what the operator chose', () => {
    const stored = new Map([
      ['NOTIFY_EMAILS', 'Ops@Example.com,\nboss@example.com, ops@example.com'],
      ['NOTIFY_TELEGRAM', 'true'],
      ['NOTIFY_KINDS', 'ORDER_HELD,CHARGE_LARGE'],
      ['NOTIFY_LARGE_CHARGE_WON', '2,000,000'],
    ]);
    expect(notifySettingsFrom(stored)).toEqual({
      emails: ['ops@example.com', 'boss@example.com'],
      telegram: true,
      kinds: ['ORDER_HELD', 'CHARGE_LARGE'],
      largeChargeWon: 2_000_000,
    });
  });

  it('refuses what cannot be used, in Korean, through the settings rule too', () => {
    expect(validateNotifySetting('NOTIFY_EMAILS', 'a@b.kr, nope')).toBe(
      NOTIFY_MESSAGES.EMAIL_INVALID('nope'),
    );
    expect(validateNotifySetting('NOTIFY_EMAILS', 'a@b.kr,b@b.kr,c@b.kr,d@b.kr,e@b.kr,f@b.kr')).toBe(
      NOTIFY_MESSAGES.EMAILS,
    );
    expect(validateNotifySetting('NOTIFY_EMAILS', '')).toBeNull();
    expect(validateNotifySetting('NOTIFY_TELEGRAM', 'yes')).toBe(NOTIFY_MESSAGES.TELEGRAM);
    expect(validateNotifySetting('NOTIFY_KINDS', 'CHARGE_LARGE,WHATEVER')).toBe(NOTIFY_MESSAGES.KINDS);
    expect(validateNotifySetting('NOTIFY_LARGE_CHARGE_WON', '999')).toBe(NOTIFY_MESSAGES.LARGE_CHARGE);
    expect(validateNotifySetting('NOTIFY_LARGE_CHARGE_WON', '1,000')).toBeNull();
    expect(validateSettingValue('NOTIFY_LARGE_CHARGE_WON', 'many')).toBe(NOTIFY_MESSAGES.LARGE_CHARGE);
  });

  it('are named in Korean in the audit log', () => {
    expect(auditTargetName('setting', 'NOTIFY_EMAILS')).toBe('알림 받을 이메일');
    expect(auditTargetName('setting', 'NOTIFY_TELEGRAM')).toBe('텔레그램 알림');
    expect(auditTargetName('setting', 'NOTIFY_KINDS')).toBe('알림 종류');
    expect(auditTargetName('setting', 'NOTIFY_LARGE_CHARGE_WON')).toBe('큰 금액 충전 기준 (원)');
  });
});
