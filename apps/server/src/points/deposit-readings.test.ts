import type { BankCode } from '@smm/domain';
import type { AdminDepositsResponse, DepositHookResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deposits } from '../db/schema';
import type { AppError } from '../errors/app-error';
import { checkInvariants } from '../invariants/invariant-checks';
import { requestCharge } from '../test/charge-factories';
import { bearer, createMember, pointOf, postSigned, tokenFor, type TestMember } from '../test/factories';
import { useTestApp } from '../test/test-app';

/**
 * One transfer credits once whatever text its sender wrote (docs/ARCHITECTURE.md "Charges and
 * deposits"): every channel reads a depositor name the one way the bank-message parser does, the
 * same-transfer test does not need equal names, and a timeless bank push is held after the window when
 * a credit it may repeat exists. The test clock reads 2026-11-22 18:00 in Korea; messages print 17:58.
 */
const t = useTestApp();

const AT = '2026-11-22T17:58:00+09:00';
const AMOUNT = 30_194;

afterEach(async () => {
  expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
});

/** Every layout the parser knows, with the sender's text at `{n}` and 30,194 won at 17:58. */
const LAYOUTS: [label: string, bank: BankCode, template: string][] = [
  ['KB', 'KB', '[Web발신]\n[KB]11/22 17:58\n123456**789\n{n}\n입금\n30,194\n잔액1,234,567'],
  ['KB on one line', 'KB', '[KB]11/22 17:58 123456**789 {n} FBS입금 30194 잔액 98,765,432'],
  ['신한', 'SHINHAN', '신한11/22 17:58\n110-***-123456\n입금    30,194\n잔액  1,234,567\n {n}'],
  ['신한 on one line', 'SHINHAN', '[신한은행]11/22 17:58 110-***-123456 입금 30,194 잔액 2,033,000 {n}'],
  ['우리', 'WOORI', '우리 11/22 17:58\n1002-***-123456\n입금 30,194원\n{n}\n잔액 1,234,567원'],
  ['하나', 'HANA', '하나,11/22,17:58\n123-******-12345\n입금30,194원\n{n}\n잔액1,234,567원'],
  ['농협', 'NH', '농협 입금30,194원\n11/22 17:58 351-****-1234-56 {n} 잔액1,234,567원'],
  ['IBK', 'IBK', '[IBK]11/22 17:58\n123-******-01-011\n입금 30,194원\n{n}\n잔액1,234,567원'],
  ['카카오뱅크', 'KAKAOBANK', '[카카오뱅크]\n홍*동(4567)\n11/22 17:58\n입금 30,194원\n{n}\n잔액 620,000원'],
  ['카카오뱅크 push', 'KAKAOBANK', '[카카오뱅크] {n}님이 30,194원을 보냈어요'],
  ['토스뱅크 sentence', 'TOSSBANK', '[토스뱅크] {n}님이 30,194원을 입금했어요.\n잔액 1,234,567원'],
  ['토스뱅크 one line', 'TOSSBANK', '[토스뱅크] 입금 30,194원 {n} 잔액 1,234,567원'],
];

const fill = (template: string, name: string) => template.replaceAll('{n}', name);
let references = 0;
const webhook = (body: Record<string, unknown>) =>
  postSigned(t.app, '/hooks/deposit', {
    amount: AMOUNT,
    depositedAt: AT,
    reference: `r-${++references}`,
    ...body,
  });
const sms = (text: string, reference?: string) =>
  postSigned(t.app, '/hooks/bank-sms', reference === undefined ? { text } : { text, reference });
const ask = (member: TestMember, name: string, point = AMOUNT) =>
  requestCharge(t.app, member, { name, point }).then(
    (charge) => charge.id,
    (error: AppError) => -error.status,
  );

async function depositRows() {
  return t.app.database.db.select().from(deposits).orderBy(deposits.id);
}

