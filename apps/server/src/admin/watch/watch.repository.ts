import { OPEN_ORDER_STATUSES, RefillStatus, WATCH_DEPOSIT_STATUSES } from '@smm/domain';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  accounts,
  catalogSyncRuns,
  charges,
  deposits,
  inquiries,
  orderRefills,
  orders,
  providerCallErrors,
  providerCallStats,
  providers,
  services,
} from '../../db/schema';

/** count(*) over the whole match, read on every row before LIMIT: one query gives count and entries. */
const matching = () => sql<number>`count(*) OVER ()::int`.mapWith(Number);

const open = inArray(orders.status, [...OPEN_ORDER_STATUSES]);
/** When its provider last reported progress (docs/ARCHITECTURE.md#the-watch). */
const progressed = sql`coalesce(${orders.progressAt}, ${orders.createdAt})`;

const orderColumns = {
  id: orders.id,
  serviceId: orders.serviceId,
  link: orders.link,
  cost: orders.cost,
  lastError: orders.lastError,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  cancelRequestedAt: orders.cancelRequestedAt,
  status: orders.status,
  remains: orders.remains,
  progressAt: orders.progressAt,
  providerName: providers.name,
  memberLoginId: accounts.loginId,
  serviceText: services.text,
  total: matching(),
};

function orderQuery(ex: Executor, where: SQL | undefined, oldestFirst: SQL, limit: number) {
  return ex
    .select(orderColumns)
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .innerJoin(services, eq(services.id, orders.serviceId))
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .where(where)
    .orderBy(oldestFirst, asc(orders.id))
    .limit(limit);
}

export type WatchOrderRow = Awaited<ReturnType<typeof orderQuery>>[number];

/**
 * The watch's reads (docs/ARCHITECTURE.md#the-watch): each kind one query over indexed columns, its
 * entries oldest first with the count of all that match. Thresholds arrive as instants the service
 * computed from the clock.
 */
