import { ChargeStatus, type BankCode } from '@smm/domain';
import type { DepositHookResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, deposits } from '../db/schema';
import { requestCharge } from '../test/charge-factories';
import { createMember, pointOf, postSigned } from '../test/factories';
import { TEST_DEPOSIT_SECRET, useTestApp } from '../test/test-app';
import { signBody } from './webhook-signature';

const t = useTestApp();
/** The test clock's start (test/test-app.ts): 2026-11-22 18:00 in Korean time. */
const START = new Date('2026-11-22T09:00:00Z');

async function depositRows() {
  return t.app.database.db.select().from(deposits).orderBy(deposits.id);
}

async function chargeRow(id: number) {
  const [row] = await t.app.database.db.select().from(charges).where(eq(charges.id, id));
  return row;
}

type BankSample = [
  bank: BankCode,
  text: string,
  /** The name as the member types it on the charge form (the bank may print it differently). */
  typedName: string,
  printedName: string,
  amount: number,
  depositedAt: string,
];

// One message of each bank, from packages/domain/src/bank-sms.test.ts. All were printed earlier this
// year than the test clock (except 토스뱅크's sentence, which prints no time: the arrival time is kept).
const BANKS: BankSample[] = [
  [
    'KB',
    '[KB]03/02 09:41\n801802**077\nKIM MINSU\n전자금융입금\n250,000\n잔액3,100,250',
    'Kim Minsu',
    'KIM MINSU',
    250_000,
    '2026-03-02T00:41:00.000Z',
  ],
  [
    'SHINHAN',
    '[신한은행]01/05 07:30 110-***-123456 입금 33,000 잔액 2,033,000 PARK JI SUNG',
    'PARK JI SUNG',
    'PARK JI SUNG',
    33_000,
    '2026-01-04T22:30:00.000Z', // 07:30 KST is the evening before in UTC
  ],
  [
    'WOORI',
    '[우리은행] 09/09 18:20 1002-***-123456 입금 70000원 ㈜스마트마케팅 잔액 170000원',
    '(주)스마트마케팅',
    '(주)스마트마케팅',
    70_000,
    '2026-09-09T09:20:00.000Z',
  ],
  [
    'HANA',
    '[Web발신]\n하나,04/01,12:00\n123-******-12345\n입금300,000원\n정 수 빈\n잔액300,001원',
    '정수빈',
    '정 수 빈',
    300_000,
    '2026-04-01T03:00:00.000Z',
  ],
  [
    'NH',
    '[NH농협] 입금 99,000원 01/31 16:45 302-****-9999-11 윤서연 잔액 1,099,000원',
    '윤서연',
    '윤서연',
    99_000,
    // Its time stands beside the name, where the sender's text could have put one: the arrival is kept.
    START.toISOString(),
  ],
  [
    'IBK',
    '[Web발신]\n[IBK기업은행]05/05 05:05\n123-******-01-011\n타행입금 45,000원\n강감찬\n잔액845,000원',
    '강감찬',
    '강감찬',
    45_000,
    '2026-05-04T20:05:00.000Z',
  ],
  [
    'KAKAOBANK',
    '[Web발신]\n[카카오뱅크]\n홍*동(4567)\n06/30 22:10\n입금 120,000원\nLEE SOOJIN\n잔액 620,000원',
    'LEE SOOJIN',
    'LEE SOOJIN',
    120_000,
    '2026-06-30T13:10:00.000Z',
  ],
  [
    'TOSSBANK',
    '[토스뱅크] 홍길동님이 10,000원을 입금했어요.\n잔액 1,234,567원',
    '홍길동',
    '홍길동',
    10_000,
    START.toISOString(),
  ],
];

