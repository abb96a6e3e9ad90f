import { describe, expect, it } from 'vitest';
import {
  accountTailOf,
  accountTailsAgree,
  BANK_LABELS,
  isDepositAccount,
  parseBankDepositSms,
  readDepositorName,
  type BankCode,
  type ParsedBankSms,
} from './bank-sms';
import { normalizeDepositorName } from './charge-rules';

const at = (month: number, day: number, hour: number, minute: number): ParsedBankSms['printedAt'] => ({
  month,
  day,
  hour,
  minute,
});

type Sample = [
  label: string,
  text: string,
  bank: BankCode,
  name: string,
  amount: number,
  printedAt: ParsedBankSms['printedAt'],
  accountTail: string | null,
];

// Modelled on what each bank actually sends; the balance always differs from the deposit so a parser
// that reads the wrong figure is caught.
const DEPOSITS: Sample[] = [
  // KB국민: marker and time, masked account, name, kind on its own line, bare figure on the next.
  [
    'KB',
    '[Web발신]\n[KB]11/23 14:05\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567',
    'KB',
    '홍길동',
    10000,
    at(11, 23, 14, 5),
    '789',
  ],
  [
    'KB kind prefix, latin name',
    '[KB]03/02 09:41\n801802**077\nKIM MINSU\n전자금융입금\n250,000\n잔액3,100,250',
    'KB',
    'KIM MINSU',
    250000,
    at(3, 2, 9, 41),
    '077',
  ],
  // On one line the time and the account stand beside the name, where the sender's text could have put
  // them: neither is read (the time is then the arrival's).
  [
    'KB on one line, no commas',
    '[KB]12/31 23:59 123456**789 (주)소셜 FBS입금 1000000 잔액 98,765,432',
    'KB',
    '(주)소셜',
    1000000,
    null,
    null,
  ],
  [
    'KB CRLF, full-width digits',
    '[KB국민은행] 07/04 08:00\r\n*7890\r\n김하나\r\n입금\r\n５０，０００\r\n잔액１，０５０，０００',
    'KB',
    '김하나',
    50000,
    at(7, 4, 8, 0),
    '7890',
  ],
  // 신한: figure on the 입금 line padded with spaces, balance, then the name last with a leading space.
  [
    '신한',
    '[Web발신]\n신한11/23 14:05\n110-***-123456\n입금    10,000\n잔액  1,234,567\n 홍길동',
    'SHINHAN',
    '홍길동',
    10000,
    at(11, 23, 14, 5),
    '123456',
  ],
  [
    '신한 1 won, CRLF',
    '신한06/12 21:35\r\n110-496-******\r\n입금 1\r\n잔액 1,151,839\r\n 이영희',
    'SHINHAN',
    '이영희',
    1,
    at(6, 12, 21, 35),
    null,
  ],
  [
    '신한 on one line',
    '[신한은행]01/05 07:30 110-***-123456 입금 33,000 잔액 2,033,000 PARK JI SUNG',
    'SHINHAN',
    'PARK JI SUNG',
    33000,
    at(1, 5, 7, 30),
    '123456',
  ],
  // 우리: figure with 원, name between the 입금 and 잔액 lines.
  [
    '우리',
    '우리 11/23 14:05\n1002-***-123456\n입금 10,000원\n홍길동\n잔액 1,234,567원',
    'WOORI',
    '홍길동',
    10000,
    at(11, 23, 14, 5),
    '123456',
  ],
  [
    '우리 memo name, 29 Feb',
    '[Web발신]\n우리 02/29 00:01\n*123456\n입금 5,500원\n최민준1234\n잔액 12,005,500원',
    'WOORI',
    '최민준1234',
    5500,
    at(2, 29, 0, 1),
    '123456',
  ],
  [
    '우리 on one line, ㈜',
    '[우리은행] 09/09 18:20 1002-***-123456 입금 70000원 ㈜스마트마케팅 잔액 170000원',
    'WOORI',
    '(주)스마트마케팅',
    70000,
    at(9, 9, 18, 20),
    '123456',
  ],
  // 하나: commas between marker, date and time; no space after 입금.
  [
    '하나',
    '하나,11/23,14:05\n123-******-12345\n입금10,000원\n홍길동\n잔액1,234,567원',
    'HANA',
    '홍길동',
    10000,
    at(11, 23, 14, 5),
    '12345',
  ],
  [
    '하나 spaced name',
    '[Web발신]\n하나,04/01,12:00\n123-******-12345\n입금300,000원\n정 수 빈\n잔액300,001원',
    'HANA',
    '정 수 빈',
    300000,
    at(4, 1, 12, 0),
    '12345',
  ],
  [
    '하나 full-width name, minus balance',
    '하나, 10/10, 10:10 123-******-12345 입금２０，０００원 ＳＯＮ  ＨＥＵＮＧＭＩＮ 잔액－1,980,000원',
    'HANA',
    'SON HEUNGMIN',
    20000,
    at(10, 10, 10, 10),
    '12345',
  ],
  // NH농협: the figure on the first line, then date, account, name and balance on one line. The date
  // and account stand beside the name, where the sender's text could have put them: neither is read.
  [
    '농협',
    '농협 입금10,000원\n11/23 14:05 351-****-1234-56 홍길동 잔액1,234,567원',
    'NH',
    '홍길동',
    10000,
    null,
    null,
  ],
  [
    '농협 latin name',
    '[Web발신]\n농협 입금1,500,000원\n08/15 09:05 352-****-5678-03 KIM MINSU 잔액2,345,678원',
    'NH',
    'KIM MINSU',
    1500000,
    null,
    null,
  ],
  [
    'NH농협 on one line',
    '[NH농협] 입금 99,000원 01/31 16:45 302-****-9999-11 윤서연 잔액 1,099,000원',
    'NH',
    '윤서연',
    99000,
    null,
    null,
  ],
  // IBK기업: like 우리, with its own account layout.
  [
    'IBK',
    '[IBK]11/23 14:05\n123-******-01-011\n입금 10,000원\n홍길동\n잔액1,234,567원',
    'IBK',
    '홍길동',
    10000,
    at(11, 23, 14, 5),
    '01011',
  ],
  [
    'IBK기업은행 타행입금',
    '[Web발신]\n[IBK기업은행]05/05 05:05\n123-******-01-011\n타행입금 45,000원\n강감찬\n잔액845,000원',
    'IBK',
    '강감찬',
    45000,
    at(5, 5, 5, 5),
    '01011',
  ],
  [
    '기업은행 on one line',
    '기업은행 12/01 13:30 123-******-01-011 입금 7,777원 (주)소셜 잔액 17,777원',
    'IBK',
    '(주)소셜',
    7777,
    at(12, 1, 13, 30),
    '01011',
  ],
  // 카카오뱅크: SMS form (with or without the operator's masked name and account tail), push form.
  [
    '카카오뱅크',
    '[카카오뱅크] 11/23 14:05\n입금 10,000원\n홍길동\n잔액 1,234,567원',
    'KAKAOBANK',
    '홍길동',
    10000,
    at(11, 23, 14, 5),
    null,
  ],
  [
    '카카오뱅크 masked holder',
    '[Web발신]\n[카카오뱅크]\n홍*동(4567)\n06/30 22:10\n입금 120,000원\nLEE SOOJIN\n잔액 620,000원',
    'KAKAOBANK',
    'LEE SOOJIN',
    120000,
    at(6, 30, 22, 10),
    '4567',
  ],
  [
    '카카오뱅크 push',
    '[카카오뱅크] 홍길동님이 10,000원을 보냈어요',
    'KAKAOBANK',
    '홍길동',
    10000,
    null,
    null,
  ],
  [
    '카카오뱅크 push, two lines',
    '카카오뱅크\n김철수님이 3,000원을 보냈어요.',
    'KAKAOBANK',
    '김철수',
    3000,
    null,
    null,
  ],
  // 토스뱅크: sentence form and line form.
  [
    '토스뱅크 sentence',
    '[토스뱅크] 홍길동님이 10,000원을 입금했어요.\n잔액 1,234,567원',
    'TOSSBANK',
    '홍길동',
    10000,
    null,
    null,
  ],
  [
    '토스뱅크 one line',
    '[토스뱅크] 입금 10,000원 홍길동 잔액 1,234,567원',
    'TOSSBANK',
    '홍길동',
    10000,
    null,
    null,
  ],
  [
    '토스뱅크 lines with date',
    '[토스뱅크]\n11/23 14:05\n입금 25,000원\n박지민\n잔액 1,259,567원',
    'TOSSBANK',
    '박지민',
    25000,
    at(11, 23, 14, 5),
    null,
  ],
  [
    '토스뱅크 sentence, latin name',
    '토스뱅크 KIM MINSU님이 50000원을 입금했어요',
    'TOSSBANK',
    'KIM MINSU',
    50000,
    null,
    null,
  ],
];