describe('one transfer whose sender wrote 정우성잔액, reported by the relay and by the bank', () => {
  it.each(
    LAYOUTS.flatMap(([label, bank, template]) => [
      [label, 'webhook first', bank, template] as const,
      [label, 'message first', bank, template] as const,
    ]),
  )('%s, %s: credits 30,194 once', async (_label, order, bank, template) => {
    const jung = await createMember(t.app);
    const other = await createMember(t.app);
    const charge = await ask(jung, '정우성잔액');
    expect(charge).toBeGreaterThan(0);
    // One reading for every channel: 정우성 is 정우성잔액 as a bank message reads it, so a second
    // pending charge of that amount under it is refused like any two a deposit could not tell apart.
    expect(await ask(other, '정우성')).toBe(-409);

    const reports = [() => webhook({ name: '정우성잔액', bank }), () => sms(fill(template, '정우성잔액'))];
    if (order === 'message first') reports.reverse();
    const first = (await reports[0]!()).json<DepositHookResponse>();
    expect(first).toMatchObject({ status: 'MATCHED', chargeId: charge });
    // The member asks again at once, as one who does not see the credit yet does.
    expect(await ask(jung, '정우성잔액')).toBeGreaterThan(0);
    const second = (await reports[1]!()).json<DepositHookResponse>();
    expect(second).toMatchObject({ status: 'DUPLICATE', chargeId: null });

    const rows = await depositRows();
    expect(rows.map((r) => [r.source, r.depositorKey, r.status, r.duplicateOf])).toEqual([
      [order === 'webhook first' ? 'webhook' : 'bank-sms', '정우성', 'MATCHED', null],
      [order === 'webhook first' ? 'bank-sms' : 'webhook', '정우성', 'DUPLICATE', rows[0]!.id],
    ]);
    expect(await pointOf(t.app, jung.accountId)).toBe(AMOUNT);
    expect(await pointOf(t.app, other.accountId)).toBe(0);
  });
});

describe('reports whose names may be one sender’s text read two ways', () => {
  it('holds the second for an operator, shown beside the first; clearly different names both credit', async () => {
    const admin = await createMember(t.app, { role: 'admin' });
    const [jung, company, lee] = [
      await createMember(t.app),
      await createMember(t.app),
      await createMember(t.app),
    ];
    const jungCharge = await ask(jung, '정우성');
    const companyCharge = await ask(company, '정우성상사');
    const leeCharge = await ask(lee, '이영희');

    // The relay passes the sender's text on whole; the bank's message of the same transfer shows part
    // of it (a relay or a bank may shorten or cut a text its own way).
    expect((await webhook({ name: '정우성상사' })).json()).toMatchObject({
      status: 'MATCHED',
      chargeId: companyCharge,
    });
    const kb = fill(LAYOUTS[0]![2], '정우성');
    expect((await sms(kb)).json()).toMatchObject({ status: 'DUPLICATE', chargeId: null });
    // Another depositor's transfer of the same amount in the same minute is another transfer.
    expect((await webhook({ name: '이영희' })).json()).toMatchObject({
      status: 'MATCHED',
      chargeId: leeCharge,
    });

    expect(await pointOf(t.app, jung.accountId)).toBe(0);
    expect(await pointOf(t.app, company.accountId)).toBe(AMOUNT);
    expect(await pointOf(t.app, lee.accountId)).toBe(AMOUNT);
    expect(jungCharge).toBeGreaterThan(0);

    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/deposits?status=DUPLICATE',
      headers: bearer(await tokenFor(t.app, admin)),
    });
    expect(response.statusCode).toBe(200);
    const [held] = response.json<AdminDepositsResponse>().items;
    expect(held).toMatchObject({
      source: 'bank-sms',
      depositorName: '정우성',
      amount: AMOUNT,
      bank: 'KB',
      accountTail: '789',
      rawText: kb,
      original: {
        source: 'webhook',
        depositorName: '정우성상사',
        amount: AMOUNT,
        bank: null,
        status: 'MATCHED',
        chargeId: companyCharge,
      },
    });
    expect(held?.original?.id).toBe(held?.duplicateOf);
  });

  it('does not let the sender’s text give the bank message another account or another time', async () => {
    const jung = await createMember(t.app);
    const kim = await createMember(t.app);
    await ask(jung, '정우성');
    await ask(kim, '김민수');
    expect((await webhook({ name: '정우성', bank: 'KB', account: '123-456789' })).json()).toMatchObject({
      status: 'MATCHED',
    });
    expect((await webhook({ name: '김민수', bank: 'TOSSBANK' })).json()).toMatchObject({ status: 'MATCHED' });
    expect(await ask(jung, '정우성')).toBeGreaterThan(0);
    expect(await ask(kim, '김민수')).toBeGreaterThan(0);

    // `*00789` beside the name would be a tail that disagrees with the relay's account …
    const account = await sms(fill(LAYOUTS[0]![2], '정우성 *00789'));
    expect(account.json()).toMatchObject({ status: 'DUPLICATE' });
    // … and `01/01 00:00` a time far outside the window, in a layout that prints none.
    const time = await sms(fill(LAYOUTS[11]![2], '김민수 01/01 00:00'));
    expect(time.json()).toMatchObject({ status: 'DUPLICATE' });

    const rows = await depositRows();
    expect(rows.slice(2).map((r) => [r.depositorKey, r.accountTail, r.depositedAt?.toISOString()])).toEqual([
      ['정우성', null, '2026-11-22T08:58:00.000Z'],
      ['김민수', null, t.clock.now().toISOString()],
    ]);
    expect(await pointOf(t.app, jung.accountId)).toBe(AMOUNT);
    expect(await pointOf(t.app, kim.accountId)).toBe(AMOUNT);
  });
});

