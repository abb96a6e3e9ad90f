import { CHARGE_MESSAGES, ChargeStatus, DEPOSIT_ACCOUNT_MESSAGE, LedgerReason } from '@smm/domain';
import type { DepositHookResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, deposits, pointLedger } from '../db/schema';
import type { AppError } from '../errors/app-error';
import { requestCharge } from '../test/charge-factories';
import { balancesAndLedgerSums, createMember, pointOf, postSigned } from '../test/factories';
import { useTestApp } from '../test/test-app';

/**
 * One bank transfer, however many times and through whichever channels it is reported (the signed
 * webhook, a forwarded bank message in any wording, an operator), credits at most once: the reports
 * after the first are held as DUPLICATE (docs/ARCHITECTURE.md "Charges and deposits").
 */
const t = useTestApp();

/** 2026-11-22 18:05 in Korean time, the minute the sample bank messages print. */
const AT = '2026-11-22T18:05:00+09:00';
const KB_SMS = '[KB]11/22 18:05\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567';

const webhook = (body: Record<string, unknown>) => postSigned(t.app, '/hooks/deposit', body);
const sms = (text: string, reference?: string) =>
  postSigned(t.app, '/hooks/bank-sms', reference === undefined ? { text } : { text, reference });

async function depositRows() {
  return t.app.database.db.select().from(deposits).orderBy(deposits.id);
}

async function chargeCredits(accountId: number) {
  const rows = await t.app.database.db.select().from(pointLedger).where(eq(pointLedger.accountId, accountId));
  return rows.filter((r) => r.reason === LedgerReason.CHARGE);
}

async function chargeStatus(id: number) {
  const [row] = await t.app.database.db.select().from(charges).where(eq(charges.id, id));
  return row?.status;
}

async function expectBooksBalance() {
  for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
}

