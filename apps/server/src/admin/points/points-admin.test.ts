import {
  CSV_BOM,
  ChargeStatus,
  LedgerReason,
  OPERATOR_DEPOSIT_MESSAGES,
  ReceiptKind,
  POINT_ADJUSTMENT_MESSAGES,
  RECEIPT_MESSAGES,
} from '@smm/domain';
import type {
  AdminChargesResponse,
  AdminDepositsResponse,
  AuditLogResponse,
  DepositCandidatesResponse,
  IssueReceiptResponse,
  MemberLedgerResponse,
  OperatorDepositResponse,
  ReceiptsResponse,
} from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deposits, pointLedger } from '../../db/schema';
import { reportBankSms, reportDeposit, requestCharge, TEST_INVOICE } from '../../test/charge-factories';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function call(
  caller: TestMember | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(caller ? bearer(await tokenFor(t.app, caller)) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function auditRows(action: string) {
  return t.app.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

async function chargeCredits(accountId: number) {
  const rows = await t.app.database.db.select().from(pointLedger).where(eq(pointLedger.accountId, accountId));
  return rows.filter((r) => r.reason === LedgerReason.CHARGE);
}

describe('GET /admin/api/charges filters', () => {
  it('finds charges by part of the login id or the depositor name, and by receipt kind', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const kim = await createMember(t.app, { id: 'kimcorp' });
    const lee = await createMember(t.app, { id: 'lee_100' });
    const invoice = await requestCharge(t.app, kim, {
      name: '김철수',
      point: 10_000,
      feeType: ReceiptKind.TAX_INVOICE,
    });
    const plain = await requestCharge(t.app, kim, { name: '김철수', point: 20_000 });
    const other = await requestCharge(t.app, lee, {
      name: 'LEE YOUNG',
      point: 30_000,
      feeType: ReceiptKind.CASH_RECEIPT,
      feeValue: { phone: '010-1234-5678' },
    });
    const ids = async (query: string) =>
      (await call(operator, 'GET', `/admin/api/charges?${query}`))
        .json<AdminChargesResponse>()
        .items.map((c) => c.id);

    expect(await ids('q=KIMC')).toEqual([plain.id, invoice.id]);
    expect(await ids(`q=${encodeURIComponent('철수')}`)).toEqual([plain.id, invoice.id]);
    // As banks print it: width and spacing do not matter.
    expect(await ids(`q=${encodeURIComponent('ｌｅｅ ｙｏｕｎｇ')}`)).toEqual([other.id]);
    expect(await ids('feeType=1')).toEqual([invoice.id]);
    expect(await ids('feeType=0&q=lee')).toEqual([other.id]);
    expect(await ids('feeType=0&q=kim')).toEqual([]);
    // LIKE's own wildcards stand for themselves.
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=_1')).toEqual([other.id]);
    const page = (await call(operator, 'GET', '/admin/api/charges?q=kim')).json<AdminChargesResponse>();
    expect(page.total).toBe(2);
    expect(page.items[1]).toMatchObject({
      memberLoginId: 'kimcorp',
      depositorName: '김철수',
      point: 10_000,
      payable: 11_000,
      feeType: 1,
      feeValue: { company: '(주)테스트상사', businessNumber: '2208162517' },
      status: ChargeStatus.PENDING,
      decidedBy: null,
      receiptIssuedAt: null,
    });
    expect((await call(operator, 'GET', '/admin/api/charges?feeType=3')).statusCode).toBe(400);
    expect((await call(operator, 'GET', '/admin/api/charges?q=a%00b')).statusCode).toBe(400);
  });

  it('credits a charge once when two accepts race, with one audit entry', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const accept = () => call(operator, 'POST', `/admin/api/charges/${charge.id}/accept`, { memo: '확인' });
    const answers = await Promise.all([accept(), accept()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<{ changed: boolean }>().changed).sort()).toEqual([false, true]);
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(1);
    expect(await auditRows('charge.accept')).toHaveLength(1);
  });
});

describe('deposit candidates and operator-entered deposits', () => {
  it('lists the charges a held deposit may pay for: both-fitting first, then newest', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const someone = await createMember(t.app);
    const sameName = await requestCharge(t.app, member, { name: '홍길동', point: 20_000 });
    const both = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const sameAmount = await requestCharge(t.app, someone, { name: '김영희', point: 10_000 });
    await requestCharge(t.app, someone, { name: '박철수', point: 30_000 }); // fits neither
    const credited = await requestCharge(t.app, someone, { name: '이몽룡', point: 10_000 });
    await call(operator, 'POST', `/admin/api/charges/${credited.id}/accept`, {});
    // Paid under another name: held (UNMATCHED), and two pending charges have its amount.
    const held = await reportDeposit(t.app, { name: '홍길동엄마', amount: 10_000, reference: 'mum' });
    const heldId = held.depositId;
    const amountOnly = (await call(operator, 'GET', `/admin/api/deposits/${heldId}/candidates`))
      .json<DepositCandidatesResponse>()
      .items.map((c) => c.id);
    expect(amountOnly).toEqual([sameAmount.id, both.id]);

    // An unmatched transfer under the member's name with an amount no charge has.
    const odd = await reportDeposit(t.app, { name: '홍길동', amount: 12_345, reference: 'odd' });
    const oddId = odd.depositId;
    const byName = (await call(operator, 'GET', `/admin/api/deposits/${oddId}/candidates`))
      .json<DepositCandidatesResponse>()
      .items.map((c) => c.id);
    expect(byName).toEqual([both.id, sameName.id]);

    // A charge that fits both the name and the amount is listed before newer ones that fit one.
    t.clock.advance(3 * 3600_000);
    await t.app.services.chargeWorker.tick(); // every pending charge lapses (FAIL)
    const late = await reportDeposit(t.app, {
      name: '홍길동',
      amount: 10_000,
      reference: 'late',
      // Three hours on: not the transfer of 홍길동엄마 above (one name contains the other).
      depositedAt: '2026-11-22T20:59:00+09:00',
    });
    expect(late.status).toBe('LATE');
    const newer = await requestCharge(t.app, someone, { name: '최신', point: 10_000 });
    const lateCandidates = (
      await call(operator, 'GET', `/admin/api/deposits/${late.depositId}/candidates`)
    ).json<DepositCandidatesResponse>();
    expect(lateCandidates.items.map((c) => c.id)).toEqual([both.id, newer.id, sameAmount.id, sameName.id]);
    expect(lateCandidates.items[0]).toMatchObject({ status: ChargeStatus.FAIL, decidedBy: null });

    // An unreadable bank message has neither: no candidates (the operator types the charge id).
    const unreadable = await reportBankSms(t.app, '알 수 없는 문자');
    const unreadableId = unreadable.depositId;
    const none = await call(operator, 'GET', `/admin/api/deposits/${unreadableId}/candidates`);
    expect(none.json()).toEqual({ items: [] });
    expect((await call(operator, 'GET', '/admin/api/deposits/99999/candidates')).statusCode).toBe(404);
  });

  it('matches an operator-entered deposit like a relay’s, audited, once per Idempotency-Key', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const enter = (key?: string) =>
      call(
        operator,
        'POST',
        '/admin/api/deposits',
        { depositorName: ' 홍 길동 ', amount: 10_000, memo: '은행 앱에서 확인' },
        key ? { 'idempotency-key': key } : {},
      );
    const answers = await Promise.all([enter('form-1'), enter('form-1')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const bodies = answers.map((a) => a.json<OperatorDepositResponse>());
    expect(bodies.map((b) => b.duplicate).sort()).toEqual([false, true]);
    expect(new Set(bodies.map((b) => b.deposit.id)).size).toBe(1);
    const created = bodies.find((b) => !b.duplicate)!;
    expect(created.deposit).toMatchObject({
      source: 'operator',
      depositorName: '홍 길동',
      amount: 10_000,
      status: 'MATCHED',
      chargeId: charge.id,
      depositedAt: t.clock.now().toISOString(),
    });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(1);
    expect(await t.app.database.db.select().from(deposits)).toHaveLength(1);
    const audit = (
      await call(operator, 'GET', '/admin/api/audit-log?action=deposit.create')
    ).json<AuditLogResponse>();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      operatorLoginId: operator.id,
      targetType: 'deposit',
      targetId: String(created.deposit.id),
      memo: '은행 앱에서 확인',
      after: { source: 'operator', amount: 10_000 },
    });

    // No charge fits: held as UNMATCHED for the attach dialog, like a relay's deposit.
    const unmatched = await call(operator, 'POST', '/admin/api/deposits', {
      depositorName: '모르는분',
      amount: 5_000,
      depositedAt: '2026-11-22T17:00:00+09:00',
      memo: '통장 확인',
    });
    expect(unmatched.json<OperatorDepositResponse>().deposit).toMatchObject({
      status: 'UNMATCHED',
      depositedAt: '2026-11-22T08:00:00.000Z',
    });
    // The form sent again later with its key: still the one deposit.
    const reused = await enter('form-1');
    expect(reused.json<OperatorDepositResponse>().duplicate).toBe(true);
    const list = (
      await call(operator, 'GET', '/admin/api/deposits?status=UNMATCHED')
    ).json<AdminDepositsResponse>();
    expect(list.items.map((d) => [d.source, d.depositorName])).toEqual([['operator', '모르는분']]);
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });

  it('lists an operator-entered deposit with the reason typed for it, never its internal reference', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const typed = '  통장 거래내역에서 확인 <img src=x onerror="alert(1)"> & 누락  ';
    const entered = await call(
      operator,
      'POST',
      '/admin/api/deposits',
      { depositorName: '모르는분', amount: 7_000, memo: typed },
      { 'idempotency-key': 'form-memo' },
    );
    expect(entered.statusCode).toBe(200);
    const id = entered.json<OperatorDepositResponse>().deposit.id;
    await reportDeposit(t.app, { name: '다른분', amount: 3_000, reference: 'relay-memo' });
    const list = (
      await call(operator, 'GET', '/admin/api/deposits?status=UNMATCHED')
    ).json<AdminDepositsResponse>();
    // As typed (trimmed), as text: the screen renders it as text, never as markup.
    expect(list.items.map((d) => [d.source, d.memo])).toEqual([
      ['webhook', null],
      ['operator', '통장 거래내역에서 확인 <img src=x onerror="alert(1)"> & 누락'],
    ]);
    expect(list.items.find((d) => d.id === id)!.reference).toBe(`${operator.accountId}:form-memo`);
  });

  it('refuses an operator deposit with its rule’s Korean message, and a key reused for another one', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const m = OPERATOR_DEPOSIT_MESSAGES;
    const cases: [object, string][] = [
      [{ depositorName: ' ', amount: 1_000, memo: '사유' }, m.NAME_REQUIRED],
      [{ depositorName: '홍길동', amount: 0, memo: '사유' }, m.AMOUNT_INVALID],
      [{ depositorName: '홍길동', amount: 10.5, memo: '사유' }, m.AMOUNT_INVALID],
      [{ depositorName: '홍길동', amount: 2_000_000_000, memo: '사유' }, m.AMOUNT_TOO_LARGE],
      [
        { depositorName: '홍길동', amount: 1_000, depositedAt: '2027-01-01T00:00:00+09:00', memo: '사유' },
        m.DATE_IN_FUTURE,
      ],
      [{ depositorName: '홍길동', amount: 1_000, memo: '' }, m.MEMO_REQUIRED],
      // '동길홍' behind a right-to-left override shows as '홍길동'; a zero-width space hides in a name.
      [{ depositorName: '\u202E동길홍', amount: 1_000, memo: '사유' }, m.NAME_INVISIBLE],
      [{ depositorName: '홍\u200B길동', amount: 1_000, memo: '사유' }, m.NAME_INVISIBLE],
    ];
    for (const [payload, message] of cases) {
      const response = await call(operator, 'POST', '/admin/api/deposits', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const first = { depositorName: '홍길동', amount: 1_000, memo: '사유' };
    await call(operator, 'POST', '/admin/api/deposits', first, { 'idempotency-key': 'k' });
    const other = await call(
      operator,
      'POST',
      '/admin/api/deposits',
      { ...first, amount: 2_000 },
      { 'idempotency-key': 'k' },
    );
    expect(other.json().message).toBe(m.KEY_REUSED);
    expect(await t.app.database.db.select().from(deposits)).toHaveLength(1);
    expect(await auditRows('deposit.create')).toHaveLength(1);
  });
});