describe('a bank push that prints no time', () => {
  const PUSH = fill(LAYOUTS[10]![2], '홍길동');

  it('is held when it arrives after the window and a credit it may repeat exists, for a day', async () => {
    const hong = await createMember(t.app);
    await ask(hong, '홍길동');
    expect((await webhook({ name: '홍길동', bank: 'TOSSBANK' })).json()).toMatchObject({ status: 'MATCHED' });
    const waiting = await ask(hong, '홍길동');
    // The relay forwards the push 42 minutes after the transfer: its time is its arrival.
    t.clock.advance(40 * 60_000);
    expect((await sms(PUSH, 'push-1')).json()).toMatchObject({ status: 'DUPLICATE', chargeId: null });
    expect(await pointOf(t.app, hong.accountId)).toBe(AMOUNT);

    // More than a day after the credit, the same push is a new transfer again.
    t.clock.advance(24 * 60 * 60_000);
    await t.app.services.chargeWorker.tick();
    const next = await ask(hong, '홍길동');
    expect(next).not.toBe(waiting);
    expect((await sms(PUSH, 'push-2')).json()).toMatchObject({ status: 'MATCHED', chargeId: next });
    expect(await pointOf(t.app, hong.accountId)).toBe(2 * AMOUNT);
  });

  it('holds a relay report arriving late whose time lies before an earlier push’s credit', async () => {
    const hong = await createMember(t.app);
    await ask(hong, '홍길동');
    const push = (await sms(PUSH)).json<DepositHookResponse>();
    expect(push).toMatchObject({ status: 'MATCHED' });
    await ask(hong, '홍길동');
    t.clock.advance(5 * 60_000);
    // The relay's report of that transfer names 17:20, 40 minutes before the push arrived.
    const late = await webhook({
      name: '홍길동',
      bank: 'TOSSBANK',
      depositedAt: '2026-11-22T17:20:00+09:00',
    });
    expect(late.json()).toMatchObject({ status: 'DUPLICATE' });
    const [, row] = await depositRows();
    expect(row?.duplicateOf).toBe(push.depositId);
    expect(await pointOf(t.app, hong.accountId)).toBe(AMOUNT);
  });

  it('is not held by a report an operator still has to look at, beyond the window', async () => {
    const hong = await createMember(t.app);
    // A transfer nobody asked for (UNMATCHED), then a charge and, 40 minutes on, a push.
    expect((await webhook({ name: '홍길동', bank: 'TOSSBANK' })).json()).toMatchObject({
      status: 'UNMATCHED',
    });
    const charge = await ask(hong, '홍길동');
    t.clock.advance(40 * 60_000);
    expect((await sms(PUSH)).json()).toMatchObject({ status: 'MATCHED', chargeId: charge });
    const [row] = await t.app.database.db.select().from(deposits).where(eq(deposits.status, 'UNMATCHED'));
    expect(row?.depositorName).toBe('홍길동');
  });
});
