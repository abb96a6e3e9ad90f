import { OPEN_ORDER_STATUSES } from '@smm/domain';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  orders,
  providerBalanceSamples,
  providerCallErrors,
  providerCallStats,
  services,
} from '../../db/schema';

/**
 * The console's reads of provider health (docs/ARCHITECTURE.md#provider-health): the tables the
 * recording client and the balance job fill (providers/provider-health.repository.ts), and the orders
 * waiting for each provider.
 */
export const providerHealthAdminRepository = {
  /** Calls per provider and hour since `since` (the console's chart), summed over actions. */
  async hourlyStats(ex: Executor, since: Date) {
    const hour = sql<Date>`date_trunc('hour', ${providerCallStats.bucket})`;
    const rows = await ex
      .select({
        providerId: providerCallStats.providerId,
        hour,
        calls: sql<number>`sum(${providerCallStats.calls})::int`,
        failures: sql<number>`sum(${providerCallStats.failures})::int`,
        totalMs: sql<number>`sum(${providerCallStats.totalMs})::float8`,
        maxMs: sql<number>`max(${providerCallStats.maxMs})::int`,
      })
      .from(providerCallStats)
      .where(gte(providerCallStats.bucket, since))
      .groupBy(providerCallStats.providerId, hour);
    return rows.map((row) => ({ ...row, hour: new Date(row.hour) }));
  },

  /** The latest `limit` errors of one provider, newest first (its index on provider and id). */
  async lastErrors(ex: Executor, providerId: number, limit: number) {
    return ex
      .select({
        action: providerCallErrors.action,
        message: providerCallErrors.message,
        createdAt: providerCallErrors.createdAt,
      })
      .from(providerCallErrors)
      .where(eq(providerCallErrors.providerId, providerId))
      .orderBy(desc(providerCallErrors.id))
      .limit(limit);
  },

  /** Balance samples since `since`, oldest first. */
  async balanceSamples(ex: Executor, since: Date) {
    return ex
      .select()
      .from(providerBalanceSamples)
      .where(gte(providerBalanceSamples.createdAt, since))
      .orderBy(asc(providerBalanceSamples.createdAt), asc(providerBalanceSamples.id));
  },

  /**
   * Orders waiting for each provider: open, not yet accepted by it and no send in flight (what a paused
   * provider holds back; docs/product.md#operator-console).
   */
  async waitingOrders(ex: Executor) {
    return ex
      .select({ providerId: orders.providerId, waiting: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          isNull(orders.providerOrderId),
          isNull(orders.submittingSince),
          // Held for an operator (no next check) is not waiting for the provider.
          isNotNull(orders.nextCheckAt),
          isNotNull(orders.providerId),
        ),
      )
      .groupBy(orders.providerId);
  },

  /** Services per provider with a failover provider configured. */
  async failoverServices(ex: Executor) {
    return ex
      .select({ providerId: services.providerId, n: count() })
      .from(services)
      .where(isNotNull(services.failoverProviderId))
      .groupBy(services.providerId);
  },
};
