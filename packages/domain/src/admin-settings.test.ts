import { describe, expect, it } from 'vitest';
import {
  PAYMENT_TYPE_LABELS,
  SETTING_GROUPS,
  SETTING_LABELS,
  SETTING_SERVER_NEEDS,
  flagsReadAsOff,
  settingChoiceLabel,
  settingNotEffective,
} from './admin-settings';
import { CONSOLE_SETTING_KEYS, PAYMENT_TYPE_AVAILABILITY } from './settings';
import { settingChoices } from './settings-rules';

describe('settings form labels', () => {
  it('labels every setting key (the operator-only ones too) in Korean, in a known group, with a description', () => {
    const groups = new Set<string>(SETTING_GROUPS.map((g) => g.id));
    for (const key of CONSOLE_SETTING_KEYS) {
      const label = SETTING_LABELS[key];
      expect(label, key).toBeDefined();
      expect(label.label, key).toMatch(/[가-힣]/);
      expect(label.description.length, key).toBeGreaterThan(5);
      expect(groups.has(label.group), key).toBe(true);
    }
    expect(Object.keys(SETTING_LABELS).sort()).toEqual([...CONSOLE_SETTING_KEYS].sort());
  });

  it('every group has at least one key', () => {
    for (const group of SETTING_GROUPS) {
      expect(
        CONSOLE_SETTING_KEYS.some((key) => SETTING_LABELS[key].group === group.id),
        group.id,
      ).toBe(true);
    }
  });

  it('names every choice of an enum setting', () => {
    for (const choice of PAYMENT_TYPE_AVAILABILITY) expect(PAYMENT_TYPE_LABELS[choice]).toMatch(/[가-힣]/);
    for (const key of CONSOLE_SETTING_KEYS)
      for (const choice of settingChoices(key)) expect(settingChoiceLabel(key, choice)).not.toBe(choice);
    expect(settingChoiceLabel('ENABLE_PAYMENT_TYPE', 'SOMETHING')).toBe('SOMETHING');
  });
});

describe('settings that need the server’s configuration', () => {
  const none = () => '';
  it('names the missing variables after what members get; a switch that is off hears "켜도"', () => {
    expect(settingNotEffective('ENABLE_SNS_NAVER', ['NAVER_CLIENT_SECRET'], none, true)).toBe(
      '적용 안 됨 — 서버에 NAVER_CLIENT_SECRET 설정 필요',
    );
    expect(settingNotEffective('ENABLE_SNS_NAVER', ['NAVER_CLIENT_SECRET'], none, false)).toBe(
      '켜도 적용 안 됨 — 서버에 NAVER_CLIENT_SECRET 설정 필요',
    );
    expect(settingNotEffective('ENABLE_EMAIL_VERIFY', ['SMTP_HOST', 'SMTP_FROM'], none, true)).toBe(
      '인증 메일이 회원에게 가지 않음 — 서버에 SMTP_HOST, SMTP_FROM 설정 필요',
    );
    expect(settingNotEffective('ENABLE_SNS_NAVER', [], none, true)).toBeNull();
    // A key without server needs is never said to lack one.
    expect(settingNotEffective('ENABLE_QNA', ['SMTP_HOST'], none, true)).toBeNull();
  });

  it('토스 송금 바로가기 is not effective without a 3-digit bank code', () => {
    expect(settingNotEffective('ENABLE_TOSS_PAYMENT', [], none, true)).toMatch(/^적용 안 됨 — 은행 코드/);
    expect(settingNotEffective('ENABLE_TOSS_PAYMENT', [], () => '004', true)).toBeNull();
  });

  it('reads only the social logins as off, and each needs a variable of the closed list', () => {
    expect(flagsReadAsOff(new Set(['NAVER_CLIENT_SECRET', 'SMTP_HOST', 'DEPOSIT_WEBHOOK_SECRET']))).toEqual([
      'ENABLE_SNS_NAVER',
    ]);
    for (const [key, need] of Object.entries(SETTING_SERVER_NEEDS)) {
      expect(need.variables.length, key).toBeGreaterThan(0);
      expect(CONSOLE_SETTING_KEYS as readonly string[], key).toContain(key);
    }
  });
});
