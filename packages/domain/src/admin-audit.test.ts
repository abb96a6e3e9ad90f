import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditTargetName, auditValueLabel } from './admin-audit';
import { ledgerReferenceLabel } from './ledger';
import { formatUnitPrice } from './order-rules';

describe('audit labels', () => {
  it('names fields in Korean and leaves an unknown one as it is', () => {
    expect(auditFieldLabel('isTop')).toBe('상단 고정');
    expect(auditFieldLabel('imageUrl')).toBe('이미지 주소');
    expect(auditFieldLabel('createdAt')).toBe('작성일시');
    expect(auditFieldLabel('bgColor')).toBe('배경색');
    expect(auditFieldLabel('robotArm')).toBe('robotArm');
  });

  it('names a setting target by its label, other targets by their id', () => {
    expect(auditTargetName('setting', 'ENABLE_REFERRAL')).toBe('추천인 코드');
    expect(auditTargetName('setting', 'NOT_A_KEY')).toBe('NOT_A_KEY');
    expect(auditTargetName('service', '7')).toBe('7');
  });

  it('writes a setting flag as 켜짐 / 꺼짐 and a choice by its name', () => {
    const referral = { type: 'setting', id: 'ENABLE_REFERRAL' };
    expect(auditValueLabel('value', 'false', referral)).toBe('꺼짐');
    expect(auditValueLabel('value', 'true', referral)).toBe('켜짐');
    expect(auditValueLabel('value', 'FEE', { type: 'setting', id: 'ENABLE_PAYMENT_TYPE' })).toBe(
      '세금계산서만',
    );
    expect(auditValueLabel('value', '#112233', { type: 'setting', id: 'SITE_MAIN_COLOR' })).toBe('#112233');
  });

  it('writes other values in Korean: yes/no, nothing, empty, won, unit price, Seoul time', () => {
    expect(auditValueLabel('isTop', true)).toBe('예');
    expect(auditValueLabel('visible', false)).toBe('아니오');
    expect(auditValueLabel('bgColor', null)).toBe('없음');
    expect(auditValueLabel('bgColor', undefined)).toBe('없음');
    expect(auditValueLabel('notice', '')).toBe('(빈 값)');
    expect(auditValueLabel('point', 1234567)).toBe('₩1,234,567');
    expect(auditValueLabel('unitPriceMilli', 350)).toBe('₩0.35');
    expect(auditValueLabel('createdAt', '2026-11-23T15:05:09.000Z')).toBe('2026-11-24 00:05:09');
    expect(auditValueLabel('min', 10)).toBe('10');
    expect(auditValueLabel('ids', [3, 1])).toBe('[3,1]');
  });
});

describe('ledger references', () => {
  it('names what a ledger row came from, a refund first as such', () => {
    expect(ledgerReferenceLabel('ORDER', 'auto:18')).toBe('자동주문 #18');
    expect(ledgerReferenceLabel('ORDER', 'order:5')).toBe('주문 #5');
    expect(ledgerReferenceLabel('CHARGE', 'charge:3')).toBe('충전 #3');
    expect(ledgerReferenceLabel('ADJUSTMENT', 'adjustment:6')).toBe('조정 #6');
    expect(ledgerReferenceLabel('REFUND', 'order:5')).toBe('환불 · 주문 #5');
    expect(ledgerReferenceLabel('REFUND', 'auto:18')).toBe('환불 · 자동주문 #18');
    expect(ledgerReferenceLabel('ORDER', 'legacy-42')).toBe('legacy-42');
    expect(ledgerReferenceLabel('ORDER', 'robot:1')).toBe('robot:1');
  });
});

describe('unit prices', () => {
  it('shows ₩ with separators and keeps the thousandths', () => {
    expect(formatUnitPrice(350)).toBe('₩0.35');
    expect(formatUnitPrice(60_000)).toBe('₩60');
    expect(formatUnitPrice(1_234_500)).toBe('₩1,234.5');
    expect(formatUnitPrice(1)).toBe('₩0.001');
  });
});

describe('catalog sync in the audit log', () => {
  it('names the sync, its settings and the exchange rate in Korean', async () => {
    const { auditActionLabel, auditTargetLabel } = await import('./admin-audit');
    expect(auditActionLabel('service.sync')).toBe('공급사 동기화');
    expect(auditActionLabel('provider.sync-settings')).toBe('동기화 설정');
    expect(auditActionLabel('exchange-rate.set')).toBe('환율 설정');
    expect(auditTargetLabel('exchange-rate')).toBe('환율');
    expect(auditFieldLabel('syncDisabled')).toBe('동기화 중지 사유');
  });
});
