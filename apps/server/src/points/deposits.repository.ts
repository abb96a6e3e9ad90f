import { createHash } from 'node:crypto';
import type { DepositStatus } from '@smm/domain/contract';
import { and, asc, between, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { deposits } from '../db/schema';

export type DepositRow = typeof deposits.$inferSelect;
export type NewDeposit = Omit<typeof deposits.$inferInsert, 'id' | 'chargeId' | 'resolvedAt' | 'duplicateOf'>;

/**
 * Deposits that already stand for their bank transfer: credited, or held for an operator. A RECEIVED
 * one is not (yet): it is being matched right now, or a stopped process left it to the background
 * loop, which will find this one when it comes to it.
 */
const REPORTED: DepositStatus[] = ['MATCHED', 'UNMATCHED', 'LATE', 'DUPLICATE'];

/** Advisory lock class of "one bank transfer" (its amount); content.repository uses single keys. */
const TRANSFER_LOCK_CLASS = 727_301;

/** A stable signed 32-bit number for an advisory lock key, the same in every process. */
function lockKeyOf(text: string): number {
  return createHash('sha256').update(text).digest().readInt32BE(0);
}

/**
 * The stored deposit's account tail is unknown or agrees with `tail`: one ends with the other (tails
 * are digits only, a check constraint; right() keeps LIKE's wildcards out of it either way).
 */
function sameAccount(tail: string): SQL | undefined {
  const stored = deposits.accountTail;
  return or(
    isNull(stored),
    sql`right(${stored}, length(${tail}::text)) = ${tail}::text`,
    sql`right(${tail}::text, length(${stored})) = ${stored}`,
  );
}

export const depositsRepository = {
  /**
   * Stores a deposit unless its (source, reference) is already stored: `created` tells a first
   * delivery from a replay, which gets the stored row back unchanged.
   */
  async insertOnce(ex: Executor, row: NewDeposit): Promise<{ deposit: DepositRow; created: boolean }> {
    const [inserted] = await ex
      .insert(deposits)
      .values(row)
      .onConflictDoNothing({ target: [deposits.source, deposits.reference] })
      .returning();
    if (inserted) return { deposit: inserted, created: true };
    const [existing] = await ex
      .select()
      .from(deposits)
      .where(and(eq(deposits.source, row.source), eq(deposits.reference, row.reference)));
    if (!existing) throw new Error('deposit neither inserted nor found');
    return { deposit: existing, created: false };
  },

  async lockById(tx: Tx, id: number): Promise<DepositRow | undefined> {
    const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    return row;
  },

  async findById(ex: Executor, id: number): Promise<DepositRow | undefined> {
    const [row] = await ex.select().from(deposits).where(eq(deposits.id, id));
    return row;
  },

  async setOutcome(
    tx: Tx,
    id: number,
    outcome: {
      status: DepositStatus;
      chargeId: number | null;
      resolvedAt: Date;
      duplicateOf?: number | null;
    },
  ): Promise<DepositRow> {
    const [row] = await tx.update(deposits).set(outcome).where(eq(deposits.id, id)).returning();
    if (!row) throw new Error(`deposit ${id} vanished`);
    return row;
  },

  /**
   * Serialises the matching of every report of this amount, whichever process received it and
   * whatever name it carries, until the transaction ends: the second of two racing reports of one
   * transfer then sees the first one settled, even when the two read the sender's text differently.
   * Row locks cannot do it (neither row knows of the other); this lock works on PostgreSQL and PGlite
   * alike.
   */
  async lockTransfer(tx: Tx, amount: number): Promise<void> {
    const key = lockKeyOf(`amount\u0000${amount}`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRANSFER_LOCK_CLASS}::int, ${key}::int)`);
  },

  /**
   * Reports that could be of the same bank transfer as `deposit` by everything but the name: the same
   * amount, the bank's time within `spanMs` either way (the caller narrows it: DepositIntake
   * sameTransferAs), the same bank when both name one (different known banks are different transfers)
   * and, when both know the receiving account's tail, tails of one account: one ends with the other
   * (`789`, `456789`: channels mask differently; accountTailsAgree in packages/domain bank-sms.ts). A
   * null bank or tail on either side excludes nothing. Only reports that already stand for their
   * transfer (REPORTED). Originals come before reports themselves held as duplicates, then oldest first.
   */
  async reportsNear(
    ex: Executor,
    deposit: Pick<DepositRow, 'id' | 'amount' | 'depositedAt' | 'bank' | 'accountTail'>,
    spanMs: number,
  ): Promise<DepositRow[]> {
    if (deposit.amount === null || deposit.depositedAt === null) return [];
    const at = deposit.depositedAt.getTime();
    return ex
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.amount, deposit.amount),
          between(deposits.depositedAt, new Date(at - spanMs), new Date(at + spanMs)),
          ne(deposits.id, deposit.id),
          inArray(deposits.status, REPORTED),
          deposit.bank === null ? undefined : or(isNull(deposits.bank), eq(deposits.bank, deposit.bank)),
          deposit.accountTail === null ? undefined : sameAccount(deposit.accountTail),
        ),
      )
      .orderBy(sql`${deposits.status} = 'DUPLICATE'`, asc(deposits.id));
  },

  /**
   * Deposits stored but never matched (the process stopped between the two steps), oldest first;
   * locked with SKIP LOCKED so a deposit being matched right now is left to its request.
   */
  async claimUnmatched(tx: Tx, storedBefore: Date, limit: number): Promise<number[]> {
    const rows = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.status, 'RECEIVED'), lte(deposits.createdAt, storedBefore)))
      .orderBy(asc(deposits.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  },
};