describe('parseBankDepositSms: deposits', () => {
  it.each(DEPOSITS)('%s', (_label, text, bank, depositorName, amount, printedAt, accountTail) => {
    expect(parseBankDepositSms(text)).toEqual({ bank, depositorName, amount, printedAt, accountTail });
  });

  it('covers all eight banks', () => {
    expect(new Set(DEPOSITS.map(([, , bank]) => bank))).toEqual(new Set(Object.keys(BANK_LABELS)));
  });

  it('labels every bank', () => {
    expect(BANK_LABELS).toEqual({
      KB: 'KB국민',
      SHINHAN: '신한',
      WOORI: '우리',
      HANA: '하나',
      NH: 'NH농협',
      IBK: 'IBK기업',
      KAKAOBANK: '카카오뱅크',
      TOSSBANK: '토스뱅크',
    });
  });

  it.each([
    ['spaces only', '우리 11/23 14:05 1002-***-123456 입금 10,000원 홍길동 잔액 1,234,567원'],
    ['tabs', '우리\t11/23 14:05\t1002-***-123456\t입금\t10,000원\t홍길동\t잔액 1,234,567원'],
    ['lone CR', '우리 11/23 14:05\r1002-***-123456\r입금 10,000원\r홍길동\r잔액 1,234,567원'],
    ['blank lines', '\n\n우리 11/23 14:05\n\n1002-***-123456\n입금 10,000원\n\n홍길동\n잔액 1,234,567원\n\n'],
    [
      '[Web발신] on the same line',
      '[Web발신] 우리 11/23 14:05\n1002-***-123456\n입금 10,000원\n홍길동\n잔액 1,234,567원',
    ],
    ['no 원, no commas', '우리 11/23 14:05\n1002-***-123456\n입금 10000\n홍길동\n잔액 1234567'],
    ['seconds on the time', '우리 11/23 14:05:59\n1002-***-123456\n입금 10,000원\n홍길동\n잔액 1,234,567원'],
    ['no balance line', '우리 11/23 14:05\n1002-***-123456\n입금 10,000원\n홍길동'],
    ['hidden balance', '우리 11/23 14:05\n1002-***-123456\n입금 10,000원\n홍길동\n잔액 ***원'],
  ])('tolerates %s', (_label, text) => {
    expect(parseBankDepositSms(text)).toEqual({
      bank: 'WOORI',
      depositorName: '홍길동',
      amount: 10000,
      printedAt: at(11, 23, 14, 5),
      accountTail: '123456',
    });
  });

  it('collapses runs of spaces inside a name and trims it', () => {
    expect(
      parseBankDepositSms('[토스뱅크] 입금 10,000원\n   KIM    MINSU   \n잔액 20,000원')?.depositorName,
    ).toBe('KIM MINSU');
  });

  it('takes a name that starts with 원 after a figureless balance', () => {
    expect(parseBankDepositSms('[토스뱅크] 입금 10,000원\n잔액\n원빈')?.depositorName).toBe('원빈');
  });

  it('accepts a text of exactly 2,000 characters', () => {
    const text = '[토스뱅크] 입금 10,000원 홍길동 잔액 1,234,567원';
    expect(parseBankDepositSms(text.padEnd(2000, ' '))?.amount).toBe(10000);
  });
});

