import { createHash } from 'node:crypto';
import { ChargeStatus } from '@smm/domain';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/database';
import { accounts, charges } from '../db/schema';

export type ChargeRow = typeof charges.$inferSelect;
export type NewCharge = Omit<
  typeof charges.$inferInsert,
  'id' | 'status' | 'responseAt' | 'depositId' | 'decidedBy'
>;

/** A pending charge under one depositor name, as a new request under that name sees it. */
export interface PendingUnderName {
  id: number;
  accountId: number;
  point: number;
  payable: number;
  receiptKind: number;
}

/** Advisory lock class of "charge requests under one depositor name" (deposits.repository: 727 301). */
const DEPOSITOR_LOCK_CLASS = 727_302;

/** A charge with the login ids an operator screen shows beside it. */
export interface ChargeWithNames {
  charge: ChargeRow;
  memberLoginId: string;
  decidedByLoginId: string | null;
}

const decider = alias(accounts, 'decider');
const withNames = {
  charge: charges,
  memberLoginId: accounts.loginId,
  decidedByLoginId: decider.loginId,
};

/** A charge with the member's login id and that of the operator who marked its receipt issued. */
export interface ChargeWithIssuer {
  charge: ChargeRow;
  memberLoginId: string;
  issuedByLoginId: string | null;
}
const issuer = alias(accounts, 'issuer');
const withReceiptNames = {
  charge: charges,
  memberLoginId: accounts.loginId,
  issuedByLoginId: issuer.loginId,
};

