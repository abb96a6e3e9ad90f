import { createHash } from 'node:crypto';
import { ChargeStatus, normalizeDepositorName, PaymentKind } from '@smm/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/database';
import { accounts, charges } from '../db/schema';
import { likeContaining } from '../db/like-pattern';

export type ChargeRow = typeof charges.$inferSelect;
export type NewCharge = Omit<
  typeof charges.$inferInsert,
  'id' | 'status' | 'responseAt' | 'depositId' | 'decidedBy'
>;

/** A pending charge under one depositor name, as a new request under that name sees it. */
export interface PendingUnderName {
  accountId: number;
  point: number;
  payable: number;
  feeType: number;
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

export interface AdminChargeFilter {
  status?: ChargeStatus;
  feeType?: PaymentKind;
  /** One member's charges (the member page). */
  accountId?: number;
  /** Part of the member's login id or of the depositor name (as typed, or as banks print it). */
  search?: string;
}

function adminChargeWhere(filter: AdminChargeFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(eq(charges.status, filter.status));
  if (filter.feeType !== undefined) conditions.push(eq(charges.feeType, filter.feeType));
  if (filter.accountId !== undefined) conditions.push(eq(charges.accountId, filter.accountId));
  const search = filter.search?.trim();
  if (search) {
    const matches: SQL[] = [
      ilike(accounts.loginId, likeContaining(search)),
      ilike(charges.depositorName, likeContaining(search)),
    ];
    const key = normalizeDepositorName(search);
    if (key) matches.push(like(charges.depositorKey, likeContaining(key)));
    conditions.push(or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export interface ReceiptFilter {
  issued: boolean;
  /** PaymentKind FEE or CASH; absent: both. */
  kind?: PaymentKind;
}

function receiptWhere(filter: ReceiptFilter): SQL | undefined {
  return and(
    eq(charges.status, ChargeStatus.SUCCESS),
    filter.kind === undefined
      ? inArray(charges.feeType, [PaymentKind.FEE, PaymentKind.CASH])
      : eq(charges.feeType, filter.kind),
    filter.issued ? isNotNull(charges.receiptIssuedAt) : isNull(charges.receiptIssuedAt),
  );
}

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

  /** Payable amounts already waiting under this depositor (to suggest a free one). */
  async pendingPayablesOf(ex: Executor, depositorKey: string): Promise<Set<number>> {
    const rows = await ex
      .select({ payable: charges.payable })
      .from(charges)
      .where(and(eq(charges.depositorKey, depositorKey), eq(charges.status, ChargeStatus.PENDING)));
    return new Set(rows.map((r) => r.payable));
  },

  /** Every pending charge under this depositor name, whoever asked for it. */
  async pendingUnder(ex: Executor, depositorKey: string): Promise<PendingUnderName[]> {
    return ex
      .select({
        accountId: charges.accountId,
        point: charges.point,
        payable: charges.payable,
        feeType: charges.feeType,
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

  /** The console's charge list, newest first, filtered by state, receipt kind, member and/or a search. */
  async adminPage(ex: Executor, filter: AdminChargeFilter, limit: number, offset: number) {
    const where = adminChargeWhere(filter);
    const [rows, [total]] = await Promise.all([
      ex
        .select(withNames)
        .from(charges)
        .innerJoin(accounts, eq(accounts.id, charges.accountId))
        .leftJoin(decider, eq(decider.id, charges.decidedBy))
        .where(where)
        .orderBy(desc(charges.id))
        .limit(limit)
        .offset(offset),
      ex
        .select({ n: count() })
        .from(charges)
        .innerJoin(accounts, eq(accounts.id, charges.accountId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * Charges a held deposit may pay for: not credited (pending, lapsed or refused) and with the
   * deposit's amount or its depositor name; those with both first, then newest first. Whichever the deposit lacks (an unreadable
   * bank message has neither) is not searched for.
   */
  async depositCandidates(
    ex: Executor,
    deposit: { amount: number | null; depositorKey: string | null },
    limit: number,
  ): Promise<ChargeWithNames[]> {
    const fits: SQL[] = [];
    if (deposit.amount !== null) fits.push(eq(charges.payable, deposit.amount));
    if (deposit.depositorKey) fits.push(eq(charges.depositorKey, deposit.depositorKey));
    if (fits.length === 0) return [];
    // A charge with both the amount and the name is the likeliest: listed before the others.
    const both = fits.length === 2 ? sql`CASE WHEN ${and(...fits)} THEN 0 ELSE 1 END` : sql`0`;
    return ex
      .select(withNames)
      .from(charges)
      .innerJoin(accounts, eq(accounts.id, charges.accountId))
      .leftJoin(decider, eq(decider.id, charges.decidedBy))
      .where(and(ne(charges.status, ChargeStatus.SUCCESS), or(...fits)))
      .orderBy(both, desc(charges.id))
      .limit(limit);
  },

  /**
   * Credited charges that asked for a receipt, still to issue (oldest credit first: a queue worked
   * from the top) or issued (latest issue first).
   */
  async receiptPage(ex: Executor, filter: ReceiptFilter, limit: number, offset: number) {
    const where = receiptWhere(filter);
    const order = filter.issued
      ? [desc(charges.receiptIssuedAt), desc(charges.id)]
      : [asc(charges.responseAt), asc(charges.id)];
    const [rows, [total]] = await Promise.all([
      ex
        .select(withReceiptNames)
        .from(charges)
        .innerJoin(accounts, eq(accounts.id, charges.accountId))
        .leftJoin(issuer, eq(issuer.id, charges.receiptIssuedBy))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(charges).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
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