/**
 * The sender of a transfer writes the text its reports carry; the relay's webhook passes it on as
 * written, the bank message prints it in its name slot. In every layout above, whatever the sender
 * writes there: the message either reads as a name with the key the webhook's name gets
 * (normalizeDepositorName, the one reading), or is refused (held UNPARSED); and nothing the sender
 * wrote becomes the message's time or account tail, which would tell the two reports apart.
 */
describe('parseBankDepositSms: what the sender writes in the name slot, in every layout', () => {
  // The layouts whose name is printed as written (not the full-width / ㈜ ones, whose names differ).
  const LAYOUTS = DEPOSITS.filter(([, text, , name]) => text.includes(name));
  const SENDER_TEXTS = [
    '정우성잔액',
    '잔액정우성',
    '정우성 잔액 5,000',
    '정우성 12-34',
    '12-34 정우성',
    '정우성 *00789',
    '*3456 정우성',
    '정우성 홍*동(1111)',
    '정우성 01/01 00:00',
    '정우성,',
  ];

  it('covers a layout of every bank', () => {
    expect(new Set(LAYOUTS.map(([, , bank]) => bank))).toEqual(new Set(Object.keys(BANK_LABELS)));
  });

  it.each(LAYOUTS)(
    '%s: reads 정우성 in the name slot with the layout’s bank, amount, time and tail',
    (...sample) => {
      const [, text, bank, name, amount, printedAt, accountTail] = sample;
      expect(parseBankDepositSms(text.replace(name, '정우성'))).toEqual({
        bank,
        depositorName: '정우성',
        amount,
        printedAt,
        accountTail,
      });
    },
  );

  it.each(LAYOUTS.flatMap((sample) => SENDER_TEXTS.map((sender) => [sample[0], sender, sample] as const)))(
    '%s with %j: the webhook’s key, or refused; never the sender’s time or account',
    (_label, sender, [, text, bank, name, amount, printedAt, accountTail]) => {
      const parsed = parseBankDepositSms(text.replace(name, sender));
      if (parsed === null) return;
      expect(normalizeDepositorName(parsed.depositorName)).toBe(normalizeDepositorName(sender));
      expect(normalizeDepositorName(sender)).toBe('정우성');
      expect(parsed).toMatchObject({ bank, amount });
      // A time or an account, if read at all, is one the bank printed, not one in the sender's text.
      const printed = parseBankDepositSms(text.replace(name, '잔액정우성'));
      expect([printedAt, printed?.printedAt ?? null, null]).toContainEqual(parsed.printedAt);
      const bankTails = (text.match(/\S*\*\S*|(?<!\S)\d+(?:-\d+)+(?!\S)/g) ?? []).map(accountTailOf);
      expect([accountTail, ...bankTails, null]).toContain(parsed.accountTail);
    },
  );

  it('reads the webhook’s name as the parser reads the message', () => {
    expect(readDepositorName('정우성잔액')).toBe('정우성');
    expect(readDepositorName(' 정우성  잔액1,234원 ')).toBe('정우성');
    expect(readDepositorName('12-34 정우성 *12')).toBe('정우성');
    expect(readDepositorName('정우성 11/22 18:05')).toBe('정우성');
    expect(readDepositorName('ＫＩＭ  MIN SU,')).toBe('KIM MIN SU');
    // Cut in the middle, the parser refuses the message; the webhook's name keeps both pieces.
    expect(readDepositorName('정우 *12 성')).toBe('정우 성');
    expect(readDepositorName('잔액 12-34')).toBe('');
    expect(readDepositorName('홍길동1234')).toBe('홍길동1234');
    expect(readDepositorName('A-ONE')).toBe('A-ONE');
  });
});

