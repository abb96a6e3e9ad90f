import { ChargeStatus, LedgerReason, ReceiptKind } from '@smm/domain';
import type { DepositHookResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, deposits, pointLedger } from '../db/schema';
import { reportDeposit, requestCharge } from '../test/charge-factories';
import { balancesAndLedgerSums, createMember, pointOf, postSigned } from '../test/factories';
import { createTestApp, testConfig, useTestApp } from '../test/test-app';
import { signBody } from './webhook-signature';

const t = useTestApp();

let referenceCounter = 0;
function deposit(
  name: string,
  amount: number,
  reference = `bank-ref-${++referenceCounter}`,
  depositedAt = '2026-11-22T18:05:00+09:00',
) {
  return { name, amount, depositedAt, reference };
}

async function chargeRow(id: number) {
  const [row] = await t.app.database.db.select().from(charges).where(eq(charges.id, id));
  return row;
}

async function expectBooksBalance() {
  for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
}

describe('POST /hooks/deposit', () => {
  it('credits exactly the charge with that depositor and payable amount, once', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const mine = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const sameNameOtherAmount = await requestCharge(t.app, other, { name: '홍길동', point: 20_000 });
    const otherNameSameAmount = await requestCharge(t.app, other, { name: '김영희', point: 10_000 });

    // The bank prints the name with a space and full-width letters; it is the same depositor.
    const response = await postSigned(t.app, '/hooks/deposit', deposit(' 홍 길동', 10_000));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'MATCHED', chargeId: mine.id, duplicate: false });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await pointOf(t.app, other.accountId)).toBe(0);
    const credited = await chargeRow(mine.id);
    expect(credited).toMatchObject({ status: ChargeStatus.SUCCESS, depositId: response.json().depositId });
    expect(credited?.responseAt).toEqual(t.clock.now());
    expect((await chargeRow(sameNameOtherAmount.id))?.status).toBe(ChargeStatus.PENDING);
    expect((await chargeRow(otherNameSameAmount.id))?.status).toBe(ChargeStatus.PENDING);
    const ledger = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.accountId, member.accountId));
    expect(ledger.map((l) => [l.reason, l.reference, l.delta])).toEqual([
      [LedgerReason.CHARGE, `charge:${mine.id}`, 10_000],
    ]);
    await expectBooksBalance();
  });

  it('credits the points of a tax-invoice charge when its ×1.1 payable amount arrives', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, {
      name: '테스트상사',
      point: 50_000,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: {
        company: '(주)테스트상사',
        businessNumber: '2208162517',
        leader: '김대표',
        phone: '0212345678',
        jobType: '서비스',
        jobType2: '광고',
        address: '서울',
        email: 'a@b.kr',
      },
    });
    // 50,000 × 1.1 = 55,000
    expect(charge).toMatchObject({ payable: 55_000 });
    expect((await postSigned(t.app, '/hooks/deposit', deposit('테스트상사', 50_000))).json()).toMatchObject({
      status: 'UNMATCHED',
    });
    expect((await postSigned(t.app, '/hooks/deposit', deposit('테스트상사', 55_000))).json()).toMatchObject({
      status: 'MATCHED',
    });
    expect(await pointOf(t.app, member.accountId)).toBe(50_000);
  });

  it('recognises a replayed reference: the same deposit posted twice credits once', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const body = deposit('홍길동', 10_000, 'relay-42');
    const first = await postSigned(t.app, '/hooks/deposit', body);
    const again = await postSigned(t.app, '/hooks/deposit', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json<DepositHookResponse>(), duplicate: true });
    // A second request of the same amount, then the replay: still not credited.
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    expect((await postSigned(t.app, '/hooks/deposit', body)).json()).toMatchObject({ duplicate: true });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await t.app.database.db.select().from(deposits)).toHaveLength(1);
  });

  it('changes nothing for a forged, a malformed or a missing signature (401)', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const raw = JSON.stringify(deposit('홍길동', 10_000));
    const attempts = [
      { 'x-signature': signBody('a-different-secret-0123', raw) },
      { 'x-signature': signBody('test-deposit-webhook-secret-0123', `${raw} `) },
      { 'x-signature': 'sha256=zz' },
      { 'x-signature': signBody('test-deposit-webhook-secret-0123', raw).replace('sha256=', 'sha1=') },
      {},
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/hooks/deposit',
        headers: { 'content-type': 'application/json', ...headers },
        payload: raw,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    }
    expect(await t.app.database.db.select().from(deposits)).toEqual([]);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('answers 400 to a signed body that is not a deposit, and keeps nothing', async () => {
    for (const body of [
      { name: '홍길동', amount: -1, depositedAt: '2026-11-22T18:05:00+09:00', reference: 'x' },
      { name: '홍길동', amount: 1e12, depositedAt: '2026-11-22T18:05:00+09:00', reference: 'x' },
      { name: '홍길동', amount: 100, depositedAt: 'yesterday', reference: 'x' },
      { name: '홍\u0000길동', amount: 100, depositedAt: '2026-11-22T18:05:00+09:00', reference: 'x' },
      { name: '홍길동', amount: 100, depositedAt: '2026-11-22T18:05:00+09:00', reference: '' },
    ]) {
      expect((await postSigned(t.app, '/hooks/deposit', body)).statusCode).toBe(400);
    }
    expect(await t.app.database.db.select().from(deposits)).toEqual([]);
  });

  it('keeps a deposit that matches nothing for an operator', async () => {
    const response = await postSigned(t.app, '/hooks/deposit', deposit('모르는사람', 77_000));
    expect(response.json()).toMatchObject({ status: 'UNMATCHED', chargeId: null });
    const [row] = await t.app.database.db.select().from(deposits);
    expect(row).toMatchObject({ depositorName: '모르는사람', amount: 77_000, status: 'UNMATCHED' });
  });

  it('credits 50 charges from 50 concurrent deposits, each exactly once', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(t.app)));
    const requested = [];
    for (const [i, member] of members.entries()) {
      requested.push(await requestCharge(t.app, member, { name: `입금자${i}`, point: 10_000 + i }));
    }
    const bodies = members.map((_, i) => deposit(`입금자${i}`, 10_000 + i));
    // Every deposit twice, all at once: replays race their originals.
    const answers = await Promise.all(
      [...bodies, ...bodies].map((body) => postSigned(t.app, '/hooks/deposit', body)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (const [i, member] of members.entries()) {
      expect(await pointOf(t.app, member.accountId)).toBe(10_000 + i);
      expect((await chargeRow(requested[i]!.id))?.status).toBe(ChargeStatus.SUCCESS);
    }
    expect(await t.app.database.db.select().from(deposits)).toHaveLength(50);
    const credits = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.reason, LedgerReason.CHARGE));
    expect(credits).toHaveLength(50);
    await expectBooksBalance();
  });

  it('is off (404) while DEPOSIT_WEBHOOK_SECRET is unset', async () => {
    const config = testConfig();
    const off = await createTestApp({ charges: { ...config.charges, depositWebhookSecret: undefined } });
    try {
      for (const url of ['/hooks/deposit', '/hooks/bank-sms'] as const) {
        expect((await postSigned(off.app, url, deposit('홍길동', 10_000))).statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
    // The app of this file, sharing the database, still has its hooks.
    expect((await postSigned(t.app, '/hooks/deposit', deposit('홍길동', 10_000))).statusCode).toBe(200);
  });
});

describe('charge expiry and late deposits', () => {
  it('turns a charge pending for 3 hours into FAIL in the background tick, not a second earlier', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    t.clock.advance(3 * 3600_000 - 1000);
    expect(await t.app.services.chargeWorker.tick()).toMatchObject({ expired: 0 });
    expect((await chargeRow(charge.id))?.status).toBe(ChargeStatus.PENDING);
    t.clock.advance(1000);
    expect(await t.app.services.chargeWorker.tick()).toMatchObject({ expired: 1 });
    const expired = await chargeRow(charge.id);
    expect(expired).toMatchObject({ status: ChargeStatus.FAIL, decidedBy: null });
    expect(expired?.responseAt).toEqual(t.clock.now());
    expect(await t.app.services.chargeWorker.tick()).toMatchObject({ expired: 0 });
  });

  it('holds a deposit that arrives after its charge expired (LATE), crediting nothing', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    t.clock.advance(3 * 3600_000);
    await t.app.services.chargeWorker.tick();
    const late = await reportDeposit(t.app, deposit('홍길동', 10_000));
    expect(late).toMatchObject({ status: 'LATE', chargeId: null });
    const [row] = await t.app.database.db.select().from(deposits);
    expect(row).toMatchObject({ status: 'LATE', chargeId: charge.id });
    expect(await pointOf(t.app, member.accountId)).toBe(0);
    // The expired charge freed its (name, amount): the member can ask again and be matched.
    const again = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // A new transfer, three hours after the first (the same time would be the same transfer reported again).
    const paid = await reportDeposit(
      t.app,
      deposit('홍길동', 10_000, undefined, '2026-11-22T21:05:00+09:00'),
    );
    expect(paid).toMatchObject({ status: 'MATCHED', chargeId: again.id });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
  });

  it('matches a deposit a stopped process stored but never matched', async () => {
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    await t.app.database.db.insert(deposits).values({
      source: 'webhook',
      reference: 'cut-off',
      depositorName: '홍길동',
      depositorKey: '홍길동',
      amount: 10_000,
      status: 'RECEIVED',
      createdAt: t.clock.now(),
    });
    expect(await t.app.services.chargeWorker.tick()).toMatchObject({ depositsMatched: 0 });
    t.clock.advance(60_000);
    expect(await t.app.services.chargeWorker.tick()).toMatchObject({ depositsMatched: 1 });
    expect((await chargeRow(charge.id))?.status).toBe(ChargeStatus.SUCCESS);
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
  });
});