describe('a transfer reported again by an operator', () => {
  it('holds an operator-entered deposit of a transfer a relay reported as DUPLICATE; the operator may still attach it', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    // 18:10 in Korea: the 18:05 transfer is in the past.
    t.clock.advance(10 * 60_000);
    const first = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const relayed = await reportDeposit(t.app, { name: '홍길동', amount: 10_000, reference: 'relay-1' });
    // The member asks again; the operator, seeing the transfer in the bank's app, enters it too.
    const second = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const entered = await call(operator, 'POST', '/admin/api/deposits', {
      depositorName: '홍길동',
      amount: 10_000,
      depositedAt: '2026-11-22T18:06:00+09:00',
      memo: '은행 앱에서 확인',
    });
    expect(entered.statusCode).toBe(200);
    const held = entered.json<OperatorDepositResponse>().deposit;
    expect(held).toMatchObject({ status: 'DUPLICATE', chargeId: null, duplicateOf: relayed.depositId });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(first.id).not.toBe(second.id);

    // The console lists it under its own status, naming the earlier deposit.
    const list = (
      await call(operator, 'GET', '/admin/api/deposits?status=DUPLICATE')
    ).json<AdminDepositsResponse>();
    expect(list.items.map((d) => [d.id, d.source, d.duplicateOf])).toEqual([
      [held.id, 'operator', relayed.depositId],
    ]);

    // The member shows a second transfer: the operator attaches the held deposit to the waiting charge.
    const attached = await call(operator, 'POST', `/admin/api/deposits/${held.id}/attach`, {
      chargeId: second.id,
      memo: '두 번 입금 확인',
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({
      changed: true,
      deposit: { status: 'MATCHED', chargeId: second.id, duplicateOf: relayed.depositId },
      charge: { status: ChargeStatus.SUCCESS },
    });
    expect(await pointOf(t.app, member.accountId)).toBe(20_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(2);
    expect(await auditRows('deposit.attach')).toHaveLength(1);
    // The list still shows the reason it was entered for, not the attach's memo.
    const matched = (
      await call(operator, 'GET', '/admin/api/deposits?status=MATCHED')
    ).json<AdminDepositsResponse>();
    expect(matched.items.find((d) => d.id === held.id)).toMatchObject({
      memo: '은행 앱에서 확인',
      original: { id: relayed.depositId, source: 'webhook', memo: null },
    });
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });

  it('holds a relay’s report of a transfer an operator entered first as DUPLICATE', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const entered = await call(operator, 'POST', '/admin/api/deposits', {
      depositorName: '홍 길동',
      amount: 10_000,
      depositedAt: '2026-11-22T18:05:00+09:00',
      memo: '먼저 확인',
    });
    expect(entered.json<OperatorDepositResponse>().deposit.status).toBe('MATCHED');
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const relayed = await reportDeposit(t.app, { name: '홍길동', amount: 10_000, reference: 'relay-late' });
    expect(relayed).toMatchObject({ status: 'DUPLICATE', chargeId: null });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    // Compared side by side, the operator's earlier entry shows the reason typed for it.
    const list = (
      await call(operator, 'GET', '/admin/api/deposits?status=DUPLICATE')
    ).json<AdminDepositsResponse>();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: relayed.depositId,
        memo: null,
        original: expect.objectContaining({ source: 'operator', memo: '먼저 확인' }),
      }),
    ]);
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });
});