export const watchRepository = {
  /** Open orders no tick will claim again: held for an operator (orders/provider-failure). */
  heldOrders(ex: Executor, limit: number) {
    return orderQuery(ex, and(open, isNull(orders.nextCheckAt)), asc(orders.updatedAt), limit);
  },

  /** Open orders without a provider order id, still being tried, placed before `placedBefore`. */
  notTakenOrders(ex: Executor, placedBefore: Date, limit: number) {
    return orderQuery(
      ex,
      and(
        open,
        isNotNull(orders.nextCheckAt),
        isNull(orders.providerOrderId),
        lte(orders.createdAt, placedBefore),
      ),
      asc(orders.createdAt),
      limit,
    );
  },

  /**
   * Open orders at their provider, no cancellation asked, whose provider reported no progress (a new
   * status or remains: progress_at) for more than their service's hours (`hoursByService` overrides
   * `hours`); an order from before progress_at existed counts from when it was placed.
   */
  stalledOrders(ex: Executor, now: Date, hours: number, hoursByService: [number, number][], limit: number) {
    const threshold =
      hoursByService.length === 0
        ? sql`${hours}::int`
        : sql`CASE ${orders.serviceId} ${sql.join(
            hoursByService.map(([id, h]) => sql`WHEN ${id}::int THEN ${h}::int`),
            sql` `,
          )} ELSE ${hours}::int END`;
    return orderQuery(
      ex,
      and(
        open,
        isNotNull(orders.nextCheckAt),
        isNotNull(orders.providerOrderId),
        isNull(orders.cancelRequestedAt),
        sql`${progressed} <= ${now.toISOString()}::timestamptz - make_interval(hours => ${threshold})`,
      ),
      asc(progressed),
      limit,
    );
  },

  /** Open orders whose cancellation their provider accepted before `askedBefore` and has not carried out. */
  cancelWaiting(ex: Executor, askedBefore: Date, limit: number) {
    return orderQuery(
      ex,
      and(open, isNotNull(orders.cancelRequestedAt), lte(orders.cancelRequestedAt, askedBefore)),
      asc(orders.cancelRequestedAt),
      limit,
    );
  },

  /** Refills not finished, asked for before `askedBefore`. */
  refillsWaiting(ex: Executor, askedBefore: Date, limit: number) {
    return ex
      .select({
        id: orderRefills.id,
        orderId: orderRefills.orderId,
        status: orderRefills.status,
        reason: orderRefills.reason,
        createdAt: orderRefills.createdAt,
        memberLoginId: accounts.loginId,
        total: matching(),
      })
      .from(orderRefills)
      .innerJoin(accounts, eq(accounts.id, orderRefills.accountId))
      .where(
        and(
          inArray(orderRefills.status, [RefillStatus.PENDING, RefillStatus.INPROGRESS]),
          lte(orderRefills.createdAt, askedBefore),
        ),
      )
      .orderBy(asc(orderRefills.createdAt), asc(orderRefills.id))
      .limit(limit);
  },

  /** Deposits held for an operator since before `arrivedBefore`. */
  depositsWaiting(ex: Executor, arrivedBefore: Date, limit: number) {
    return ex
      .select({
        id: deposits.id,
        status: deposits.status,
        depositorName: deposits.depositorName,
        amount: deposits.amount,
        createdAt: deposits.createdAt,
        total: matching(),
      })
      .from(deposits)
      .where(
        and(inArray(deposits.status, [...WATCH_DEPOSIT_STATUSES]), lte(deposits.createdAt, arrivedBefore)),
      )
      .orderBy(asc(deposits.createdAt), asc(deposits.id))
      .limit(limit);
  },

  /** Pending charges lapsing in (now, lapsesBy]. */
  chargesLapsing(ex: Executor, now: Date, lapsesBy: Date, limit: number) {
    return ex
      .select({
        id: charges.id,
        depositorName: charges.depositorName,
        payable: charges.payable,
        expiresAt: charges.expiresAt,
        memberLoginId: accounts.loginId,
        total: matching(),
      })
      .from(charges)
      .innerJoin(accounts, eq(accounts.id, charges.accountId))
      .where(and(eq(charges.status, 0), gt(charges.expiresAt, now), lte(charges.expiresAt, lapsesBy)))
      .orderBy(asc(charges.expiresAt), asc(charges.id))
      .limit(limit);
  },

  /**
   * Providers whose latest sync run was held as suspicious (docs/ARCHITECTURE.md#catalog-sync): the
   * entry lasts until a later run (or the operator's apply) is not.
   */
  suspiciousSyncs(ex: Executor, limit: number) {
    return ex
      .select({
        providerId: catalogSyncRuns.providerId,
        providerName: providers.name,
        runId: catalogSyncRuns.id,
        reason: catalogSyncRuns.error,
        finishedAt: catalogSyncRuns.finishedAt,
        startedAt: catalogSyncRuns.startedAt,
        total: matching(),
      })
      .from(catalogSyncRuns)
      .innerJoin(providers, eq(providers.id, catalogSyncRuns.providerId))
      .where(
        and(
          eq(catalogSyncRuns.status, 'suspicious'),
          sql`${catalogSyncRuns.id} = (SELECT max(r.id) FROM catalogue_sync_runs r WHERE r.provider_id = ${catalogSyncRuns.providerId} AND r.status <> 'running')`,
        ),
      )
      .orderBy(asc(catalogSyncRuns.id))
      .limit(limit);
  },

  /**
   * 1:1 문의 waiting for an answer since before `waitingBefore` (docs/product.md#inquiries): the queue's
   * own index (state, waiting_since) serves it, oldest first.
   */
  inquiriesWaiting(ex: Executor, waitingBefore: Date, limit: number) {
    return ex
      .select({
        id: inquiries.id,
        type: inquiries.type,
        title: inquiries.title,
        waitingSince: inquiries.waitingSince,
        memberLoginId: accounts.loginId,
        total: matching(),
      })
      .from(inquiries)
      .innerJoin(accounts, eq(accounts.id, inquiries.accountId))
      .where(and(eq(inquiries.state, 'WAITING'), lte(inquiries.waitingSince, waitingBefore)))
      .orderBy(asc(inquiries.waitingSince), asc(inquiries.id))
      .limit(limit);
  },

  enabledProviders(ex: Executor) {
    return ex.select().from(providers).where(eq(providers.enabled, true)).orderBy(providers.id);
  },

  /**
   * Per provider, its orders whose last call failed (last_error set) since `since`: what the app
   * records of failed provider calls.
   */
  /**
   * Per provider, when its current run of failed calls began: its first recorded call error after the
   * last minute in which a call succeeded (provider_call_stats counts calls by the minute). Absent: none.
   */
  async failureStreakStarts(ex: Executor): Promise<Map<number, Date>> {
    // Each provider's last good minute, found once (not once per error row).
    const good = ex
      .select({
        providerId: providerCallStats.providerId,
        after: sql<Date>`max(${providerCallStats.bucket}) + interval '1 minute'`.as('good_after'),
      })
      .from(providerCallStats)
      .where(sql`${providerCallStats.calls} > ${providerCallStats.failures}`)
      .groupBy(providerCallStats.providerId)
      .as('good');
    const rows = await ex
      .select({
        providerId: providerCallErrors.providerId,
        since: sql<Date>`min(${providerCallErrors.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(providerCallErrors)
      .leftJoin(good, eq(good.providerId, providerCallErrors.providerId))
      .where(sql`${providerCallErrors.createdAt} >= coalesce(${good.after}, '-infinity'::timestamptz)`)
      .groupBy(providerCallErrors.providerId);
    return new Map(rows.map((row) => [row.providerId, row.since]));
  },

  async recentFailures(ex: Executor, since: Date): Promise<Map<number, number>> {
    const rows = await ex
      .select({ providerId: orders.providerId, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(orders)
      .where(and(isNotNull(orders.providerId), isNotNull(orders.lastError), gte(orders.updatedAt, since)))
      .groupBy(orders.providerId);
    return new Map(rows.map((row) => [row.providerId!, row.n]));
  },
};

export type WatchRefillRow = Awaited<ReturnType<typeof watchRepository.refillsWaiting>>[number];
export type WatchDepositRow = Awaited<ReturnType<typeof watchRepository.depositsWaiting>>[number];
export type WatchChargeRow = Awaited<ReturnType<typeof watchRepository.chargesLapsing>>[number];
export type WatchProviderRow = Awaited<ReturnType<typeof watchRepository.enabledProviders>>[number];