describe('the account the money arrived in', () => {
  it.each([
    // The digits after the last mask, hyphens dropped: the end of the account number.
    ['123456**789', '789'],
    ['110-***-123456', '123456'],
    ['*1234', '1234'],
    ['351-****-1234-56', '123456'],
    ['123-******-01-011', '01011'],
    ['1002-***-123456', '123456'],
    // No mask: the whole number is visible.
    ['123-456789', '123456789'],
    ['351-1234-5678-03', '3511234567803'],
    // 카카오뱅크's masked holder and the account's last digits.
    ['홍*동(4567)', '4567'],
    // Nothing visible after the last mask.
    ['110-496-******', null],
    ['***', null],
    ['***원', null],
    ['1,***,567원', null],
    ['홍*동', null],
    ['*-', null],
    ['', null],
    // Longer than any account number: its last 20 digits.
    [`*${'1'.repeat(5)}${'2'.repeat(20)}`, '2'.repeat(20)],
  ])('%j → %j', (account, tail) => {
    expect(accountTailOf(account)).toBe(tail);
  });

  it('agrees when one tail ends with the other, in either order', () => {
    expect(accountTailsAgree('789', '456789')).toBe(true);
    expect(accountTailsAgree('123456789', '789')).toBe(true);
    expect(accountTailsAgree('789', '789')).toBe(true);
    expect(accountTailsAgree('789', '123')).toBe(false);
    expect(accountTailsAgree('456789', '456788')).toBe(false);
    // A tail that is the other's head is another account.
    expect(accountTailsAgree('1234', '123')).toBe(false);
  });

  it.each([
    ['123-456789', true],
    ['123456**789', true],
    ['110-***-123456', true],
    ['110-496-******', true],
    ['*'.repeat(40), true],
    ['1'.repeat(40), true],
    ['1'.repeat(41), false],
    ['', false],
    ['123 456', false],
    ['123.456', false],
    ['123-456X', false],
    ['123-456\u0000', false],
    ['１２３', false],
    ['홍*동(4567)', false],
  ])('the webhook accepts %j as an account: %s', (account, ok) => {
    expect(isDepositAccount(account)).toBe(ok);
  });

  it('reads the tail of an account printed twice alike, the shorter one (a longer one may be the sender’s)', () => {
    const text = '[KB]11/23 14:05\n*789\n123456**456789\n홍길동\n입금\n10,000\n잔액1,234,567';
    expect(parseBankDepositSms(text)?.accountTail).toBe('789');
  });

  it('leaves the tail unknown when two accounts disagree (which one received it is unclear)', () => {
    const text = '[KB]11/23 14:05\n123456**789\n*1234\n홍길동\n입금\n10,000\n잔액1,234,567';
    expect(parseBankDepositSms(text)).toMatchObject({ amount: 10000, accountTail: null });
  });

  it('does not read a hidden balance as an account tail', () => {
    const text = '우리 11/23 14:05\n입금 10,000원\n홍길동\n잔액 ***원';
    expect(parseBankDepositSms(text)).toMatchObject({ amount: 10000, accountTail: null });
  });
});

