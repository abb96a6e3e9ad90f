import { describe, expect, it } from 'vitest';
import {
  CHARGE_MESSAGES as M,
  DEPOSITOR_NAME_MAX_LENGTH,
  ReceiptKind,
  availableReceiptKinds,
  chargeButtonLabel,
  chargeTooLargeMessage,
  distinctAmountExtraWon,
  hasInvisibleNameCharacter,
  isValidBusinessNumber,
  isValidMobileNumber,
  isValidPhoneNumber,
  depositorKeysMayBeOne,
  normalizeDepositorName,
  payableAmountWon,
  receiptDetailsOf,
  suggestFreeChargePoint,
  validateChargeRequest,
  type ChargeInput,
  type ChargeLimits,
  type InvoiceDetails,
} from './charge-rules';

const { CASH_RECEIPT, TAX_INVOICE, NONE } = ReceiptKind;

describe('payableAmountWon', () => {
  it.each([
    [10_000, 11_000],
    [12_345, 13_580], // 13,579.5 → 13,580
    [1, 1], // 1.1 → 1
    [5, 6], // 5.5 → 6: half up
    [15, 17], // 16.5 → 17
    [14, 15], // 15.4 → 15
    [0, 0],
    [5_000_000, 5_500_000],
    [999_999_999, 1_099_999_999], // exact where a float × 1.1 would not be
  ])('FEE: %i points → %i won (×1.1, half up)', (point, payable) => {
    expect(payableAmountWon(point, TAX_INVOICE)).toBe(payable);
  });

  it.each([
    [CASH_RECEIPT, 10_000],
    [CASH_RECEIPT, 12_345],
    [CASH_RECEIPT, 1],
    [NONE, 10_000],
    [NONE, 12_345],
    [NONE, 5],
  ])('kind %i: %i points are transferred unchanged', (kind, point) => {
    expect(payableAmountWon(point, kind)).toBe(point);
  });
});

describe('availableReceiptKinds', () => {
  it.each([
    ['ALL', [NONE, CASH_RECEIPT, TAX_INVOICE]],
    ['CASH_AND_FEE', [CASH_RECEIPT, TAX_INVOICE]],
    ['FEE', [TAX_INVOICE]],
    ['CASH', [CASH_RECEIPT]],
    ['NO_FEE', [NONE]],
    // Case and surrounding spaces of the setting do not matter.
    [' all ', [NONE, CASH_RECEIPT, TAX_INVOICE]],
    ['cash_and_fee', [CASH_RECEIPT, TAX_INVOICE]],
    ['Fee\n', [TAX_INVOICE]],
  ])('ENABLE_PAYMENT_TYPE=%j offers %j', (type, kinds) => {
    expect(availableReceiptKinds(type, true)).toEqual(kinds);
  });

  it.each(['ALL', 'CASH_AND_FEE', 'FEE', 'CASH', 'NO_FEE', 'nonsense'])(
    'ENABLE_PAYMENT_FEE=false offers no receipt whatever ENABLE_PAYMENT_TYPE=%j says',
    (type) => {
      expect(availableReceiptKinds(type, false)).toEqual([NONE]);
    },
  );

  it.each(['', '   ', 'YES', 'true', '1', 'CASH,FEE', 'CASH FEE', 'toString', 'constructor', '__proto__'])(
    'an unknown value %j falls back to no receipt',
    (type) => {
      expect(availableReceiptKinds(type, true)).toEqual([NONE]);
    },
  );
});

