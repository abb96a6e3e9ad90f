import type { LedgerReason } from '@smm/domain';
import { getTableColumns, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/database';
import { pointLedger } from '../db/schema';
import { appError } from '../errors/app-error';
import { balanceChange } from './balance-change';

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
 * The ledger's entry point for a credit or a debit of its own (balanceChange is the only SQL that
 * changes `accounts.point`; a lint rule holds every file outside ledger/ to that). It runs
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
    WITH updated AS (${balanceChange({
      delta: sql`${entry.delta}`,
      accountId: sql`${entry.accountId}`,
      returning: sql`a.point AS point`,
    })})
    UPDATE ${pointLedger} SET ${sql.identifier(pointLedger.balanceAfter.name)} = updated.point
    FROM updated WHERE ${pointLedger.id} = ${inserted.id}
    RETURNING updated.point AS balance`)) as unknown as { rows: { balance: number | string }[] };
  const updated = result.rows[0];
  if (!updated) throw appError('INSUFFICIENT_POINTS');

  return { applied: true, balance: Number(updated.balance), entryId: inserted.id };
}

export interface DebitForNewRow {
  accountId: number;
  /** Integer won taken from the balance; positive. */
  cost: number;
  reason: LedgerReason;
  /** The ledger reference is `<referencePrefix>:<the new row's id>` (e.g. `order:42`). */
  referencePrefix: string;
}

/**
 * A debit whose cause is a new row (an order, an auto-order): the balance change, the row and its
 * ledger entry in ONE statement. Placing an order was a transaction of five round trips (BEGIN, the
 * row, the entry, the balance, COMMIT); as one statement it is one, which is most of an order's time
 * on PostgreSQL (docs/performance.md). The same rules as applyLedgerEntry hold:
 *  - the balance changes in one conditional UPDATE that never takes it below 0, and concurrent
 *    debits queue on the account's row lock, each re-checking the balance it finds;
 *  - the row and the entry are inserted only from that UPDATE's result, so a short balance inserts
 *    nothing at all and throws INSUFFICIENT_POINTS;
 *  - a single statement is atomic: a unique violation of the row (an idempotency key raced) undoes
 *    the debit with it.
 */
export async function insertWithDebit<T extends PgTable>(
  ex: Executor,
  debit: DebitForNewRow,
  table: T,
  values: T['$inferInsert'],
): Promise<{ row: T['$inferSelect']; balance: number }> {
  if (!Number.isSafeInteger(debit.cost) || debit.cost <= 0) {
    throw new Error(`a debit must be a positive integer, got ${debit.cost}`);
  }
  const columns = getTableColumns(table) as Record<string, Column>;
  const given = Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== undefined);
  // INSERT … SELECT infers no parameter types from the target: each value is cast to its column's type.
  const names = sql.join(
    given.map(([key]) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const selected = sql.join(
    given.map(([key, value]) => {
      const column = columns[key]!;
      return sql`CAST(${sql.param(value, column)} AS ${sql.raw(column.getSQLType())})`;
    }),
    sql`, `,
  );
  const result = (await ex.execute(sql`
    WITH debited AS (${balanceChange({
      delta: sql`${-debit.cost}`,
      accountId: sql`${debit.accountId}`,
      returning: sql`a.point AS balance`,
    })}), placed AS (
      INSERT INTO ${table} (${names}) SELECT ${selected} FROM debited RETURNING *
    ), entry AS (
      INSERT INTO ${pointLedger} (
        ${sql.identifier(pointLedger.accountId.name)}, ${sql.identifier(pointLedger.delta.name)},
        ${sql.identifier(pointLedger.reason.name)}, ${sql.identifier(pointLedger.reference.name)},
        ${sql.identifier(pointLedger.balanceAfter.name)})
      SELECT CAST(${debit.accountId} AS integer), CAST(${-debit.cost} AS integer), CAST(${debit.reason} AS text),
        CAST(${debit.referencePrefix} AS text) || ':' || placed.id, debited.balance
      FROM placed, debited
    )
    SELECT placed.*, debited.balance AS "__balance" FROM placed, debited`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const raw = result.rows[0];
  if (!raw) throw appError('INSUFFICIENT_POINTS');
  // The raw row has column names and driver values: map them back as Drizzle would have.
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return { row: row as T['$inferSelect'], balance: Number(raw.__balance) };
}
