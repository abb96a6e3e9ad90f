import { describe, expect, it } from 'vitest';
import {
  adminChargeStateLabel,
  IDEMPOTENCY_KEY_PATTERN,
  OPERATOR_DEPOSIT_MESSAGES as M,
  receiptAmounts,
  validateOperatorDeposit,
} from './admin-points';
import { payableAmountWon, ReceiptKind } from './charge-rules';

describe('receiptAmounts', () => {
  it('splits a tax invoice into the points (공급가액) and the 10 % added on top (부가세)', () => {
    for (const point of [1, 9, 10_000, 12_345, 4_999_999]) {
      const payable = payableAmountWon(point, ReceiptKind.TAX_INVOICE);
      const amounts = receiptAmounts(ReceiptKind.TAX_INVOICE, point, payable);
      expect(amounts).toEqual({ supply: point, vat: payable - point, total: payable });
    }
    expect(receiptAmounts(ReceiptKind.TAX_INVOICE, 12_345, 13_580)).toEqual({
      supply: 12_345,
      vat: 1_235,
      total: 13_580,
    });
  });

  it('issues a cash receipt for the amount paid, VAT included (부가세 = 합계 / 11, rounded down)', () => {
    expect(receiptAmounts(ReceiptKind.CASH_RECEIPT, 33_000, 33_000)).toEqual({
      supply: 30_000,
      vat: 3_000,
      total: 33_000,
    });
    expect(receiptAmounts(ReceiptKind.CASH_RECEIPT, 10_000, 10_000)).toEqual({
      supply: 9_091,
      vat: 909,
      total: 10_000,
    });
  });
});

describe('console formats', () => {
  it('names a lapsed charge apart from a refused one', () => {
    expect(adminChargeStateLabel(0, null)).toBe('대기');
    expect(adminChargeStateLabel(1, 'admin')).toBe('수락');
    expect(adminChargeStateLabel(2, 'admin')).toBe('거절');
    expect(adminChargeStateLabel(2, null)).toBe('만료');
  });

  it('takes printable ASCII up to 100 characters as an Idempotency-Key', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('0b6a3f0e-8d7c-4f6e-9b1a-2c3d4e5f6a7b')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(100))).toBe(true);
    for (const bad of ['', 'x'.repeat(101), '키', 'a\tb', 'a\nb'])
      expect(IDEMPOTENCY_KEY_PATTERN.test(bad)).toBe(false);
  });
});

describe('validateOperatorDeposit', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  const ok = { depositorName: '홍길동', amount: 10_000, memo: '은행 앱 확인' };

  it('accepts a well-formed deposit, with or without its time', () => {
    expect(validateOperatorDeposit(ok, now)).toBeNull();
    expect(validateOperatorDeposit({ ...ok, depositedAt: '2026-11-22T17:59:00+09:00' }, now)).toBeNull();
    // A few minutes of clock disagreement is tolerated.
    expect(validateOperatorDeposit({ ...ok, depositedAt: '2026-11-22T18:04:00+09:00' }, now)).toBeNull();
  });

  it.each([
    [{ depositorName: '  ' }, M.NAME_REQUIRED],
    [{ depositorName: '가'.repeat(41) }, M.NAME_TOO_LONG],
    [{ depositorName: '\u202E동길홍' }, M.NAME_INVISIBLE],
    [{ depositorName: '홍길동\u2069' }, M.NAME_INVISIBLE],
    [{ amount: 0 }, M.AMOUNT_INVALID],
    [{ amount: Number.NaN }, M.AMOUNT_INVALID],
    [{ amount: 1.5 }, M.AMOUNT_INVALID],
    [{ amount: 1_000_000_001 }, M.AMOUNT_TOO_LARGE],
    [{ depositedAt: 'yesterday' }, M.DATE_INVALID],
    [{ depositedAt: '2026-11-22T18:06:00+09:00' }, M.DATE_IN_FUTURE],
    [{ memo: ' ' }, M.MEMO_REQUIRED],
  ])('refuses %j', (change, message) => {
    expect(validateOperatorDeposit({ ...ok, ...change }, now)).toBe(message);
  });
});