describe('normalizeDepositorName', () => {
  it.each([
    ['홍길동', '홍길동'],
    [' 홍 길동 ', '홍길동'],
    ['홍\t길\n동', '홍길동'],
    ['홍\u3000길동', '홍길동'], // ideographic space
    ['홍\u00A0길동', '홍길동'], // no-break space
    ['ＫＩＭ', 'kim'], // full-width latin
    ['ＳＯＮ\u3000ＨＥＵＮＧＭＩＮ', 'sonheungmin'],
    ['Kim Minsu', 'kimminsu'],
    ['KIM MINSU', 'kimminsu'],
    ['kim  minsu', 'kimminsu'],
    ['최민준１２３４', '최민준1234'], // full-width digits
    ['㈜소셜', '(주)소셜'], // compatibility form
  ])('%j → %j', (name, key) => {
    expect(normalizeDepositorName(name)).toBe(key);
  });

  it('gives the bank’s and the member’s spelling of one depositor the same key', () => {
    expect(normalizeDepositorName('ＫＩＭ　ＭＩＮＳＵ')).toBe(normalizeDepositorName('Kim Minsu'));
    expect(normalizeDepositorName('(주)스마트마케팅')).toBe(normalizeDepositorName('㈜ 스마트마케팅'));
  });

  it.each([
    ['정우성잔액', '정우성'],
    ['정우성 잔액 1,234원', '정우성'],
    ['정우성 12-34', '정우성'],
    ['*12 정우성', '정우성'],
    ['정우성 11/22 18:05', '정우성'],
    ['정우성,', '정우성'],
    ['잔액', ''],
  ])('reads %j as the bank-message parser does: %j', (name, key) => {
    expect(normalizeDepositorName(name)).toBe(key);
  });
});

describe('depositorKeysMayBeOne', () => {
  it.each([
    ['정우성', '정우성', true],
    ['정우성', '정우성a', true],
    ['정우성a', '정우성', true],
    ['우성', '정우성', true],
    ['', '정우성', true],
    ['정우성', '정우선', false],
    ['김민수', '이영희', false],
    ['홍길동', '홍길순', false],
  ])('%j and %j: %s', (a, b, may) => {
    expect(depositorKeysMayBeOne(a, b)).toBe(may);
  });
});

describe('isValidBusinessNumber', () => {
  it.each([
    '220-81-62517',
    '120-81-47521', // digit 9 × 5 carries 1 into the sum
    '2208162517',
    '1208147521',
    ' 220-81-62517 ',
    '220 81 62517',
    '２２０-８１-６２５１７', // full-width digits
  ])('%j is valid', (value) => {
    expect(isValidBusinessNumber(value)).toBe(true);
  });

  it.each([
    ['changed check digit', '220-81-62518'],
    ['changed check digit', '120-81-47520'],
    ['changed check digit', '120-81-47522'],
    ['changed body digit', '220-81-62527'],
    ['9 digits', '220-81-6251'],
    ['11 digits', '220-81-625170'],
    ['letters', '220-81-6251A'],
    ['letters', 'A220-81-62517'],
    ['letters inside', '220-8l-62517'],
    ['other punctuation', '220.81.62517'],
    ['empty', ''],
  ])('%s: %j is invalid', (_label, value) => {
    expect(isValidBusinessNumber(value)).toBe(false);
  });
});

describe('isValidMobileNumber', () => {
  it.each([
    '010-1234-5678',
    '01012345678',
    '010 1234 5678',
    '011-123-4567',
    '016-123-4567',
    '017-1234-5678',
    '018-123-4567',
    '019-1234-5678',
    '０１０-１２３４-５６７８',
  ])('%j is valid', (value) => {
    expect(isValidMobileNumber(value)).toBe(true);
  });

  it.each([
    ['Seoul landline', '02-123-4567'],
    ['area code', '031-123-4567'],
    ['070', '070-1234-5678'],
    ['012 is not a mobile prefix', '012-1234-5678'],
    ['015 is not a mobile prefix', '015-1234-5678'],
    ['9 digits', '010-123-456'],
    ['12 digits', '010-1234-56789'],
    ['letter', '010-1234-567a'],
    ['country code', '+82-10-1234-5678'],
    ['dots', '010.1234.5678'],
    ['empty', ''],
  ])('%s: %j is invalid', (_label, value) => {
    expect(isValidMobileNumber(value)).toBe(false);
  });
});

describe('isValidPhoneNumber', () => {
  it.each([
    '02-123-4567',
    '02-1234-5678',
    '031-123-4567',
    '031-1234-5678',
    '1588-1234',
    '1644-1234',
    '070-1234-5678',
    '010-1234-5678',
    '0212345678',
  ])('%j is valid', (value) => {
    expect(isValidPhoneNumber(value)).toBe(true);
  });

  it.each([
    ['7 digits', '123-4567'],
    ['8 digits not 15xx–19xx', '1234-5678'],
    ['8 digits with a leading 0', '02-123-456'],
    ['12 digits', '031-1234-56789'],
    ['parenthesis', '(02)123-4567'],
    ['letters', 'tel-1588-1234'],
    ['empty', ''],
  ])('%s: %j is invalid', (_label, value) => {
    expect(isValidPhoneNumber(value)).toBe(false);
  });
});

