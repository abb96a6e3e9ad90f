import type { LedgerReason } from '@smm/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { accounts, pointLedger } from '../db/schema';
import { appError } from '../errors/app-error';

export interface LedgerEntry {
  accountId: number;
  /** Integer won; negative for a debit. Never 0. */
  delta: number;
  reason: LedgerReason;
  /** What caused it (an order id, a charge id …); (reason, reference) is unique. */
  reference: string;
}

export type LedgerResult =
  | { applied: true; balance: number; entryId: number }
  /** The same (reason, reference) was applied before: nothing changed this time. */
  | { applied: false };

/**
 * The only code that changes `accounts.point` (a lint rule holds every other file to that). It runs
 * inside the caller's transaction, so the money moves together with whatever caused it:
 *  1. the ledger row is inserted first; a repeat of (reason, reference) hits the unique key and the
 *     whole call is a no-op, so a retried credit or refund is never applied twice;
 *  2. the balance changes in one conditional UPDATE that never takes it below 0 (no read-then-write:
 *     concurrent debits queue on the row lock and each re-checks the balance it finds), and the same
 *     statement records the balance it returned on the ledger row.
 * A debit larger than the balance throws INSUFFICIENT_POINTS; the caller's transaction then rolls
 * back the ledger row with everything else.
 */
export async function applyLedgerEntry(tx: Tx, entry: LedgerEntry): Promise<LedgerResult> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
    throw new Error(`ledger delta must be a non-zero integer, got ${entry.delta}`);
  }
  const [inserted] = await tx
    .insert(pointLedger)
    .values({ ...entry, balanceAfter: 0 })
    .onConflictDoNothing({ target: [pointLedger.reason, pointLedger.reference] })
    .returning({ id: pointLedger.id });
  if (!inserted) return { applied: false };

  // The conditional balance change and the ledger row's balance-after in one statement (one round trip).
  const result = (await tx.execute(sql`
    WITH updated AS (
      UPDATE ${accounts} SET ${sql.identifier(accounts.point.name)} = ${accounts.point} + ${entry.delta}
      WHERE ${accounts.id} = ${entry.accountId} AND ${accounts.point} + ${entry.delta} >= 0
      RETURNING ${sql.identifier(accounts.point.name)} AS point
    )
    UPDATE ${pointLedger} SET ${sql.identifier(pointLedger.balanceAfter.name)} = updated.point
    FROM updated WHERE ${pointLedger.id} = ${inserted.id}
    RETURNING updated.point AS balance`)) as unknown as { rows: { balance: number | string }[] };
  const updated = result.rows[0];
  if (!updated) throw appError('INSUFFICIENT_POINTS');

  return { applied: true, balance: Number(updated.balance), entryId: inserted.id };
}
