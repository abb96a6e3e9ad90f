import { LedgerReason } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, pointLedger, services } from '../db/schema';
import { createMember, pointOf } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { applyLedgerEntry, insertWithDebit, type LedgerEntry } from './apply-ledger-entry';

const t = useTestApp();

const apply = (entry: LedgerEntry) => t.app.database.db.transaction((tx) => applyLedgerEntry(tx, entry));

async function ledgerOf(accountId: number) {
  return t.app.database.db
    .select()
    .from(pointLedger)
    .where(eq(pointLedger.accountId, accountId))
    .orderBy(pointLedger.id);
}

describe(`applyLedgerEntry on ${testDatabaseKind}`, () => {
  it('moves the balance and records the row with the balance after, in one transaction', async () => {
    const member = await createMember(t.app);
    const credit = await apply({
      accountId: member.accountId,
      delta: 10_000,
      reason: LedgerReason.CHARGE,
      reference: 'charge:1',
    });
    expect(credit).toMatchObject({ applied: true, balance: 10_000 });
    const debit = await apply({
      accountId: member.accountId,
      delta: -2_700,
      reason: LedgerReason.ORDER,
      reference: 'order:1',
    });
    expect(debit).toMatchObject({ applied: true, balance: 7_300 });
    expect(await pointOf(t.app, member.accountId)).toBe(7_300);
    expect(
      (await ledgerOf(member.accountId)).map((r) => [r.delta, r.reason, r.reference, r.balanceAfter]),
    ).toEqual([
      [10_000, 'CHARGE', 'charge:1', 10_000],
      [-2_700, 'ORDER', 'order:1', 7_300],
    ]);
  });

  it('is a no-op when the same (reason, reference) comes again', async () => {
    const member = await createMember(t.app);
    const entry = {
      accountId: member.accountId,
      delta: 5_000,
      reason: LedgerReason.REFUND,
      reference: 'order:9',
    };
    expect((await apply(entry)).applied).toBe(true);
    expect(await apply(entry)).toEqual({ applied: false });
    expect(await pointOf(t.app, member.accountId)).toBe(5_000);
    expect(await ledgerOf(member.accountId)).toHaveLength(1);
  });

  it('never takes a balance below 0: the debit is refused and nothing is written', async () => {
    const member = await createMember(t.app, { point: 1_000 });
    await expect(
      apply({ accountId: member.accountId, delta: -1_001, reason: LedgerReason.ORDER, reference: 'order:2' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_POINTS', message: '포인트가 부족합니다.' });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000);
    expect(await ledgerOf(member.accountId)).toHaveLength(1); // the factory's credit only
  });

  it('rolls the money back with the rest of the caller’s transaction', async () => {
    const member = await createMember(t.app, { point: 3_000 });
    await expect(
      t.app.database.db.transaction(async (tx) => {
        await applyLedgerEntry(tx, {
          accountId: member.accountId,
          delta: -3_000,
          reason: LedgerReason.ORDER,
          reference: 'order:3',
        });
        throw new Error('the order insert failed');
      }),
    ).rejects.toThrow('the order insert failed');
    expect(await pointOf(t.app, member.accountId)).toBe(3_000);
  });

  it('refuses a zero or fractional delta', async () => {
    const member = await createMember(t.app);
    for (const delta of [0, 1.5, Number.NaN]) {
      await expect(
        apply({
          accountId: member.accountId,
          delta,
          reason: LedgerReason.ADJUSTMENT,
          reference: `x${delta}`,
        }),
      ).rejects.toThrow(/non-zero integer/);
    }
  });

  it('lets exactly as many concurrent debits through as the balance covers, and point = Σ ledger', async () => {
    const member = await createMember(t.app, { point: 10_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        apply({
          accountId: member.accountId,
          delta: -1_000,
          reason: LedgerReason.ORDER,
          reference: `order:c${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code),
    ).toEqual(['INSUFFICIENT_POINTS', 'INSUFFICIENT_POINTS']);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
    const [sum] = await t.app.database.db
      .select({ total: sql<number>`coalesce(sum(${pointLedger.delta}), 0)::int` })
      .from(pointLedger)
      .where(eq(pointLedger.accountId, member.accountId));
    expect(sum?.total).toBe(0);
  });
});

describe(`insertWithDebit (a new row and its debit in one statement) on ${testDatabaseKind}`, () => {
  async function orderFor(accountId: number, cost: number, amount = 10) {
    const [service] = await t.app.database.db.select().from(services).orderBy(services.id).limit(1);
    return insertWithDebit(
      t.app.database.db,
      { accountId, cost, reason: LedgerReason.ORDER, referencePrefix: 'order' },
      orders,
      {
        accountId,
        serviceId: service!.id,
        link: 'https://instagram.com/p/one-statement',
        linkKey: 'instagram.com/p/one-statement',
        amount,
        unitPriceMilli: cost * 100,
        cost,
        nextCheckAt: new Date('2026-11-24T00:00:00Z'),
      },
    );
  }
  const ordersOf = (accountId: number) =>
    t.app.database.db.select().from(orders).where(eq(orders.accountId, accountId));

  it('inserts the row, its ledger entry (order:<id>, balance after) and the debit, and maps the row back', async () => {
    const member = await createMember(t.app, { point: 5_000 });
    const { row, balance } = await orderFor(member.accountId, 1_200);
    expect(balance).toBe(3_800);
    expect(row).toMatchObject({
      accountId: member.accountId,
      cost: 1_200,
      amount: 10,
      status: 0,
      refunded: 0,
    });
    expect(row.unitPriceMilli).toBe(120_000);
    expect(row.nextCheckAt).toEqual(new Date('2026-11-24T00:00:00Z'));
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(await pointOf(t.app, member.accountId)).toBe(3_800);
    const entries = (await ledgerOf(member.accountId)).filter((r) => r.reason === 'ORDER');
    expect(entries.map((r) => [r.delta, r.reference, r.balanceAfter])).toEqual([
      [-1_200, `order:${row.id}`, 3_800],
    ]);
  });

  it('writes nothing at all when the balance is short', async () => {
    const member = await createMember(t.app, { point: 1_000 });
    await expect(orderFor(member.accountId, 1_001)).rejects.toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    expect(await ordersOf(member.accountId)).toHaveLength(0);
    expect((await ledgerOf(member.accountId)).filter((r) => r.reason === 'ORDER')).toHaveLength(0);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000);
  });

  it('undoes the debit with the row when the row is refused (a constraint of the table)', async () => {
    const member = await createMember(t.app, { point: 5_000 });
    await orderFor(member.accountId, 1_000);
    // orders_amount_positive refuses the row after the debit's part of the statement ran.
    await expect(orderFor(member.accountId, 1_000, 0)).rejects.toThrow();
    expect(await ordersOf(member.accountId)).toHaveLength(1);
    expect(await pointOf(t.app, member.accountId)).toBe(4_000);
  });

  it('lets exactly as many concurrent orders through as the balance covers, and point = Σ ledger', async () => {
    const member = await createMember(t.app, { point: 10_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 13 }, () => orderFor(member.accountId, 1_000)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await ordersOf(member.accountId)).toHaveLength(10);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
    const ledger = await ledgerOf(member.accountId);
    expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    // Each entry's balance-after is the balance its own debit left: 9,000 … 0, each once.
    const after = ledger.filter((r) => r.reason === 'ORDER').map((r) => r.balanceAfter);
    expect([...after].sort((a, b) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((k) => k * 1_000));
  });
});