describe('chargeButtonLabel', () => {
  it.each([
    [1, '+1원'],
    [50, '+50원'],
    [99, '+99원'],
    [100, '+1백원'],
    [500, '+5백원'],
    [150, '+1.5백원'],
    [1_000, '+1천원'],
    [5_000, '+5천원'],
    [1_500, '+1.5천원'],
    [10_000, '+1만원'],
    [15_000, '+1.5만원'],
    [50_000, '+5만원'],
    [300_000, '+30만원'],
    [1_000_000, '+100만원'],
    [10_000_000, '+1,000만원'],
    // Rounding that would read '10백' or '10천' moves to the next unit.
    [999, '+1천원'],
    [950, '+9.5백원'],
    [9_999, '+1만원'],
  ])('%i → %s', (won, label) => {
    expect(chargeButtonLabel(won)).toBe(label);
  });
});

describe('validateChargeRequest', () => {
  const invoice: InvoiceDetails = {
    company: '(주)테스트상사',
    businessNumber: '220-81-62517',
    leader: '김대표',
    phone: '02-1234-5678',
    jobType: '서비스',
    jobType2: '광고',
    address: '서울특별시 중구 세종대로 110',
    email: 'tax@example.co.kr',
  };
  const allKinds: ChargeLimits = { receiptKinds: [NONE, CASH_RECEIPT, TAX_INVOICE], maxWon: 5_000_000 };
  const validFee: ChargeInput = { name: '홍길동', point: 10_000, feeType: TAX_INVOICE, feeValue: invoice };
  const validCash: ChargeInput = {
    name: '홍길동',
    point: 10_000,
    feeType: CASH_RECEIPT,
    feeValue: { phone: '010-1234-5678' },
  };
  const validNone: ChargeInput = { name: '홍길동', point: 10_000, feeType: NONE, feeValue: null };

  it.each([
    ['a tax invoice', validFee],
    ['a cash receipt', validCash],
    ['no receipt', validNone],
    ['no receipt with stray details', { ...validNone, feeValue: { company: '' } }],
    ['a name of exactly the maximum length', { ...validNone, name: '가'.repeat(DEPOSITOR_NAME_MAX_LENGTH) }],
    ['a name padded with spaces', { ...validNone, name: `  ${'가'.repeat(DEPOSITOR_NAME_MAX_LENGTH)}  ` }],
    ['exactly the maximum amount', { ...validNone, point: 5_000_000 }],
    ['1 won', { ...validNone, point: 1 }],
  ])('accepts %s', (_label, input) => {
    expect(validateChargeRequest(input, allKinds)).toBeNull();
  });

  it.each<[string, ChargeInput, string]>([
    ['empty name', { ...validNone, name: '' }, M.NAME_REQUIRED],
    ['blank name', { ...validNone, name: ' \u3000 ' }, M.NAME_REQUIRED],
    ['name too long', { ...validNone, name: '가'.repeat(DEPOSITOR_NAME_MAX_LENGTH + 1) }, M.NAME_TOO_LONG],
    ['a name a bank message reads as nothing', { ...validNone, name: '잔액 12-34 *56' }, M.NAME_UNREADABLE],
    ['a right-to-left override', { ...validNone, name: '\u202E동길홍' }, M.NAME_INVISIBLE],
    ['a zero-width space', { ...validNone, name: '홍\u200B길동' }, M.NAME_INVISIBLE],
    ['a leading BOM (trim would drop it)', { ...validNone, name: '\uFEFF홍길동' }, M.NAME_INVISIBLE],
    ['a tab', { ...validNone, name: '홍\t길동' }, M.NAME_INVISIBLE],
    ['zero', { ...validNone, point: 0 }, M.AMOUNT_REQUIRED],
    ['negative', { ...validNone, point: -10_000 }, M.AMOUNT_REQUIRED],
    ['NaN', { ...validNone, point: Number.NaN }, M.AMOUNT_REQUIRED],
    ['Infinity', { ...validNone, point: Number.POSITIVE_INFINITY }, M.AMOUNT_REQUIRED],
    ['a fraction', { ...validNone, point: 1_000.5 }, M.AMOUNT_NOT_INTEGER],
    ['beyond a safe integer', { ...validNone, point: 2 ** 53 }, M.AMOUNT_NOT_INTEGER],
    ['over the maximum', { ...validNone, point: 5_000_001 }, chargeTooLargeMessage(5_000_000)],
    ['an unknown kind', { ...validNone, feeType: 3 as ReceiptKind }, M.RECEIPT_KIND_UNAVAILABLE],
    ['FEE without details', { ...validFee, feeValue: null }, M.COMPANY_REQUIRED],
    ['FEE, blank company', { ...validFee, feeValue: { ...invoice, company: '  ' } }, M.COMPANY_REQUIRED],
    [
      'FEE, wrong check digit',
      { ...validFee, feeValue: { ...invoice, businessNumber: '220-81-62518' } },
      M.BUSINESS_NUMBER_INVALID,
    ],
    ['FEE, no leader', { ...validFee, feeValue: { ...invoice, leader: '' } }, M.LEADER_REQUIRED],
    ['FEE, bad phone', { ...validFee, feeValue: { ...invoice, phone: '123' } }, M.INVOICE_PHONE_INVALID],
    ['FEE, no 업태', { ...validFee, feeValue: { ...invoice, jobType: '' } }, M.JOB_TYPE_REQUIRED],
    ['FEE, no 종목', { ...validFee, feeValue: { ...invoice, jobType2: '' } }, M.JOB_TYPE2_REQUIRED],
    ['FEE, no address', { ...validFee, feeValue: { ...invoice, address: ' ' } }, M.ADDRESS_REQUIRED],
    ['FEE, email without a dot', { ...validFee, feeValue: { ...invoice, email: 'a@b' } }, M.EMAIL_INVALID],
    [
      'FEE, email with a space',
      { ...validFee, feeValue: { ...invoice, email: 'a b@c.kr' } },
      M.EMAIL_INVALID,
    ],
    ['CASH without details', { ...validCash, feeValue: null }, M.CASH_PHONE_INVALID],
    ['CASH, landline', { ...validCash, feeValue: { phone: '02-123-4567' } }, M.CASH_PHONE_INVALID],
  ])('refuses %s', (_label, input, message) => {
    expect(validateChargeRequest(input, allKinds)).toBe(message);
  });

  it.each<[ReceiptKind, readonly ReceiptKind[]]>([
    [TAX_INVOICE, [NONE]],
    [CASH_RECEIPT, [NONE]],
    [NONE, [CASH_RECEIPT, TAX_INVOICE]],
    [CASH_RECEIPT, [TAX_INVOICE]],
  ])('refuses kind %i when only %j is offered', (receiptKind, receiptKinds) => {
    const input =
      receiptKind === TAX_INVOICE ? validFee : receiptKind === CASH_RECEIPT ? validCash : validNone;
    expect(validateChargeRequest(input, { receiptKinds, maxWon: 5_000_000 })).toBe(
      M.RECEIPT_KIND_UNAVAILABLE,
    );
  });

  it('reports the first failing rule in form order, one at a time as each is fixed', () => {
    let input: ChargeInput = { name: '', point: 0, feeType: TAX_INVOICE, feeValue: {} };
    let limits: ChargeLimits = { receiptKinds: [NONE], maxWon: 5_000_000 };
    const steps: [string, () => void][] = [
      [M.NAME_REQUIRED, () => (input = { ...input, name: '가'.repeat(21) })],
      [M.NAME_TOO_LONG, () => (input = { ...input, name: '홍길동' })],
      [M.AMOUNT_REQUIRED, () => (input = { ...input, point: 0.5 })],
      [M.AMOUNT_NOT_INTEGER, () => (input = { ...input, point: 6_000_000 })],
      [chargeTooLargeMessage(5_000_000), () => (input = { ...input, point: 10_000 })],
      [M.RECEIPT_KIND_UNAVAILABLE, () => (limits = { ...limits, receiptKinds: [TAX_INVOICE] })],
      [
        M.COMPANY_REQUIRED,
        () => (input = { ...input, feeValue: { company: '(주)테스트상사', businessNumber: '1' } }),
      ],
      [
        M.BUSINESS_NUMBER_INVALID,
        () => (input = { ...input, feeValue: { ...invoice, leader: '', phone: 'x' } }),
      ],
      [M.LEADER_REQUIRED, () => (input = { ...input, feeValue: { ...invoice, phone: 'x', jobType: '' } })],
      [
        M.INVOICE_PHONE_INVALID,
        () => (input = { ...input, feeValue: { ...invoice, jobType: '', jobType2: '' } }),
      ],
      [
        M.JOB_TYPE_REQUIRED,
        () => (input = { ...input, feeValue: { ...invoice, jobType2: '', address: '' } }),
      ],
      [M.JOB_TYPE2_REQUIRED, () => (input = { ...input, feeValue: { ...invoice, address: '', email: '' } })],
      [M.ADDRESS_REQUIRED, () => (input = { ...input, feeValue: { ...invoice, email: 'nope' } })],
      [M.EMAIL_INVALID, () => (input = { ...input, feeValue: invoice })],
    ];
    const seen: (string | null)[] = [];
    for (const [, fix] of steps) {
      seen.push(validateChargeRequest(input, limits));
      fix();
    }
    seen.push(validateChargeRequest(input, limits));
    expect(seen).toEqual([...steps.map(([message]) => message), null]);
  });

  it('checks a cash receipt’s phone after the amount and the kind', () => {
    const bad: ChargeInput = { name: '홍길동', point: 0, feeType: CASH_RECEIPT, feeValue: { phone: 'x' } };
    expect(validateChargeRequest(bad, { receiptKinds: [NONE], maxWon: 100 })).toBe(M.AMOUNT_REQUIRED);
    expect(validateChargeRequest({ ...bad, point: 10 }, { receiptKinds: [NONE], maxWon: 100 })).toBe(
      M.RECEIPT_KIND_UNAVAILABLE,
    );
    expect(validateChargeRequest({ ...bad, point: 10 }, { receiptKinds: [CASH_RECEIPT], maxWon: 100 })).toBe(
      M.CASH_PHONE_INVALID,
    );
  });
});