export const chargesRepository = {
  /** Throws a unique violation when another PENDING charge holds the same (depositor, payable). */
  async insertPending(tx: Tx, row: NewCharge): Promise<ChargeRow> {
    const [inserted] = await tx.insert(charges).values(row).returning();
    if (!inserted) throw new Error('charge insert returned no row');
    return inserted;
  },

  async countPendingOf(ex: Executor, accountId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(charges)
      .where(and(eq(charges.accountId, accountId), eq(charges.status, ChargeStatus.PENDING)));
    return row?.n ?? 0;
  },

  /** Every pending charge under this depositor name, whoever asked for it. */
  async pendingUnder(ex: Executor, depositorKey: string): Promise<PendingUnderName[]> {
    return ex
      .select({
        id: charges.id,
        accountId: charges.accountId,
        point: charges.point,
        payable: charges.payable,
        receiptKind: charges.receiptKind,
      })
      .from(charges)
      .where(and(eq(charges.depositorKey, depositorKey), eq(charges.status, ChargeStatus.PENDING)));
  },

  /**
   * Serialises charge requests under one depositor name, whichever members ask, until the transaction
   * ends: the check of which payable amounts are free and the insert then see each other's. Taken after
   * the member's row (lockMember), never before, so the two locks are always taken in one order.
   */
  async lockDepositor(tx: Tx, depositorKey: string): Promise<void> {
    const key = createHash('sha256').update(depositorKey).digest().readInt32BE(0);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEPOSITOR_LOCK_CLASS}::int, ${key}::int)`);
  },

  async pageOf(ex: Executor, accountId: number, limit: number, offset: number) {
    const where = eq(charges.accountId, accountId);
    const [rows, [total]] = await Promise.all([
      ex.select().from(charges).where(where).orderBy(desc(charges.id)).limit(limit).offset(offset),
      ex.select({ n: count() }).from(charges).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The member's PENDING charges, newest first (at most CHARGE_MAX_PENDING by the request rule). */
  async pendingOf(ex: Executor, accountId: number): Promise<ChargeRow[]> {
    return ex
      .select()
      .from(charges)
      .where(and(eq(charges.accountId, accountId), eq(charges.status, ChargeStatus.PENDING)))
      .orderBy(desc(charges.id));
  },

  async byId(ex: Executor, id: number): Promise<ChargeRow | undefined> {
    const [row] = await ex.select().from(charges).where(eq(charges.id, id));
    return row;
  },

  /** The one PENDING charge a deposit of `amount` under `depositorKey` pays for, locked. */
  async lockPendingMatch(tx: Tx, depositorKey: string, amount: number): Promise<ChargeRow | undefined> {
    const [row] = await tx
      .select()
      .from(charges)
      .where(
        and(
          eq(charges.depositorKey, depositorKey),
          eq(charges.payable, amount),
          eq(charges.status, ChargeStatus.PENDING),
        ),
      )
      .orderBy(asc(charges.id))
      .limit(1)
      .for('update');
    return row;
  },

  /** The latest charge with this name and amount that lapsed (FAIL, not refused by an operator). */
  async latestExpiredMatch(ex: Executor, depositorKey: string, amount: number) {
    const [row] = await ex
      .select({ id: charges.id })
      .from(charges)
      .where(
        and(
          eq(charges.depositorKey, depositorKey),
          eq(charges.payable, amount),
          eq(charges.status, ChargeStatus.FAIL),
          isNull(charges.decidedBy),
        ),
      )
      .orderBy(desc(charges.id))
      .limit(1);
    return row?.id;
  },

  async lockById(tx: Tx, id: number): Promise<ChargeRow | undefined> {
    const [row] = await tx.select().from(charges).where(eq(charges.id, id)).for('update');
    return row;
  },

  async setOutcome(
    tx: Tx,
    id: number,
    outcome: {
      status: ChargeStatus;
      responseAt: Date;
      depositId?: number | null;
      decidedBy?: number | null;
    },
  ): Promise<ChargeRow> {
    const [row] = await tx.update(charges).set(outcome).where(eq(charges.id, id)).returning();
    if (!row) throw new Error(`charge ${id} vanished`);
    return row;
  },

  /**
   * Pending charges past their deadline become FAIL, a batch at a time: SKIP LOCKED leaves a charge
   * that a deposit is crediting right now to that deposit, and lets several processes share the work.
   */
  async expireDue(tx: Tx, now: Date, limit: number): Promise<number[]> {
    const due = await tx
      .select({ id: charges.id })
      .from(charges)
      .where(and(eq(charges.status, ChargeStatus.PENDING), lte(charges.expiresAt, now)))
      .orderBy(asc(charges.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(charges)
      .set({ status: ChargeStatus.FAIL, responseAt: now })
      .where(
        inArray(
          charges.id,
          due.map((d) => d.id),
        ),
      )
      .returning({ id: charges.id });
    return rows.map((r) => r.id);
  },

  /**
   * A deleted member's waiting charges end (FAIL) with the account: a transfer that arrives later is
   * held for an operator (LATE) instead of crediting an account nobody can use.
   */
  async failPendingOf(tx: Tx, accountId: number, now: Date): Promise<number> {
    const rows = await tx
      .update(charges)
      .set({ status: ChargeStatus.FAIL, responseAt: now })
      .where(and(eq(charges.accountId, accountId), eq(charges.status, ChargeStatus.PENDING)))
      .returning({ id: charges.id });
    return rows.length;
  },

  async withNamesById(ex: Executor, id: number): Promise<ChargeWithNames | undefined> {
    const [row] = await ex
      .select(withNames)
      .from(charges)
      .innerJoin(accounts, eq(accounts.id, charges.accountId))
      .leftJoin(decider, eq(decider.id, charges.decidedBy))
      .where(eq(charges.id, id));
    return row;
  },

  async receiptById(ex: Executor, id: number): Promise<ChargeWithIssuer | undefined> {
    const [row] = await ex
      .select(withReceiptNames)
      .from(charges)
      .innerJoin(accounts, eq(accounts.id, charges.accountId))
      .leftJoin(issuer, eq(issuer.id, charges.receiptIssuedBy))
      .where(eq(charges.id, id));
    return row;
  },

  async markReceiptIssued(tx: Tx, id: number, at: Date, by: number): Promise<void> {
    await tx.update(charges).set({ receiptIssuedAt: at, receiptIssuedBy: by }).where(eq(charges.id, id));
  },

  /**
   * Serialises a member's charge requests, so the pending-count limit holds under concurrency. NO KEY:
   * orders inserted meanwhile (their foreign key takes KEY SHARE on the account) are not held up.
   */
  async lockMember(tx: Tx, accountId: number): Promise<void> {
    await tx.execute(sql`SELECT 1 FROM ${accounts} WHERE ${accounts.id} = ${accountId} FOR NO KEY UPDATE`);
  },
};