describe('one bank transfer reported through several channels', () => {
  it('credits ₩10,000 once for webhook → SMS → [Web발신] SMS → SMS with its own reference, the member asking again before each; 3 DUPLICATE', async () => {
    const member = await createMember(t.app);
    const first = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const reports = [
      () => webhook({ name: '홍길동', amount: 10_000, depositedAt: AT, reference: 'relay-77' }),
      () => sms(KB_SMS),
      () => sms(`[Web발신]\n${KB_SMS}`),
      () => sms(KB_SMS, 'phone-relay-9'),
    ];
    const answers: DepositHookResponse[] = [];
    const asked: number[] = [];
    for (const [i, report] of reports.entries()) {
      // The member asks again before each report (refused while the last request still waits).
      if (i > 0) {
        const request = requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
        asked.push(
          await request.then(
            () => 200,
            (error: AppError) => error.status,
          ),
        );
      }
      const response = await report();
      expect(response.statusCode).toBe(200);
      answers.push(response.json<DepositHookResponse>());
    }
    expect(asked).toEqual([200, 409, 409]);
    expect(answers[0]).toMatchObject({ status: 'MATCHED', chargeId: first.id, duplicate: false });
    for (const answer of answers.slice(1)) {
      expect(answer).toMatchObject({ status: 'DUPLICATE', chargeId: null, duplicate: false });
    }

    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(1);
    const rows = await depositRows();
    expect(rows.map((r) => [r.source, r.status, r.duplicateOf])).toEqual([
      ['webhook', 'MATCHED', null],
      ['bank-sms', 'DUPLICATE', rows[0]!.id],
      ['bank-sms', 'DUPLICATE', rows[0]!.id],
      ['bank-sms', 'DUPLICATE', rows[0]!.id],
    ]);
    // The second request still waits for a transfer of its own.
    const waiting = await t.app.database.db
      .select()
      .from(charges)
      .where(eq(charges.status, ChargeStatus.PENDING));
    expect(waiting).toHaveLength(1);
    await expectBooksBalance();
  });

  it('holds a second report as DUPLICATE when the first is itself held for an operator (no charge yet)', async () => {
    const member = await createMember(t.app);
    const unmatched = await webhook({ name: '홍길동', amount: 10_000, depositedAt: AT, reference: 'early' });
    expect(unmatched.json()).toMatchObject({ status: 'UNMATCHED' });
    // The member asks only after transferring; the bank's message of the same transfer comes next.
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const again = await sms(KB_SMS);
    expect(again.json()).toMatchObject({ status: 'DUPLICATE', chargeId: null });
    const rows = await depositRows();
    expect(rows[1]).toMatchObject({ status: 'DUPLICATE', duplicateOf: rows[0]!.id });
    expect(await chargeStatus(charge.id)).toBe(ChargeStatus.PENDING);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('tells apart transfers of the same name and amount by a different known bank', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    expect((await sms(KB_SMS)).json()).toMatchObject({ status: 'MATCHED' });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // 신한 prints the same name, amount and minute: another account, so another transfer.
    const shinhan = '[신한은행]11/22 18:05 110-***-123456 입금 10,000 잔액 2,033,000 홍길동';
    expect((await sms(shinhan)).json()).toMatchObject({ status: 'MATCHED' });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // A relay that names its bank (우리) differs from both.
    const woori = { name: '홍길동', amount: 10_000, depositedAt: AT, reference: 'w-1', bank: 'WOORI' };
    expect((await webhook(woori)).json()).toMatchObject({ status: 'MATCHED' });
    // A report naming no bank matches any: the same transfer again.
    const noBank = await webhook({ name: '홍길동', amount: 10_000, depositedAt: AT, reference: 'x-1' });
    expect(noBank.json()).toMatchObject({ status: 'DUPLICATE' });
    // A relay naming 신한 is the 신한 transfer reported again.
    const shinhanHook = {
      name: '홍길동',
      amount: 10_000,
      depositedAt: AT,
      reference: 's-1',
      bank: 'SHINHAN',
    };
    expect((await webhook(shinhanHook)).json()).toMatchObject({ status: 'DUPLICATE' });
    const rows = await depositRows();
    expect(rows.map((r) => [r.bank, r.status, r.duplicateOf])).toEqual([
      ['KB', 'MATCHED', null],
      ['SHINHAN', 'MATCHED', null],
      ['WOORI', 'MATCHED', null],
      [null, 'DUPLICATE', rows[0]!.id],
      ['SHINHAN', 'DUPLICATE', rows[1]!.id],
    ]);
    expect(await pointOf(t.app, member.accountId)).toBe(30_000);
    await expectBooksBalance();
  });

  it('tells apart transfers of the same name, amount, bank and minute into different accounts', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    expect((await sms(KB_SMS)).json()).toMatchObject({ status: 'MATCHED' });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // The same KB message, but the money arrived in the panel's other account (…**123): another transfer.
    const otherAccount = KB_SMS.replace('123456**789', '654321**123');
    expect((await sms(otherAccount)).json()).toMatchObject({ status: 'MATCHED' });
    // A relay naming the first account in full is the first transfer again …
    const relay = {
      name: '홍길동',
      amount: 10_000,
      depositedAt: AT,
      reference: 'r-1',
      account: '123-456789',
    };
    expect((await webhook(relay)).json()).toMatchObject({ status: 'DUPLICATE' });
    // … and one naming no account could be either: held, as the earliest one's report.
    const noAccount = await webhook({ name: '홍길동', amount: 10_000, depositedAt: AT, reference: 'r-2' });
    expect(noAccount.json()).toMatchObject({ status: 'DUPLICATE' });
    const rows = await depositRows();
    expect(rows.map((r) => [r.accountTail, r.status, r.duplicateOf])).toEqual([
      ['789', 'MATCHED', null],
      ['123', 'MATCHED', null],
      ['123456789', 'DUPLICATE', rows[0]!.id],
      [null, 'DUPLICATE', rows[0]!.id],
    ]);
    expect(await pointOf(t.app, member.accountId)).toBe(20_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(2);
    await expectBooksBalance();
  });

  it('holds the bank message of a transfer the relay reported with a compatible account (123-456789, 123456**789)', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const relay = {
      name: '홍길동',
      amount: 10_000,
      depositedAt: AT,
      reference: 'r-1',
      account: '123-456789',
    };
    expect((await webhook(relay)).json()).toMatchObject({ status: 'MATCHED', chargeId: charge.id });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // The bank masks the same account differently; its visible tail ends the relay's.
    expect((await sms(KB_SMS)).json()).toMatchObject({ status: 'DUPLICATE', chargeId: null });
    // A masked relay account (110-***-456789) agrees with both.
    const masked = { ...relay, reference: 'r-2', account: '110-***-456789' };
    expect((await webhook(masked)).json()).toMatchObject({ status: 'DUPLICATE' });
    const rows = await depositRows();
    expect(rows.map((r) => [r.source, r.accountTail, r.status, r.duplicateOf])).toEqual([
      ['webhook', '123456789', 'MATCHED', null],
      ['bank-sms', '789', 'DUPLICATE', rows[0]!.id],
      ['webhook', '456789', 'DUPLICATE', rows[0]!.id],
    ]);
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(1);
  });

  it.each([
    ['letters', '123-456X'],
    ['spaces', '123 456789'],
    ['a point', '123.456789'],
    ['full-width digits', '１２３-４５６７８９'],
    ['another mask sign', '123456##789'],
    ['41 characters', '1'.repeat(41)],
    ['empty', ''],
  ])('refuses a webhook account with %s (400 with its message, nothing stored)', async (_label, account) => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const response = await webhook({
      name: '홍길동',
      amount: 10_000,
      depositedAt: AT,
      reference: 'a',
      account,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: DEPOSIT_ACCOUNT_MESSAGE });
    expect(await depositRows()).toEqual([]);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('tells apart transfers more than the window apart, and not those within it', async () => {
    const member = await createMember(t.app);
    const report = (at: string, reference: string) =>
      webhook({ name: '홍길동', amount: 10_000, depositedAt: at, reference });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    expect((await report('2026-11-22T18:05:00+09:00', 'a')).json()).toMatchObject({ status: 'MATCHED' });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // Eleven minutes later: a new transfer.
    expect((await report('2026-11-22T18:16:00+09:00', 'b')).json()).toMatchObject({ status: 'MATCHED' });
    // Nine minutes before the first: within ten minutes of it, the same transfer.
    expect((await report('2026-11-22T17:56:00+09:00', 'c')).json()).toMatchObject({ status: 'DUPLICATE' });
    // The minute a bank message prints, 50 s after the relay's exact time: the same transfer.
    expect((await report('2026-11-22T18:16:50+09:00', 'd')).json()).toMatchObject({ status: 'DUPLICATE' });
    // Another amount or another name at the same moment is another transfer.
    const other = await webhook({ name: '홍길순', amount: 10_000, depositedAt: AT, reference: 'e' });
    expect(other.json()).toMatchObject({ status: 'UNMATCHED' });
    const otherAmount = await webhook({ name: '홍길동', amount: 10_001, depositedAt: AT, reference: 'f' });
    expect(otherAmount.json()).toMatchObject({ status: 'UNMATCHED' });
    const rows = await depositRows();
    expect(rows.map((r) => r.duplicateOf)).toEqual([null, null, rows[0]!.id, rows[1]!.id, null, null]);
    expect(await pointOf(t.app, member.accountId)).toBe(20_000);
  });

  it('credits once when reports of one transfer race (Promise.all), for many transfers at once', async () => {
    const NAMES = ['김민준', '이서연', '박도윤', '최하은', '정시우', '강지유', '조하준', '윤서아'];
    const members = await Promise.all(NAMES.map(() => createMember(t.app)));
    for (const [i, member] of members.entries())
      await requestCharge(t.app, member, { name: NAMES[i]!, point: 10_000 + i * 1_000 });
    const reportsOf = (name: string, i: number) => {
      const amount = (10_000 + i * 1_000).toLocaleString('en-US');
      const text = `[KB]11/22 18:05\n123456**789\n${name}\n입금\n${amount}\n잔액1,234,567`;
      return [
        () => webhook({ name, amount: 10_000 + i * 1_000, depositedAt: AT, reference: `race-${i}` }),
        () => sms(text),
        () => sms(`[Web발신]\n${text}`),
      ];
    };
    const answers = await Promise.all(
      NAMES.flatMap((name, i) => reportsOf(name, i)).map((report) => report()),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (const [i, member] of members.entries()) {
      expect(await pointOf(t.app, member.accountId)).toBe(10_000 + i * 1_000);
      expect(await chargeCredits(member.accountId)).toHaveLength(1);
    }
    const rows = await depositRows();
    for (const name of NAMES) {
      const mine = rows.filter((r) => r.depositorName === name);
      expect(mine.map((r) => r.status).sort()).toEqual(['DUPLICATE', 'DUPLICATE', 'MATCHED']);
      const original = mine.find((r) => r.status === 'MATCHED')!;
      for (const r of mine) if (r !== original) expect(r.duplicateOf).toBe(original.id);
    }
    await expectBooksBalance();
  });

  it('holds a report a stopped process left RECEIVED as DUPLICATE of the one matched meanwhile', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const [cut] = await t.app.database.db
      .insert(deposits)
      .values({
        source: 'webhook',
        reference: 'cut-off',
        depositorName: '홍길동',
        depositorKey: '홍길동',
        amount: 10_000,
        depositedAt: new Date(AT),
        status: 'RECEIVED',
        createdAt: t.clock.now(),
      })
      .returning();
    // The bank message of the same transfer arrives and credits the charge …
    expect((await sms(KB_SMS)).json()).toMatchObject({ status: 'MATCHED', chargeId: charge.id });
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // … and the background loop, finding the stopped one later, does not credit the new request with it.
    t.clock.advance(60_000);
    expect(await t.app.services.chargeWorker.tick()).toMatchObject({ depositsMatched: 1 });
    const [row] = await t.app.database.db.select().from(deposits).where(eq(deposits.id, cut!.id));
    expect(row).toMatchObject({ status: 'DUPLICATE', chargeId: null });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
  });
});

describe('depositor names with invisible characters', () => {
  const INVISIBLE = [
    '\u202E',
    '\u200B',
    '\u200D',
    '\u200E',
    '\u202A',
    '\u2066',
    '\uFEFF',
    '\u3164',
    '\t',
    '\n',
  ];

  it.each(INVISIBLE.map((c) => [JSON.stringify(c), c]))(
    'refuses a webhook name holding %s (400, Korean, nothing stored)',
    async (_label, c) => {
      const response = await webhook({ name: `홍${c}길동`, amount: 10_000, depositedAt: AT, reference: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: CHARGE_MESSAGES.NAME_INVISIBLE });
      expect(await depositRows()).toEqual([]);
    },
  );

  it('keeps a bank message with one unread (UNPARSED), crediting nothing', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const response = await sms(KB_SMS.replace('홍길동', '홍\u202E길동'));
    expect(response.json()).toMatchObject({ status: 'UNPARSED' });
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('refuses a charge request whose name holds U+202E with the rule’s Korean message', async () => {
    const member = await createMember(t.app);
    // '동길홍' written backwards behind a right-to-left override shows as '홍길동'.
    await expect(requestCharge(t.app, member, { name: '\u202E동길홍', point: 10_000 })).rejects.toMatchObject(
      {
        status: 400,
        code: 'CHARGE_INVALID',
        message: CHARGE_MESSAGES.NAME_INVISIBLE,
      },
    );
    expect(await t.app.database.db.select().from(charges)).toEqual([]);
  });
});