describe('receiptDetailsOf', () => {
  const messy: Partial<InvoiceDetails> = {
    company: '  (주)테스트상사 ',
    businessNumber: ' 220-81-62517 ',
    leader: ' 김대표',
    phone: '02-1234-5678 ',
    jobType: ' 서비스 ',
    jobType2: '광고 ',
    address: ' 서울특별시 중구 세종대로 110 ',
    email: ' tax@example.co.kr ',
  };

  it.each<[string, ReceiptKind, Partial<InvoiceDetails> | null, unknown]>([
    [
      'FEE: every invoice field, trimmed, numbers as digits',
      TAX_INVOICE,
      messy,
      {
        company: '(주)테스트상사',
        businessNumber: '2208162517',
        leader: '김대표',
        phone: '0212345678',
        jobType: '서비스',
        jobType2: '광고',
        address: '서울특별시 중구 세종대로 110',
        email: 'tax@example.co.kr',
      },
    ],
    [
      'FEE without details: empty fields',
      TAX_INVOICE,
      null,
      {
        company: '',
        businessNumber: '',
        leader: '',
        phone: '',
        jobType: '',
        jobType2: '',
        address: '',
        email: '',
      },
    ],
    [
      'CASH: the phone only, digits',
      CASH_RECEIPT,
      { ...messy, phone: ' 010-1234-5678 ' },
      { phone: '01012345678' },
    ],
    [
      'CASH: full-width digits',
      CASH_RECEIPT,
      { phone: '０１０ １２３４ ５６７８' },
      { phone: '01012345678' },
    ],
    ['CASH without details', CASH_RECEIPT, null, { phone: '' }],
    ['NONE: nothing, even with details', NONE, messy, null],
    ['NONE without details', NONE, null, null],
  ])('%s', (_label, kind, value, expected) => {
    expect(receiptDetailsOf(kind, value)).toEqual(expected);
  });

  it('does not carry a field it does not know', () => {
    const withExtra = { ...messy, memo: 'drop me' } as Partial<InvoiceDetails>;
    expect(receiptDetailsOf(TAX_INVOICE, withExtra)).not.toHaveProperty('memo');
    expect(Object.keys(receiptDetailsOf(CASH_RECEIPT, withExtra) ?? {})).toEqual(['phone']);
  });
});

