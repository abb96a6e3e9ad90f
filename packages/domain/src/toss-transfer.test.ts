import { describe, expect, it } from 'vitest';
import { isKoreanBankCode, tossTransferLink } from './toss-transfer';

describe('tossTransferLink', () => {
  it('fills in the bank code, the account number in digits only and the amount', () => {
    expect(tossTransferLink({ bankCode: '004', accountNo: '123456-01-234567', amount: 10_001 })).toBe(
      'supertoss://send?bank=004&accountNo=12345601234567&amount=10001',
    );
    expect(tossTransferLink({ bankCode: ' 090 ', accountNo: '3333 01 2345678', amount: 11_000 })).toBe(
      'supertoss://send?bank=090&accountNo=3333012345678&amount=11000',
    );
  });

  it.each([
    ['no bank code', { bankCode: '', accountNo: '123-456', amount: 1000 }],
    ['a bank name instead of a code', { bankCode: '국민은행', accountNo: '123-456', amount: 1000 }],
    ['a 4-digit code', { bankCode: '0004', accountNo: '123-456', amount: 1000 }],
    ['letters in the account', { bankCode: '004', accountNo: '123-ABC-456', amount: 1000 }],
    ['a masked account', { bankCode: '004', accountNo: '123-***-456', amount: 1000 }],
    ['an empty account', { bankCode: '004', accountNo: ' - ', amount: 1000 }],
    ['a query smuggled into the account', { bankCode: '004', accountNo: '1&amount=1', amount: 1000 }],
    ['no amount', { bankCode: '004', accountNo: '123-456', amount: 0 }],
    ['a fractional amount', { bankCode: '004', accountNo: '123-456', amount: 10.5 }],
    ['a negative amount', { bankCode: '004', accountNo: '123-456', amount: -1000 }],
  ])('is null for %s', (_, transfer) => {
    expect(tossTransferLink(transfer)).toBeNull();
  });
});

describe('isKoreanBankCode', () => {
  it('takes exactly three digits', () => {
    expect(isKoreanBankCode('004')).toBe(true);
    expect(isKoreanBankCode('092')).toBe(true);
    for (const value of ['', '4', '04', '0004', '00a', ' 004', '004 ', '국민']) {
      expect(isKoreanBankCode(value), value).toBe(false);
    }
  });
});