describe('parseBankDepositSms: the balance is never the amount', () => {
  const balanceOf = (text: string): number => {
    const figure = /잔액\s*-?([\d,]+)/.exec(text.normalize('NFKC'))?.[1];
    return figure === undefined ? Number.NaN : Number(figure.replaceAll(',', ''));
  };

  it.each(DEPOSITS.filter(([, text]) => text.includes('잔액')))('%s', (_label, text) => {
    const parsed = parseBankDepositSms(text);
    expect(parsed).not.toBeNull();
    expect(parsed?.amount).not.toBe(balanceOf(text));
  });

  it.each([
    ['balance before the deposit', '[토스뱅크] 잔액 1,234,567원 입금 10,000원 홍길동', 10000],
    [
      'balance right after 입금 on the KB layout',
      '[KB]11/23 14:05\n123456**789\n홍길동\n잔액1,234,567\n입금\n10,000',
      10000,
    ],
    ['first deposit into an empty account', '[토스뱅크] 입금 10,000원 홍길동 잔액 10,000원', 10000],
  ])('reads the 입금 figure: %s', (_label, text, amount) => {
    expect(parseBankDepositSms(text)?.amount).toBe(amount);
  });

  it.each([
    ['KB, figure missing', '[KB]11/23 14:05\n123456**789\n홍길동\n입금\n잔액1,234,567'],
    ['우리, figure missing', '우리 11/23 14:05\n1002-***-123456\n입금\n홍길동\n잔액 1,234,567원'],
    ['농협, figure missing', '농협 입금\n11/23 14:05 351-****-1234-56 홍길동 잔액1,234,567원'],
  ])('refuses a deposit whose figure is missing rather than take the balance: %s', (_label, text) => {
    expect(parseBankDepositSms(text)).toBeNull();
  });
});

