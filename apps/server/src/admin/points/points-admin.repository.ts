/**
 * Why this file: the console reads, the points domain acts. The lists only the console's points screens
 * show (charges, deposits, a held deposit's candidates, receipts; docs/product.md#operator-console) are
 * queried here, so points/ keeps only the queries its own operations use.
 */
import { ChargeStatus, normalizeDepositorName, ReceiptKind } from '@smm/domain';
import type { DepositStatus } from '@smm/domain/contract';
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
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import { accounts, auditLog, charges, deposits } from '../../db/schema';
import { likeContaining } from '../../db/like-pattern';

/** A charge with the login ids of its member and of the operator who decided it (presentAdminCharge). */
const decider = alias(accounts, 'decider');
const withNames = {
  charge: charges,
  memberLoginId: accounts.loginId,
  decidedByLoginId: decider.loginId,
};

/** A charge with the login ids of its member and of the operator who marked its receipt issued. */
const issuer = alias(accounts, 'issuer');
const withReceiptNames = {
  charge: charges,
  memberLoginId: accounts.loginId,
  issuedByLoginId: issuer.loginId,
};

export interface AdminChargeFilter {
  status?: ChargeStatus;
  receiptKind?: ReceiptKind;
  /** One member's charges (the member page). */
  accountId?: number;
  /** Part of the member's login id or of the depositor name (as typed, or as banks print it). */
  search?: string;
}

function adminChargeWhere(filter: AdminChargeFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(eq(charges.status, filter.status));
  if (filter.receiptKind !== undefined) conditions.push(eq(charges.receiptKind, filter.receiptKind));
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
  /** ReceiptKind TAX_INVOICE or CASH_RECEIPT; absent: both. */
  kind?: ReceiptKind;
}

function receiptWhere(filter: ReceiptFilter): SQL | undefined {
  return and(
    eq(charges.status, ChargeStatus.SUCCESS),
    filter.kind === undefined
      ? inArray(charges.receiptKind, [ReceiptKind.TAX_INVOICE, ReceiptKind.CASH_RECEIPT])
      : eq(charges.receiptKind, filter.kind),
    filter.issued ? isNotNull(charges.receiptIssuedAt) : isNull(charges.receiptIssuedAt),
  );
}

export const pointsAdminRepository = {
  /** The console's charge list, newest first, filtered by state, receipt kind, member and/or a search. */
  async chargesPage(ex: Executor, filter: AdminChargeFilter, limit: number, offset: number) {
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

  /** The console's deposit list, newest first, optionally of one status. */
  async depositsPage(ex: Executor, status: DepositStatus | undefined, limit: number, offset: number) {
    const where = status === undefined ? undefined : eq(deposits.status, status);
    const [rows, [total]] = await Promise.all([
      ex.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(limit).offset(offset),
      ex.select({ n: count() }).from(deposits).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The deposits with these ids (the originals a page's duplicates name), in no particular order. */
  async depositsByIds(ex: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select()
      .from(deposits)
      .where(inArray(deposits.id, [...new Set(ids)]));
  },

  /**
   * The 등록 사유 of operator-entered deposits: kept once, as the memo of the deposit.create audit
   * entry written with the deposit (deposit-intake.ts), so the list reads it there (by the log's
   * target index) rather than keeping a second copy on the deposit.
   */
  async operatorDepositMemos(ex: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ targetId: auditLog.targetId, memo: auditLog.memo })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'deposit'),
          inArray(
            auditLog.targetId,
            [...new Set(ids)].map((id) => String(id)),
          ),
          eq(auditLog.action, 'deposit.create'),
        ),
      );
    return new Map(rows.map((row) => [Number(row.targetId), row.memo]));
  },

  async depositById(ex: Executor, id: number) {
    const [row] = await ex.select().from(deposits).where(eq(deposits.id, id));
    return row;
  },

  /**
   * Charges a held deposit may pay for: not credited (pending, lapsed or refused) and with the
   * deposit's amount or its depositor name; those with both first, then newest first. Whichever the
   * deposit lacks (an unreadable bank message has neither) is not searched for.
   */
  async depositCandidates(
    ex: Executor,
    deposit: { amount: number | null; depositorKey: string | null },
    limit: number,
  ) {
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
};
