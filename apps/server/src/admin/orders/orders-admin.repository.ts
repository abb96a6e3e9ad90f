import { normalizeLoginId, OPEN_ORDER_STATUSES, orderLinkKey } from '@smm/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { accounts, autoOrders, orderRefills, orders, providers, services } from '../../db/schema';
import type { OperatorRefillRow } from '../../orders/refills/operator-refills.presenter';
import { selectOperatorRefills } from '../../orders/refills/operator-refill-rows';
import { likeContaining, likeStartingWith } from '../../db/like-pattern';

export interface OrderListFilter {
  member?: string;
  memberMatch: 'exact' | 'prefix';
  serviceId?: number;
  status?: number;
  link?: string;
  /** Created at or after. */
  start?: Date;
  /** Created before. */
  end?: Date;
  providerOrderId?: string;
  hasError?: boolean;
  /** Only open orders whose cancel was asked of their provider (true: 취소 요청됨), or the others (false). */
  cancelRequested?: boolean;
  chargeExceedsPaid?: boolean;
  /** The provider that has the order now. */
  providerId?: number;
}

export interface RefillListFilter {
  status?: number;
  /** A member's whole login id, or part of the order's link. */
  q?: string;
}

export interface ListPaging {
  sort: 'id' | 'createdAt' | 'cost';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A member's login id as the database compares it (lower(login_id), see normalizeLoginId). */
function memberCondition(member: string, match: 'exact' | 'prefix'): SQL {
  const id = normalizeLoginId(member);
  return match === 'exact'
    ? sql`lower(${accounts.loginId}) = ${id}`
    : sql`lower(${accounts.loginId}) LIKE ${likeStartingWith(id)}`;
}

type Table = typeof orders | typeof autoOrders;

/**
 * Part of the link as typed, or, for orders, the whole link written any other way (its key,
 * docs/product.md#refill-and-cancellation): a member's `http://instagram.com/p/X?igshid=…` finds the
 * order stored as `https://www.instagram.com/p/X/`.
 */
function linkCondition(table: Table, link: string): SQL {
  const typed = ilike(table.link, likeContaining(link));
  return table === orders ? or(typed, eq(orders.linkKey, orderLinkKey(link)))! : typed;
}

/** The conditions both lists share. */
function commonConditions(table: Table, filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.member) conditions.push(memberCondition(filter.member, filter.memberMatch));
  if (filter.serviceId !== undefined) conditions.push(eq(table.serviceId, filter.serviceId));
  if (filter.status !== undefined) conditions.push(eq(table.status, filter.status));
  if (filter.link) conditions.push(linkCondition(table, filter.link));
  if (filter.start) conditions.push(gte(table.createdAt, filter.start));
  if (filter.end) conditions.push(lt(table.createdAt, filter.end));
  return conditions;
}

function orderBy(table: Table, paging: ListPaging) {
  const direction = paging.order === 'asc' ? asc : desc;
  const column =
    paging.sort === 'cost' ? table.cost : paging.sort === 'createdAt' ? table.createdAt : table.id;
  // The id breaks ties, so a page boundary never shows a row twice or skips one.
  return paging.sort === 'id' ? [direction(table.id)] : [direction(column), direction(table.id)];
}

/**
 * The console's lists of orders and auto-orders across every member. Reads only: what an
 * operator does to an order is orders/operator-actions.ts, with its queries in orders.repository.
 */
export const ordersAdminRepository = {
  async orderPage(ex: Executor, filter: OrderListFilter, paging: ListPaging) {
    const conditions = commonConditions(orders, filter);
    if (filter.providerOrderId) conditions.push(eq(orders.providerOrderId, filter.providerOrderId));
    if (filter.providerId !== undefined) conditions.push(eq(orders.providerId, filter.providerId));
    if (filter.hasError !== undefined) {
      conditions.push(filter.hasError ? isNotNull(orders.lastError) : isNull(orders.lastError));
    }
    if (filter.chargeExceedsPaid !== undefined) {
      conditions.push(eq(orders.chargeExceedsPaid, filter.chargeExceedsPaid));
    }
    if (filter.cancelRequested !== undefined) {
      // 취소 요청됨 lasts while the order is open: its provider's CANCELED or PARTIAL settles it.
      const asked = and(
        isNotNull(orders.cancelRequestedAt),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      )!;
      conditions.push(filter.cancelRequested ? asked : not(asked));
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      ex
        .select({
          order: orders,
          memberLoginId: accounts.loginId,
          serviceText: services.text,
          providerName: providers.name,
        })
        .from(orders)
        .innerJoin(accounts, eq(accounts.id, orders.accountId))
        .innerJoin(services, eq(services.id, orders.serviceId))
        .leftJoin(providers, eq(providers.id, orders.providerId))
        .where(where)
        .orderBy(...orderBy(orders, paging))
        .limit(paging.limit)
        .offset(paging.offset),
      ex
        .select({ n: count() })
        .from(orders)
        .innerJoin(accounts, eq(accounts.id, orders.accountId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The newest refill of each of these orders (orders without one are absent). */
  async latestRefills(ex: Executor, orderIds: number[]) {
    if (orderIds.length === 0) return [];
    return ex
      .selectDistinctOn([orderRefills.orderId], {
        orderId: orderRefills.orderId,
        id: orderRefills.id,
        status: orderRefills.status,
      })
      .from(orderRefills)
      .where(inArray(orderRefills.orderId, orderIds))
      .orderBy(orderRefills.orderId, desc(orderRefills.id));
  },

  /** Every member's refills, newest first, one page, with what the console shows of their orders. */
  async refillPage(
    ex: Executor,
    filter: RefillListFilter,
    paging: { limit: number; offset: number },
  ): Promise<{ rows: OperatorRefillRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status !== undefined) conditions.push(eq(orderRefills.status, filter.status));
    if (filter.q) {
      conditions.push(
        or(sql`lower(${accounts.loginId}) = ${normalizeLoginId(filter.q)}`, linkCondition(orders, filter.q))!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      selectOperatorRefills(ex)
        .where(where)
        .orderBy(desc(orderRefills.id))
        .limit(paging.limit)
        .offset(paging.offset),
      ex
        .select({ n: count() })
        .from(orderRefills)
        .innerJoin(orders, eq(orders.id, orderRefills.orderId))
        .innerJoin(accounts, eq(accounts.id, orderRefills.accountId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async autoOrderPage(ex: Executor, filter: OrderListFilter, paging: ListPaging) {
    const conditions = commonConditions(autoOrders, filter);
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      ex
        .select({ autoOrder: autoOrders, memberLoginId: accounts.loginId, serviceText: services.text })
        .from(autoOrders)
        .innerJoin(accounts, eq(accounts.id, autoOrders.accountId))
        .innerJoin(services, eq(services.id, autoOrders.serviceId))
        .where(where)
        .orderBy(...orderBy(autoOrders, paging))
        .limit(paging.limit)
        .offset(paging.offset),
      ex
        .select({ n: count() })
        .from(autoOrders)
        .innerJoin(accounts, eq(accounts.id, autoOrders.accountId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