describe('parseBankDepositSms: not a deposit', () => {
  it.each([
    // Withdrawals.
    ['KB 출금', '[KB]11/23 14:05\n123456**789\n홍길동\n출금\n10,000\n잔액1,224,567'],
    ['KB 체크카드출금', '[KB]11/23 14:05\n123456**789\nGS25역삼점\n체크카드출금\n10,000\n잔액1,224,567'],
    ['신한 출금', '신한11/23 14:05\n110-***-123456\n출금    10,000\n잔액  1,224,567\n 홍길동'],
    ['우리 이체출금', '우리 11/23 14:05\n1002-***-123456\n이체출금 10,000원\n홍길동\n잔액 1,224,567원'],
    ['농협 출금취소', '농협 출금취소10,000원\n11/23 14:05 351-****-1234-56 홍길동 잔액1,234,567원'],
    ['하나 출금', '하나,11/23,14:05\n123-******-12345\n출금10,000원\n홍길동\n잔액1,224,567원'],
    ['카카오뱅크 출금', '[카카오뱅크] 11/23 14:05\n출금 10,000원\n홍길동\n잔액 1,224,567원'],
    ['토스뱅크 money sent out', '[토스뱅크] 홍길동님에게 10,000원을 보냈어요'],
    // Card approvals.
    ['KB국민카드 승인', '[KB국민카드]홍*동님 11/23 14:05 10,000원 일시불 승인'],
    ['신한카드 승인', '신한카드(1234)승인 홍*동 12,000원(일시불)11/23 14:05 스타벅스 누적1,234,567원'],
    ['체크카드 승인', '[카카오뱅크] 체크카드 승인 10,000원 홍*동 11/23 14:05 GS25'],
    ['IBK 체크 결제', '[IBK]11/23 14:05 체크결제 10,000원 홍길동'],
    // Reversals, schedules, failures.
    ['KB 입금취소', '[KB]11/23 14:05\n123456**789\n홍길동\n입금취소\n10,000\n잔액1,224,567'],
    ['농협 입금취소', '농협 입금취소10,000원\n11/23 14:05 351-****-1234-56 홍길동 잔액1,224,567원'],
    ['입금 취소 with a space', '[토스뱅크] 입금 취소 10,000원 홍길동 잔액 1,224,567원'],
    ['card refund (결제취소) paid back as 입금', '[토스뱅크] 입금 10,000원\n결제취소\n잔액 1,244,567원'],
    ['입금예정', '[토스뱅크] 입금예정 10,000원 홍길동'],
    // Balance only.
    ['KB balance', '[KB]11/23 14:05\n123456**789\n잔액1,234,567'],
    ['신한 balance', '신한11/23 14:05\n110-***-123456\n잔액  1,234,567'],
    // Ads.
    ['ad', '(광고)[KB국민은행] 지금 가입하면 최대 10,000원 입금! 무료수신거부 080-123-4567'],
    ['unlabelled promo', '[토스뱅크] 친구 초대하고 10,000원 받아가세요'],
    ['promo with a 입금 figure', '[토스뱅크] 입금 10,000원 이벤트 당첨을 축하드려요! 자세히 보기 >'],
  ])('%s', (_label, text) => {
    expect(parseBankDepositSms(text)).toBeNull();
  });
});

