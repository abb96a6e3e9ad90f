import { LedgerReason, normalizeLoginId } from '@smm/domain';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  accounts,
  autoOrders,
  charges,
  orderRefills,
  orders,
  services,
  socialIdentities,
} from '../../db/schema';
import type { OperatorRefillRow } from '../../orders/refills/operator-refills.presenter';
import { selectOperatorRefills } from '../../orders/refills/operator-refill-rows';
import { likeContaining } from '../../db/like-pattern';

/** An account row as the profile reads it. */
export type MemberAccountRow = typeof accounts.$inferSelect;

export interface MemberListFilter {
  /** Already trimmed; '' for no search. */
  q: string;
  status: 'active' | 'suspended' | 'all';
  sort: 'joined' | 'point' | 'loginId';
  dir: 'asc' | 'desc';
}

/** A search that looks like a phone number (digits, dashes, spaces, dots) is matched on digits only. */
function phoneDigitsOf(q: string): string | null {
  if (!/^[0-9\s.+-]+$/.test(q)) return null;
  const digits = q.replace(/[^0-9]/g, '');
  return digits.length >= 2 ? digits : null;
}

const phoneDigitsColumn = sql`regexp_replace(coalesce(${accounts.phoneNumber}, ''), '[^0-9]', '', 'g')`;

