import { AutoOrderStatus, ChargeStatus, OPEN_ORDER_STATUSES, RefillStatus } from '@smm/domain';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import {
  accounts,
  autoOrders,
  charges,
  deposits,
  orderRefills,
  orders,
  providers,
  services,
} from '../../db/schema';

/** A half-open range of instants [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

/** Deposits and bank messages held for an operator (DUPLICATE is shown, not counted: dashboard.presenter). */
export const OPEN_DEPOSIT_STATUSES = ['UNMATCHED', 'LATE', 'UNPARSED', 'DUPLICATE'] as const;

const within = (column: AnyPgColumn, period: Period) => and(gte(column, period.from), lt(column, period.to));

/** The Seoul calendar day of a timestamptz column as 'yyyy-MM-dd' text (never a driver-parsed Date). */
const seoulDay = (column: AnyPgColumn) =>
  sql<string>`to_char((${column} AT TIME ZONE 'Asia/Seoul')::date, 'YYYY-MM-DD')`;

/** sum() as a number: 0 for no rows; bigint in SQL (a month of won may pass 2^31), a JS number here. */
const total = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);
const rows = () => sql<number>`count(*)::int`.mapWith(Number);

const credited = eq(charges.status, ChargeStatus.SUCCESS);
const member = and(eq(accounts.role, 'member'), isNull(accounts.deletedAt));

export interface DayTotal {
  date: string;
  value: number;
}

/**
 * The dashboard's aggregates. Every period is a range of instants the service computed from Seoul
 * calendar days (packages/domain admin-dashboard), so an index on the time column serves each query;
 * per-day series group by the Seoul date of the row.
 */