describe('POST /hooks/bank-sms', () => {
  it('covers all eight banks', () => {
    expect(new Set(BANKS.map(([bank]) => bank)).size).toBe(8);
  });

  it.each(BANKS)(
    '%s: a signed message credits the pending charge of its depositor and amount',
    async (bank, text, typedName, printedName, amount, depositedAt) => {
      const member = await createMember(t.app);
      const bystander = await createMember(t.app);
      const charge = await requestCharge(t.app, member, { name: typedName, point: amount });
      const otherAmount = await requestCharge(t.app, bystander, { name: typedName, point: amount + 10 });

      const response = await postSigned(t.app, '/hooks/bank-sms', { text });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        depositId: expect.any(Number),
        status: 'MATCHED',
        duplicate: false,
        chargeId: charge.id,
      });
      expect(await pointOf(t.app, member.accountId)).toBe(amount);
      expect(await pointOf(t.app, bystander.accountId)).toBe(0);
      expect((await chargeRow(charge.id))?.status).toBe(ChargeStatus.SUCCESS);
      expect((await chargeRow(otherAmount.id))?.status).toBe(ChargeStatus.PENDING);

      const rows = await depositRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: response.json<DepositHookResponse>().depositId,
        source: 'bank-sms',
        bank,
        rawText: text,
        depositorName: printedName,
        amount,
        status: 'MATCHED',
        chargeId: charge.id,
      });
      expect(rows[0]?.reference).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(rows[0]?.depositedAt?.toISOString()).toBe(depositedAt);
    },
  );

  it.each([
    ['printed today, before arrival', '11/22 17:55', '2026-11-22T08:55:00.000Z'],
    ['printed the minute it arrived', '11/22 18:00', '2026-11-22T09:00:00.000Z'],
    ['printed just after midnight KST (the day before in UTC)', '11/22 00:30', '2026-11-21T15:30:00.000Z'],
    ['New Year’s Day KST (still 31 December in UTC)', '01/01 00:00', '2025-12-31T15:00:00.000Z'],
    ['a bank clock a little ahead: still this year', '11/23 14:05', '2026-11-23T05:05:00.000Z'],
    ['later this year is in the future: last year', '12/31 23:59', '2025-12-31T14:59:00.000Z'],
    ['more than a day ahead: last year', '11/24 09:00', '2025-11-24T00:00:00.000Z'],
    ['02/29 is the last leap day, never rolled into March', '02/29 10:00', '2024-02-29T01:00:00.000Z'],
  ])(
    'reads the printed MM/DD HH:mm as Korean time of the right year: %s',
    async (_label, printed, expected) => {
      const text = `[Web발신]\n[KB]${printed}\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567`;
      const response = await postSigned(t.app, '/hooks/bank-sms', { text });
      expect(response.statusCode).toBe(200);
      const [row] = await depositRows();
      expect(row).toMatchObject({ bank: 'KB', rawText: text, amount: 10_000 });
      expect(row?.depositedAt?.toISOString()).toBe(expected);
    },
  );

  it('resolves 12/31 23:59 to last year when it arrives that early in the year (KST)', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '(주)소셜', point: 1_000_000 });
    const text = '[KB]12/31 23:59\n123456**789\n(주)소셜\nFBS입금\n1000000\n잔액 98,765,432';
    const response = await postSigned(t.app, '/hooks/bank-sms', { text });
    expect(response.json()).toMatchObject({ status: 'MATCHED', chargeId: charge.id });
    const [row] = await depositRows();
    expect(row?.depositedAt?.toISOString()).toBe('2025-12-31T14:59:00.000Z');
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
  });

  it.each([
    // Read on 1 January just after midnight: the 12/31 message belongs to the year that just ended.
    ['2026-12-31T15:30:00Z', '12/31 23:59', '2026-12-31T14:59:00.000Z'],
    // Already 2027 in Korea though still 2026 in UTC: 01/01 is this (Korean) year's.
    ['2026-12-31T16:00:00Z', '01/01 00:50', '2026-12-31T15:50:00.000Z'],
  ])(
    'takes the year from the Korean date of arrival (clock %s, printed %s)',
    async (now, printed, expected) => {
      t.clock.set(new Date(now));
      const text = `[KB]${printed}\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567`;
      expect((await postSigned(t.app, '/hooks/bank-sms', { text })).statusCode).toBe(200);
      const [row] = await depositRows();
      expect(row?.depositedAt?.toISOString()).toBe(expected);
    },
  );

  it('credits once when the same text is posted twice without a reference', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const text = '[Web발신]\n[KB]11/22 17:55\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567';
    const first = await postSigned(t.app, '/hooks/bank-sms', { text });
    expect(first.json()).toMatchObject({ status: 'MATCHED', chargeId: charge.id, duplicate: false });

    const again = await postSigned(t.app, '/hooks/bank-sms', { text });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json<DepositHookResponse>(), duplicate: true });

    // A second charge of the same name and amount is not paid by the replayed message.
    const second = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    expect((await postSigned(t.app, '/hooks/bank-sms', { text })).json()).toMatchObject({ duplicate: true });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect((await chargeRow(second.id))?.status).toBe(ChargeStatus.PENDING);
    expect(await depositRows()).toHaveLength(1);
  });

  it('takes an explicit reference as the identity: the same text under two references is two deposits, the second held as a duplicate', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_010 });
    const text = '[토스뱅크] 입금 10,000원 홍길동 잔액 1,234,567원';
    const first = await postSigned(t.app, '/hooks/bank-sms', { text, reference: 'relay-1' });
    const second = await postSigned(t.app, '/hooks/bank-sms', { text, reference: 'relay-2' });
    const replay = await postSigned(t.app, '/hooks/bank-sms', { text, reference: 'relay-1' });
    expect(first.json()).toMatchObject({ status: 'MATCHED', duplicate: false });
    // Same depositor, amount and time: the same transfer reported again, held for an operator.
    expect(second.json()).toMatchObject({ status: 'DUPLICATE', duplicate: false, chargeId: null });
    expect(replay.json()).toEqual({ ...first.json<DepositHookResponse>(), duplicate: true });
    expect((await depositRows()).map((row) => row.reference)).toEqual(['relay-1', 'relay-2']);
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
  });

  it.each([
    ['a withdrawal (출금)', '[KB]11/22 14:05\n123456**789\n홍길동\n출금\n10,000\n잔액1,224,567'],
    [
      'a cancelled deposit (입금취소)',
      '[KB]11/22 14:05\n123456**789\n홍길동\n입금취소\n10,000\n잔액1,224,567',
    ],
    ['a card approval', '[KB국민카드]홍*동님 11/22 14:05 10,000원 일시불 승인'],
    ['a greeting', '안녕하세요'],
    ['an unknown bank', '[새마을금고] 입금 10,000원 홍길동 잔액 1,234,567원'],
  ])('keeps %s as UNPARSED for an operator and credits nothing', async (_label, text) => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const response = await postSigned(t.app, '/hooks/bank-sms', { text });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      depositId: expect.any(Number),
      status: 'UNPARSED',
      duplicate: false,
      chargeId: null,
    });
    const rows = await depositRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'bank-sms',
      status: 'UNPARSED',
      rawText: text,
      bank: null,
      depositorName: null,
      depositorKey: null,
      amount: null,
      depositedAt: null,
      chargeId: null,
    });
    expect(await pointOf(t.app, member.accountId)).toBe(0);
    expect((await chargeRow(charge.id))?.status).toBe(ChargeStatus.PENDING);

    // Posted again it is recognised, not stored twice.
    expect((await postSigned(t.app, '/hooks/bank-sms', { text })).json()).toMatchObject({
      status: 'UNPARSED',
      duplicate: true,
    });
    expect(await depositRows()).toHaveLength(1);
  });

  it('refuses an unsigned or wrongly signed message (401) and stores nothing', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const raw = JSON.stringify({ text: '[토스뱅크] 입금 10,000원 홍길동 잔액 1,234,567원' });
    const attempts: Record<string, string>[] = [
      {},
      { 'x-signature': '' },
      { 'x-signature': signBody('another-secret-another-secret', raw) },
      { 'x-signature': signBody(TEST_DEPOSIT_SECRET, `${raw}\n`) },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/hooks/bank-sms',
        headers: { 'content-type': 'application/json', ...headers },
        payload: raw,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    }
    expect(await depositRows()).toEqual([]);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
    // The same bytes, signed, are accepted.
    expect((await postSigned(t.app, '/hooks/bank-sms', JSON.parse(raw))).json()).toMatchObject({
      status: 'MATCHED',
    });
  });
});