describe('GET /admin/api/members/:loginId/ledger', () => {
  it('answers the ledger newest first with Korean reasons, and the balance', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    await reportDeposit(t.app, { name: '홍길동', amount: 10_000, reference: 'paid' });
    t.clock.advance(60_000);
    const adjusted = await call(operator, 'POST', `/admin/api/members/${member.id}/point-adjustments`, {
      delta: -3_000,
      memo: '회수',
    });
    const adjustmentId = adjusted.json<{ adjustmentId: number }>().adjustmentId;
    const response = await call(operator, 'GET', `/admin/api/members/${member.id.toUpperCase()}/ledger`);
    expect(response.statusCode).toBe(200);
    const body = response.json<MemberLedgerResponse>();
    expect(body).toMatchObject({ loginId: member.id, balance: 7_000, page: 1, total: 2 });
    expect(body.items.map((i) => [i.delta, i.reason, i.reasonLabel, i.reference, i.balanceAfter])).toEqual([
      [-3_000, 'ADJUSTMENT', '운영자 조정', `adjustment:${adjustmentId}`, 7_000],
      [10_000, 'CHARGE', '포인트 충전', `charge:${charge.id}`, 10_000],
    ]);
    const page2 = await call(operator, 'GET', `/admin/api/members/${member.id}/ledger?page=2`);
    expect(page2.json<MemberLedgerResponse>()).toMatchObject({ items: [], total: 2, balance: 7_000 });
  });

  it('answers 404 with a Korean message for an unknown member, and 403 to a member', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const unknown = await call(operator, 'GET', '/admin/api/members/nobody-here/ledger');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(POINT_ADJUSTMENT_MESSAGES.MEMBER_NOT_FOUND);
    expect((await call(member, 'GET', `/admin/api/members/${member.id}/ledger`)).statusCode).toBe(403);
    expect((await call(operator, 'GET', `/admin/api/members/${member.id}/ledger?page=0`)).statusCode).toBe(
      400,
    );
  });
});