describe('parseBankDepositSms: unclear or malformed', () => {
  it.each([
    ['empty', ''],
    ['spaces', '   \n  '],
    ['plain text', 'hello'],
    ['no bank marker', '입금 10,000원 홍길동 잔액 1,234,567원'],
    ['unknown bank', '[새마을금고] 입금 10,000원 홍길동 잔액 1,234,567원'],
    ['bank word inside a name, not a marker', '김하나 입금 10,000원 잔액 1,234,567원'],
    ['marker glued to another word', '우리가게 입금 10,000원'],
    ['broker, not bank', 'KB증권 입금 10,000원'],
    ['card company, not bank', '신한카드 입금 10,000원'],
    ['no name', '[토스뱅크] 입금 10,000원 잔액 1,234,567원'],
    ['two names', '[토스뱅크] 입금 10,000원\n홍길동\n김철수\n잔액 1,234,567원'],
    ['two deposits', '[토스뱅크] 입금 10,000원 홍길동\n[토스뱅크] 입금 20,000원 김철수'],
    ['two 입금 figures', '[토스뱅크] 입금 10,000원\n입금 20,000원\n홍길동'],
    ['two dates', '[KB]11/23 14:05\n11/24 09:00\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567'],
    ['month 13', '[KB]13/23 14:05\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567'],
    ['30 February', '[KB]02/30 14:05\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567'],
    ['24 o’clock', '[KB]11/23 24:00\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567'],
    ['year in the date', '[KB]2024/11/23 14:05\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567'],
    ['zero amount', '[토스뱅크] 입금 0원 홍길동'],
    ['leading zero', '[토스뱅크] 입금 010,000원 홍길동'],
    ['broken comma groups', '[토스뱅크] 입금 10,00원 홍길동'],
    ['digit after comma group', '[토스뱅크] 입금 10,0001원 홍길동'],
    ['decimal', '[토스뱅크] 입금 10.5원 홍길동'],
    ['16-digit amount', '[토스뱅크] 입금 1234567890123456원 홍길동'],
    ['16-digit amount with commas', '[토스뱅크] 입금 1,234,567,890,123,456원 홍길동'],
    ['amount beyond a safe integer', '[토스뱅크] 입금 99999999999999999원 홍길동'],
    ['a second 입금 in the name slot', '[토스뱅크] 입금 10,000원 홍길동입금'],
    ['name glued to 입금', '[토스뱅크] 홍길동입금 10,000원'],
    ['amount glued to the name', '[토스뱅크] 입금 10,000원홍길동'],
    ['name is only digits', '[토스뱅크] 입금 10,000원 12345'],
    ['name with emoji', '[토스뱅크] 입금 10,000원 홍길동🎉'],
    ['name with an unmasked account left over', '[KB]11/23 14:05\n12345678901\n홍길동\n입금\n10,000'],
    ['name longer than any bank prints', `[토스뱅크] 입금 10,000원 ${'가'.repeat(21)}`],
    ['sentence with no name', '[토스뱅크] 님이 10,000원을 입금했어요.'],
  ])('%s', (_label, text) => {
    expect(parseBankDepositSms(text)).toBeNull();
  });
});

describe('parseBankDepositSms: hostile input', () => {
  const valid = '[토스뱅크] 입금 10,000원 홍길동 잔액 1,234,567원';

  it.each([
    ['NUL inside', valid.replace('홍길동', '홍\u0000길동')],
    ['NUL only', '\u0000'],
    ['bell', `${valid}\u0007`],
    ['escape sequence', `\u001b[31m${valid}`],
    ['zero-width space in the name', valid.replace('홍길동', '홍\u200B길동')],
    ['right-to-left override', valid.replace('홍길동', '\u202E홍길동')],
    ['byte-order mark', `\uFEFF${valid}`],
    ['lone surrogate', valid.replace('홍길동', '홍\uD800길동')],
    ['2,001 characters', valid.padEnd(2001, ' ')],
    ['a megabyte', `${valid}\n${'입금 1 '.repeat(200_000)}`],
    ['emoji only', '🎉💰🏦'.repeat(50)],
  ])('returns null for %s without throwing', (_label, text) => {
    expect(parseBankDepositSms(text)).toBeNull();
  });

  it('returns null for a non-string from untyped callers', () => {
    for (const value of [undefined, null, 42, {}, ['입금']]) {
      expect(parseBankDepositSms(value as unknown as string)).toBeNull();
    }
  });

  it('never throws on arbitrary mixtures of the characters it looks at', () => {
    const alphabet = [
      '입금',
      '잔액',
      '원',
      '님이',
      ',',
      '*',
      '-',
      '/',
      ':',
      ' ',
      '\n',
      '\r',
      '1',
      '0',
      '9',
      '[KB]',
      '신한',
      '홍',
      '(주)',
      '🎉',
      '\u0000',
      'Ａ',
      '１',
    ];
    let seed = 12345;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const parts = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]);
      const text = parts.join('');
      const parsed = parseBankDepositSms(text);
      if (parsed) {
        expect(parsed.amount).toBeGreaterThan(0);
        expect(Number.isSafeInteger(parsed.amount)).toBe(true);
        expect(parsed.depositorName.length).toBeGreaterThan(0);
      }
    }
  });
});