describe('suggestFreeChargePoint', () => {
  const range = (from: number, to: number, step = 10) =>
    Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);

  it.each<[string, number, ReceiptKind, number[], number, number | null]>([
    ['nothing taken: the next 10 won', 10_000, NONE, [], 5_000_000, 10_010],
    ['the point itself is never offered', 10_000, NONE, [10_000], 5_000_000, 10_010],
    ['skips taken amounts', 10_000, NONE, [10_010, 10_020], 5_000_000, 10_030],
    ['skips a hole-free run', 10_000, CASH_RECEIPT, range(10_010, 10_200), 5_000_000, 10_210],
    ['FEE compares payable amounts (10,010 pays 11,011)', 10_000, TAX_INVOICE, [11_011], 5_000_000, 10_020],
    ['FEE ignores a taken point that is not a payable', 10_000, TAX_INVOICE, [10_010], 5_000_000, 10_010],
    ['up to the maximum', 4_999_990, NONE, [], 5_000_000, 5_000_000],
    ['never above the maximum', 4_999_995, NONE, [], 5_000_000, null],
    ['the maximum is taken', 4_999_990, NONE, [5_000_000], 5_000_000, null],
    ['the 50th step', 10_000, NONE, range(10_010, 10_490), 5_000_000, 10_500],
    ['no further than 50 steps', 10_000, NONE, range(10_010, 10_500), 5_000_000, null],
  ])('%s', (_label, point, kind, taken, maxWon, expected) => {
    expect(suggestFreeChargePoint(point, kind, new Set(taken), maxWon)).toBe(expected);
  });
});

