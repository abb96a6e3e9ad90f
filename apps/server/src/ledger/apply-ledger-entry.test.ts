import { LedgerReason } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointLedger } from '../db/schema';
import { createMember, pointOf } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { applyLedgerEntry, type LedgerEntry } from './apply-ledger-entry';

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