describe('receipts to issue', () => {
  /** A member's charge with a receipt, credited by its transfer. */
  async function creditedCharge(
    member: TestMember,
    charge: Parameters<typeof requestCharge>[2] & { feeType: ReceiptKind },
    paid: number,
  ) {
    const requested = await requestCharge(t.app, member, charge);
    expect(requested.payable).toBe(paid);
    await reportDeposit(t.app, { name: charge.name, amount: paid, reference: `ref-${requested.id}` });
    return requested;
  }

  it('lists credited charges that asked for a receipt, with the amounts to issue', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const invoice = await creditedCharge(
      member,
      { name: '테스트상사', point: 100_000, feeType: ReceiptKind.TAX_INVOICE },
      110_000, // 100,000 + 10 % VAT (10,000) = 110,000
    );
    t.clock.advance(60_000);
    const cash = await creditedCharge(
      member,
      {
        name: '홍길동',
        point: 33_000,
        feeType: ReceiptKind.CASH_RECEIPT,
        feeValue: { phone: '010-1234-5678' },
      },
      33_000, // a cash receipt adds nothing: 33,000
    );
    await creditedCharge(
      member,
      { name: '홍길동', point: 5_000, feeType: ReceiptKind.NONE },
      5_000, // no receipt adds nothing: 5,000
    ); // asked for none
    await requestCharge(t.app, member, { name: '김미입금', point: 20_000, feeType: ReceiptKind.TAX_INVOICE }); // not credited
    const list = (await call(operator, 'GET', '/admin/api/receipts')).json<ReceiptsResponse>();
    expect(list.total).toBe(2);
    // Still to issue: the oldest credit first.
    expect(list.items.map((r) => r.chargeId)).toEqual([invoice.id, cash.id]);
    expect(list.items[0]).toMatchObject({
      kind: 1,
      memberLoginId: member.id,
      depositorName: '테스트상사',
      point: 100_000,
      supplyAmount: 100_000,
      vatAmount: 10_000,
      totalAmount: 110_000,
      details: { company: '(주)테스트상사', businessNumber: '2208162517', email: 'tax@example.com' },
      issuedAt: null,
      issuedBy: null,
    });
    expect(list.items[1]).toMatchObject({
      kind: 0,
      supplyAmount: 30_000,
      vatAmount: 3_000,
      totalAmount: 33_000,
      details: { phone: '01012345678' },
    });
    const invoices = (await call(operator, 'GET', '/admin/api/receipts?kind=1')).json<ReceiptsResponse>();
    expect(invoices.items.map((r) => r.chargeId)).toEqual([invoice.id]);
    expect((await call(operator, 'GET', '/admin/api/receipts?kind=2')).statusCode).toBe(400);
    expect((await call(operator, 'GET', '/admin/api/receipts?status=later')).statusCode).toBe(400);
  });

  it('marks a receipt issued once (raced too), audited, and moves it to the done list', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const invoice = await creditedCharge(
      member,
      { name: '테스트상사', point: 100_000, feeType: ReceiptKind.TAX_INVOICE },
      110_000, // 100,000 + 10 % VAT (10,000) = 110,000
    );
    const issue = () =>
      call(operator, 'POST', `/admin/api/receipts/${invoice.id}/issue`, { memo: '홈택스 발행' });
    const answers = await Promise.all([issue(), issue()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<IssueReceiptResponse>().changed).sort()).toEqual([false, true]);
    const issued = answers[0]!.json<IssueReceiptResponse>().receipt;
    expect(issued).toMatchObject({ issuedAt: t.clock.now().toISOString(), issuedBy: operator.id });
    expect((await issue()).json()).toMatchObject({ changed: false, receipt: { issuedBy: operator.id } });

    const todo = (await call(operator, 'GET', '/admin/api/receipts?status=todo')).json<ReceiptsResponse>();
    const done = (await call(operator, 'GET', '/admin/api/receipts?status=done')).json<ReceiptsResponse>();
    expect([todo.total, done.items.map((r) => r.chargeId)]).toEqual([0, [invoice.id]]);
    const audit = (
      await call(operator, 'GET', '/admin/api/audit-log?action=receipt.issue')
    ).json<AuditLogResponse>();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      targetType: 'charge',
      targetId: String(invoice.id),
      memo: '홈택스 발행',
      before: { issuedAt: null },
      after: { issuedBy: operator.id },
    });
    // The charge list shows it too.
    const charges = (
      await call(operator, 'GET', '/admin/api/charges?feeType=1')
    ).json<AdminChargesResponse>();
    expect(charges.items[0]?.receiptIssuedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses (409, Korean) a charge not credited or that asked for no receipt; 404 for none', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const pending = await requestCharge(t.app, member, {
      name: '김미입금',
      point: 20_000,
      feeType: ReceiptKind.TAX_INVOICE,
    });
    const none = await creditedCharge(
      member,
      { name: '홍길동', point: 5_000, feeType: ReceiptKind.NONE },
      5_000, // no receipt adds nothing: 5,000
    );
    const notCredited = await call(operator, 'POST', `/admin/api/receipts/${pending.id}/issue`, {});
    expect(notCredited.statusCode).toBe(409);
    expect(notCredited.json().message).toBe(RECEIPT_MESSAGES.NOT_CREDITED);
    const notAsked = await call(operator, 'POST', `/admin/api/receipts/${none.id}/issue`, {});
    expect(notAsked.statusCode).toBe(409);
    expect(notAsked.json().message).toBe(RECEIPT_MESSAGES.NOT_REQUESTED);
    expect((await call(operator, 'POST', '/admin/api/receipts/99999/issue', {})).statusCode).toBe(404);
    expect(await auditRows('receipt.issue')).toHaveLength(0);
  });

  it('exports the list as a CSV Korean Excel opens: BOM, Korean headers, CRLF, formulas defused', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    await creditedCharge(
      member,
      {
        name: '테스트상사',
        point: 100_000,
        feeType: ReceiptKind.TAX_INVOICE,
        feeValue: { ...TEST_INVOICE, company: '=HYPERLINK("http://evil.example","클릭")' },
      },
      110_000, // 100,000 + 10 % VAT (10,000) = 110,000
    );
    await creditedCharge(
      member,
      {
        name: '홍길동',
        point: 33_000,
        feeType: ReceiptKind.CASH_RECEIPT,
        feeValue: { phone: '010-1234-5678' },
      },
      33_000, // a cash receipt adds nothing: 33,000
    );
    const response = await call(operator, 'GET', '/admin/api/receipts.csv?status=todo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="receipts\.csv"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^증빙_미처리_\d{8}-\d{4}\.csv$/);
    const text = response.body;
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '충전 번호,증빙 종류,입금 확인 일시,회원 아이디,입금자명,상호(법인명),사업자등록번호,대표자명,업태,종목,' +
        '사업장 주소,이메일,연락처,공급가액,부가세,합계,처리 상태,발행 처리 일시,처리자',
    );
    expect(lines).toHaveLength(4); // header, two rows, '' after the last CRLF
    expect(lines[3]).toBe('');
    // The formula-looking company name is written as text (apostrophe), quoted for its quotes.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""클릭"")"`);
    expect(lines[1]).toContain('220-81-62517');
    expect(lines[1]).toContain(',100000,10000,110000,미처리,,');
    expect(lines[2]).toContain('010-1234-5678');
    expect(lines[2]).toContain('현금영수증');
    // Credited at 18:00 Seoul on the test clock's day, whatever the machine's zone.
    expect(lines[2]).toContain('2026-11-22 18:00');

    const cashOnly = await call(operator, 'GET', '/admin/api/receipts.csv?kind=0');
    expect(cashOnly.body.slice(1).split('\r\n')).toHaveLength(3);
    const empty = await call(operator, 'GET', '/admin/api/receipts.csv?status=done');
    expect(empty.body).toBe(`${CSV_BOM}${lines[0]}\r\n`);
  });

  it('is operator-only: 401 without a token, 403 for a member (CSV included)', async () => {
    const member = await createMember(t.app);
    for (const url of ['/admin/api/receipts', '/admin/api/receipts.csv']) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      const asMember = await call(member, 'GET', url);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.body.startsWith(CSV_BOM)).toBe(false);
    }
    expect((await call(member, 'POST', '/admin/api/receipts/1/issue', {})).statusCode).toBe(403);
    expect((await call(member, 'POST', '/admin/api/deposits', {})).statusCode).toBe(403);
  });
});