/** The console lists members only (operators are configured), never a deleted account. */
function memberConditions(filter: MemberListFilter): SQL {
  const conditions: SQL[] = [eq(accounts.role, 'member'), isNull(accounts.deletedAt)];
  if (filter.status === 'active') conditions.push(isNull(accounts.suspendedAt));
  if (filter.status === 'suspended') conditions.push(isNotNull(accounts.suspendedAt));
  if (filter.q !== '') {
    const pattern = likeContaining(filter.q);
    const matches: SQL[] = [ilike(accounts.loginId, pattern), ilike(accounts.email, pattern)];
    const digits = phoneDigitsOf(filter.q);
    if (digits) matches.push(sql`${phoneDigitsColumn} LIKE ${likeContaining(digits)}`);
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  const all = and(...conditions);
  if (!all) throw new Error('no member conditions');
  return all;
}

function memberOrder(filter: MemberListFilter): SQL[] {
  const by = filter.dir === 'asc' ? asc : desc;
  const key =
    filter.sort === 'point'
      ? accounts.point
      : filter.sort === 'loginId'
        ? sql`lower(${accounts.loginId})`
        : accounts.createdAt;
  // The id breaks ties, so a page boundary never shows a member twice or skips one.
  return [by(key), by(accounts.id)];
}

/**
 * What the list and the profile show per member, for at most one page of rows: the order count and
 * the money totals are scalar subqueries over that page only (indexed by account), so a page costs
 * one statement however many members there are. Spent and charged come from the ledger, the one
 * record of money: ORDER debits less REFUND credits (= orders' cost − refunded, auto-orders included
 * once), CHARGE credits (= credited charges); operator adjustments are neither.
 */
const summaryColumns = (accountId: SQL) => ({
  orderCount:
    sql<number>`((SELECT count(*) FROM orders o WHERE o.account_id = ${accountId} AND o.auto_order_id IS NULL)
    + (SELECT count(*) FROM auto_orders ao WHERE ao.account_id = ${accountId}))::int`.mapWith(Number),
  totalSpent: sql<number>`coalesce((SELECT -sum(l.delta) FROM point_ledger l WHERE l.account_id = ${accountId}
    AND l.reason IN (${LedgerReason.ORDER}, ${LedgerReason.REFUND})), 0)::bigint`.mapWith(Number),
  totalCharged:
    sql<number>`coalesce((SELECT sum(l.delta) FROM point_ledger l WHERE l.account_id = ${accountId}
    AND l.reason = ${LedgerReason.CHARGE}), 0)::bigint`.mapWith(Number),
});
// Written out in full: inside a subquery an unqualified "id" would name the subquery's own table's id.
const PAGE_ACCOUNT_ID = sql.raw('"member_page"."id"');
const ACCOUNT_ID = sql.raw('"accounts"."id"');

export interface MemberSummaryRow {
  id: number;
  loginId: string;
  email: string;
  phoneNumber: string | null;
  point: number;
  registerWhere: string;
  createdAt: Date;
  suspendedAt: Date | null;
  orderCount: number;
  totalSpent: number;
  totalCharged: number;
}

/** The console's reads about members (the accounts table's writes stay in account.repository). */
export const membersAdminRepository = {
  async page(
    ex: Executor,
    filter: MemberListFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: MemberSummaryRow[]; total: number }> {
    const where = memberConditions(filter);
    const order = memberOrder(filter);
    // The page is chosen first (filter, sort, limit), its totals computed for those rows alone.
    const pageRows = ex.$with('member_page').as(
      ex
        .select({
          id: accounts.id,
          loginId: accounts.loginId,
          email: accounts.email,
          phoneNumber: accounts.phoneNumber,
          point: accounts.point,
          registerWhere: accounts.registerWhere,
          createdAt: accounts.createdAt,
          suspendedAt: accounts.suspendedAt,
          position: sql<number>`row_number() OVER (ORDER BY ${sql.join(order, sql`, `)})`.as('position'),
          total: sql<number>`count(*) OVER ()`.as('total'),
        })
        .from(accounts)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
    const rows = await ex
      .with(pageRows)
      .select({
        id: pageRows.id,
        loginId: pageRows.loginId,
        email: pageRows.email,
        phoneNumber: pageRows.phoneNumber,
        point: pageRows.point,
        registerWhere: pageRows.registerWhere,
        createdAt: pageRows.createdAt,
        suspendedAt: pageRows.suspendedAt,
        total: pageRows.total,
        ...summaryColumns(PAGE_ACCOUNT_ID),
      })
      .from(pageRows)
      .orderBy(asc(pageRows.position));
    let total = rows[0] ? Number(rows[0].total) : 0;
    // A page past the end has no row to carry the total.
    if (rows.length === 0 && offset > 0) {
      const [counted] = await ex.select({ n: count() }).from(accounts).where(where);
      total = counted?.n ?? 0;
    }
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  },

  /**
   * The account (not deleted) of that login id, compared as every login id is: lower(login_id) against
   * normalizeLoginId(), as accounts/account.repository does.
   */
  async activeAccountByLoginId(ex: Executor, loginId: string): Promise<MemberAccountRow | undefined> {
    const [row] = await ex
      .select()
      .from(accounts)
      .where(and(sql`lower(${accounts.loginId}) = ${normalizeLoginId(loginId)}`, isNull(accounts.deletedAt)))
      .limit(1);
    return row;
  },

  /** One member's line of the list (the profile's figures). */
  async summaryOf(ex: Executor, accountId: number): Promise<MemberSummaryRow | undefined> {
    const [row] = await ex
      .select({
        id: accounts.id,
        loginId: accounts.loginId,
        email: accounts.email,
        phoneNumber: accounts.phoneNumber,
        point: accounts.point,
        registerWhere: accounts.registerWhere,
        createdAt: accounts.createdAt,
        suspendedAt: accounts.suspendedAt,
        ...summaryColumns(ACCOUNT_ID),
      })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    return row;
  },

  /** The login id of an active account (the referrer), or undefined when it is gone. */
  async activeLoginIdOf(ex: Executor, accountId: number): Promise<string | undefined> {
    const [row] = await ex
      .select({ loginId: accounts.loginId })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), isNull(accounts.deletedAt)))
      .limit(1);
    return row?.loginId;
  },

  async socialProvidersOf(ex: Executor, accountId: number): Promise<('naver' | 'kakao')[]> {
    const rows = await ex
      .select({ provider: socialIdentities.provider })
      .from(socialIdentities)
      .where(eq(socialIdentities.accountId, accountId))
      .orderBy(asc(socialIdentities.provider));
    return rows.map((row) => row.provider);
  },

  /** The newest orders a member placed (not an auto-order's runs: the auto-order stands for them). */
  async recentOrders(ex: Executor, accountId: number, limit: number) {
    return ex
      .select({
        id: orders.id,
        service: services.text,
        link: orders.link,
        amount: orders.amount,
        cost: orders.cost,
        refunded: orders.refunded,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(services, eq(services.id, orders.serviceId))
      .where(and(eq(orders.accountId, accountId), isNull(orders.autoOrderId)))
      .orderBy(desc(orders.id))
      .limit(limit);
  },

  async recentAutoOrders(ex: Executor, accountId: number, limit: number) {
    return ex
      .select({
        id: autoOrders.id,
        service: services.text,
        link: autoOrders.link,
        amount: autoOrders.amount,
        cost: autoOrders.cost,
        refunded: autoOrders.refunded,
        status: autoOrders.status,
        createdAt: autoOrders.createdAt,
      })
      .from(autoOrders)
      .innerJoin(services, eq(services.id, autoOrders.serviceId))
      .where(eq(autoOrders.accountId, accountId))
      .orderBy(desc(autoOrders.id))
      .limit(limit);
  },

  async recentCharges(ex: Executor, accountId: number, limit: number) {
    return ex
      .select()
      .from(charges)
      .where(eq(charges.accountId, accountId))
      .orderBy(desc(charges.id))
      .limit(limit);
  },

  async recentRefills(ex: Executor, accountId: number, limit: number): Promise<OperatorRefillRow[]> {
    return selectOperatorRefills(ex)
      .where(eq(orderRefills.accountId, accountId))
      .orderBy(desc(orderRefills.id))
      .limit(limit);
  },
};
