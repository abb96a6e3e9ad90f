import { describe, expect, it } from 'vitest';
import {
  REWARD_MESSAGES,
  chargeBonusWon,
  emailShapeOf,
  parseBonusTiers,
  referralHoldDaysOf,
  referralPercentOf,
  referralRewardWon,
  selfReferralSign,
  validateRewardSetting,
} from './rewards';
import { validateSettingValue } from './settings-rules';
import { LEDGER_REASON_LABELS, ledgerReferenceLabel } from './ledger';
import { auditActionLabel, auditTargetLabel } from './admin-audit';

describe('charge bonus tiers', () => {
  it('reads pairs separated by commas or lines, lowest first, and refuses anything else', () => {
    expect(parseBonusTiers('500000:5, 100000:3')).toEqual([
      { fromWon: 100_000, percent: 3 },
      { fromWon: 500_000, percent: 5 },
    ]);
    expect(parseBonusTiers('100000:3%\n500000 : 5')).toHaveLength(2);
    expect(parseBonusTiers('')).toEqual([]);
    for (const bad of [
      '100,000:3',
      '100000',
      '100000:0',
      '100000:51',
      '0:3',
      '100000:3,100000:4',
      'abc:1',
      '1.5:2',
    ]) {
      expect(parseBonusTiers(bad), bad).toBeNull();
    }
    expect(parseBonusTiers(Array.from({ length: 11 }, (_, i) => `${(i + 1) * 1000}:1`).join(','))).toBeNull();
  });

  it('gives the highest tier reached, rounded down to the won', () => {
    const tiers = parseBonusTiers('100000:3, 500000:5')!;
    expect(chargeBonusWon(99_999, tiers)).toBe(0);
    expect(chargeBonusWon(100_000, tiers)).toBe(3_000);
    expect(chargeBonusWon(123_456, tiers)).toBe(3_703); // 3,703.68
    expect(chargeBonusWon(499_999, tiers)).toBe(14_999); // 14,999.97
    expect(chargeBonusWon(500_000, tiers)).toBe(25_000);
    expect(chargeBonusWon(100_000, [])).toBe(0);
  });

  it('is checked by the settings rule with its own Korean message; empty is allowed', () => {
    expect(validateSettingValue('CHARGE_BONUS_TIERS', '100000:3, 500000:5')).toBeNull();
    expect(validateSettingValue('CHARGE_BONUS_TIERS', '')).toBeNull();
    expect(validateSettingValue('CHARGE_BONUS_TIERS', '100000-3')).toBe(REWARD_MESSAGES.BONUS_TIERS);
    expect(validateSettingValue('REFERRAL_REWARD_PERCENT', '51')).toBe(REWARD_MESSAGES.PERCENT);
    expect(validateSettingValue('REFERRAL_REWARD_PERCENT', '3')).toBeNull();
    expect(validateSettingValue('REFERRAL_HOLD_DAYS', '91')).toBe(REWARD_MESSAGES.HOLD_DAYS);
    expect(validateRewardSetting('REFERRAL_HOLD_DAYS', '0')).toBeNull();
  });
});

describe('referral rewards', () => {
  it('reads the percent (empty: none) and the holding days (empty: 7)', () => {
    expect(referralPercentOf('')).toBe(0);
    expect(referralPercentOf('3')).toBe(3);
    expect(referralPercentOf('3.5')).toBe(0);
    expect(referralHoldDaysOf('')).toBe(7);
    expect(referralHoldDaysOf('0')).toBe(0);
    expect(referralHoldDaysOf('14')).toBe(14);
  });

  it('is the percent of what the order kept, rounded down', () => {
    expect(referralRewardWon(10_000, 3)).toBe(300);
    expect(referralRewardWon(3_333, 3)).toBe(99); // 99.99
    expect(referralRewardWon(0, 3)).toBe(0);
    expect(referralRewardWon(10_000, 0)).toBe(0);
  });

  it('sees one person behind two accounts by phone, e-mail shape, device or sign-up address', () => {
    const base = {
      email: 'kim.min@naver.com',
      phoneNumber: '01012345678',
      signupAddress: '1.2.3.4',
      signupDevice: 'd1',
    };
    const other = {
      email: 'lee@daum.net',
      phoneNumber: '01099998888',
      signupAddress: '5.6.7.8',
      signupDevice: 'd2',
    };
    expect(selfReferralSign(base, other)).toBeNull();
    expect(selfReferralSign(base, { ...other, phoneNumber: '01012345678' })).toBe('PHONE');
    expect(selfReferralSign(base, { ...other, email: 'kimmin07+x@naver.com' })).toBe('EMAIL');
    expect(selfReferralSign(base, { ...other, email: 'kimmin07@gmail.com' })).toBeNull();
    expect(selfReferralSign(base, { ...other, signupDevice: 'd1' })).toBe('DEVICE');
    expect(selfReferralSign(base, { ...other, signupAddress: '1.2.3.4' })).toBe('ADDRESS');
    // Unknown facts never match each other.
    const blank = { email: 'a@b.c', phoneNumber: null, signupAddress: null, signupDevice: null };
    expect(selfReferralSign(blank, { ...blank, email: 'x@y.z' })).toBeNull();
    expect(emailShapeOf(' Kim.Min+2@Naver.com ')).toBe('kimmin@naver.com');
  });
});

describe('ledger words', () => {
  it('name a bonus and a reward on the ledger screens', () => {
    expect(LEDGER_REASON_LABELS.CHARGE_BONUS).toBe('충전 보너스');
    expect(LEDGER_REASON_LABELS.REFERRAL_REWARD).toBe('추천인 적립');
    expect(ledgerReferenceLabel('CHARGE_BONUS', 'charge:3')).toBe('보너스 · 충전 #3');
    expect(ledgerReferenceLabel('REFERRAL_REWARD', 'referral:5')).toBe('추천 적립 #5');
  });

  it("name the operator's actions in the audit log", () => {
    expect(auditActionLabel('referral-reward.withhold')).toBe('추천인 적립 보류');
    expect(auditActionLabel('referral-reward.release')).toBe('추천인 적립 승인');
    expect(auditTargetLabel('referral-reward')).toBe('추천인 적립');
  });
});