export const dashboardRepository = {
  /** Refills not finished: waiting to be sent (PENDING) and at the provider (INPROGRESS). */
  async openRefills(ex: Executor) {
    const [row] = await ex
      .select({
        pending:
          sql<number>`count(*) FILTER (WHERE ${orderRefills.status} = ${RefillStatus.PENDING})::int`.mapWith(
            Number,
          ),
        inProgress:
          sql<number>`count(*) FILTER (WHERE ${orderRefills.status} = ${RefillStatus.INPROGRESS})::int`.mapWith(
            Number,
          ),
      })
      .from(orderRefills)
      .where(inArray(orderRefills.status, [RefillStatus.PENDING, RefillStatus.INPROGRESS]));
    const pending = row?.pending ?? 0;
    const inProgress = row?.inProgress ?? 0;
    return { open: pending + inProgress, pending, inProgress };
  },

  /** Open orders whose cancel was asked of their provider (취소 요청됨). */
  async cancelRequested(ex: Executor) {
    const [row] = await ex
      .select({ count: rows() })
      .from(orders)
      .where(and(isNotNull(orders.cancelRequestedAt), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
    return { count: row?.count ?? 0 };
  },

  /** Credited charges by the time they were credited: how many, points credited, won received. */
  async sales(ex: Executor, period: Period) {
    const [row] = await ex
      .select({ count: rows(), point: total(sql`${charges.point}`), payable: total(sql`${charges.payable}`) })
      .from(charges)
      .where(and(credited, within(charges.responseAt, period)));
    return row ?? { count: 0, point: 0, payable: 0 };
  },

  /** Won spent on orders and auto-orders placed in the period, less what was refunded on them. */
  async spend(ex: Executor, period: Period) {
    const [[single], [auto]] = await Promise.all([
      ex
        .select({
          // An auto-order's runs cost 0 (the auto-order was paid up front): they are not purchases.
          count: sql<number>`count(*) FILTER (WHERE ${orders.autoOrderId} IS NULL)::int`.mapWith(Number),
          won: total(sql`${orders.cost} - ${orders.refunded}`),
        })
        .from(orders)
        .where(within(orders.createdAt, period)),
      ex
        .select({ count: rows(), won: total(sql`${autoOrders.cost} - ${autoOrders.refunded}`) })
        .from(autoOrders)
        .where(within(autoOrders.createdAt, period)),
    ]);
    return { count: (single?.count ?? 0) + (auto?.count ?? 0), won: (single?.won ?? 0) + (auto?.won ?? 0) };
  },

  async ordersPlaced(ex: Executor, period: Period): Promise<number> {
    const [row] = await ex.select({ n: rows() }).from(orders).where(within(orders.createdAt, period));
    return row?.n ?? 0;
  },

  async orderCountsByStatus(ex: Executor) {
    return ex.select({ status: orders.status, count: rows() }).from(orders).groupBy(orders.status);
  },

  async activeAutoOrders(ex: Executor): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(autoOrders)
      .where(eq(autoOrders.status, AutoOrderStatus.ACTIVE));
    return row?.n ?? 0;
  },

  async pendingCharges(ex: Executor) {
    const [row] = await ex
      .select({ count: rows(), point: total(sql`${charges.point}`), payable: total(sql`${charges.payable}`) })
      .from(charges)
      .where(eq(charges.status, ChargeStatus.PENDING));
    return row ?? { count: 0, point: 0, payable: 0 };
  },

  async openDepositCounts(ex: Executor) {
    return ex
      .select({ status: deposits.status, count: rows() })
      .from(deposits)
      .where(inArray(deposits.status, [...OPEN_DEPOSIT_STATUSES]))
      .groupBy(deposits.status);
  },

  /** Members (not operators, not deleted) who signed up in the period; every one without a period. */
  async members(ex: Executor, period?: Period): Promise<number> {
    const [row] = await ex
      .select({ n: rows() })
      .from(accounts)
      .where(period ? and(member, within(accounts.createdAt, period)) : member);
    return row?.n ?? 0;
  },

  async enabledProviders(ex: Executor) {
    return ex.select().from(providers).where(eq(providers.enabled, true)).orderBy(providers.id);
  },

  /** The latest orders whose provider call failed, newest first. */
  async recentProviderErrors(ex: Executor, limit: number) {
    return ex
      .select({
        orderId: orders.id,
        memberLoginId: accounts.loginId,
        serviceText: services.text,
        error: orders.lastError,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .innerJoin(services, eq(services.id, orders.serviceId))
      .where(isNotNull(orders.lastError))
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(limit);
  },

  /** Won received per Seoul day of crediting. */
  async salesByDay(ex: Executor, period: Period): Promise<DayTotal[]> {
    const day = seoulDay(charges.responseAt);
    return ex
      .select({ date: day, value: total(sql`${charges.payable}`) })
      .from(charges)
      .where(and(credited, within(charges.responseAt, period)))
      .groupBy(day);
  },

  /** Won spent per Seoul day of placing: orders and auto-orders. */
  async spendByDay(ex: Executor, period: Period): Promise<DayTotal[]> {
    const orderDay = seoulDay(orders.createdAt);
    const autoDay = seoulDay(autoOrders.createdAt);
    const [single, auto] = await Promise.all([
      ex
        .select({ date: orderDay, value: total(sql`${orders.cost} - ${orders.refunded}`) })
        .from(orders)
        .where(within(orders.createdAt, period))
        .groupBy(orderDay),
      ex
        .select({ date: autoDay, value: total(sql`${autoOrders.cost} - ${autoOrders.refunded}`) })
        .from(autoOrders)
        .where(within(autoOrders.createdAt, period))
        .groupBy(autoDay),
    ]);
    return [...single, ...auto];
  },

  async ordersByDay(ex: Executor, period: Period): Promise<DayTotal[]> {
    const day = seoulDay(orders.createdAt);
    return ex
      .select({ date: day, value: rows() })
      .from(orders)
      .where(within(orders.createdAt, period))
      .groupBy(day);
  },

  async signupsByDay(ex: Executor, period: Period): Promise<DayTotal[]> {
    const day = seoulDay(accounts.createdAt);
    return ex
      .select({ date: day, value: rows() })
      .from(accounts)
      .where(and(member, within(accounts.createdAt, period)))
      .groupBy(day);
  },
};

export type ProviderRow = Awaited<ReturnType<typeof dashboardRepository.enabledProviders>>[number];
export type ProviderErrorRow = Awaited<ReturnType<typeof dashboardRepository.recentProviderErrors>>[number];