describe('hasInvisibleNameCharacter', () => {
  it.each([
    ...['\u0000', '\u0007', '\t', '\n', '\r', '\u007F', '\u0085'].map((c) => ['a control character', c]),
    ...['\u00AD', '\u061C', '\u180E', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F'].map((c) => ['Cf', c]),
    ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2060', '\u2066', '\u2067'].map((c) => ['Cf', c]),
    ...['\u2068', '\u2069', '\uFEFF', '\uFFF9'].map((c) => ['Cf', c]),
    ['a lone surrogate', '\uD800'],
    ['a private-use character', '\uE000'],
    ...['\u115F', '\u1160', '\u3164', '\uFFA0'].map((c) => ['a Hangul filler', c]),
  ])('finds %s (%j) anywhere in a name', (_label, c) => {
    for (const name of [`${c}홍길동`, `홍${c}길동`, `홍길동${c}`])
      expect(hasInvisibleNameCharacter(name)).toBe(true);
  });

  it.each([
    '홍길동',
    'Kim Minsu',
    'ＫＩＭ　ＭＩＮＳＵ',
    '(주)스마트마케팅',
    '㈜스마트',
    '정 수 빈',
    'O’Brien',
    '김-철수',
  ])('lets %j through', (name) => expect(hasInvisibleNameCharacter(name)).toBe(false));
});

describe('distinctAmountExtraWon', () => {
  it('is the smallest extra whose payable no pending charge holds', () => {
    expect(distinctAmountExtraWon(10_000, new Set([10_000]))).toBe(1);
    expect(distinctAmountExtraWon(10_000, new Set([10_000, 10_001, 10_003]))).toBe(2);
  });

  it('stays within 99 won and within the allowed extra', () => {
    const taken = new Set(Array.from({ length: 100 }, (_, i) => 10_000 + i));
    expect(distinctAmountExtraWon(10_000, taken)).toBeNull();
    expect(distinctAmountExtraWon(10_000, new Set([10_000, 10_001]), 1)).toBeNull();
    expect(distinctAmountExtraWon(10_000, new Set([10_000]), 0)).toBeNull();
    expect(distinctAmountExtraWon(10_000, new Set([10_000]), 500)).toBe(1);
  });
});
