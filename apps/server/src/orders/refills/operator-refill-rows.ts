import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { accounts, orderRefills, orders, providers, services } from '../../db/schema';

/**
 * The console's refill rows (OperatorRefillRow): each refill with its order, the service's text, the
 * member's login id and the provider's name (none once the provider is gone). The one query behind the
 * refill list, a member's recent refills and an action's answer; each adds its own where and order.
 * Not a repository, so the console's read models may share it (they read through their own).
 */
export function selectOperatorRefills(ex: Executor) {
  return ex
    .select({
      refill: orderRefills,
      order: orders,
      serviceText: services.text,
      memberLoginId: accounts.loginId,
      providerName: providers.name,
    })
    .from(orderRefills)
    .innerJoin(orders, eq(orders.id, orderRefills.orderId))
    .innerJoin(accounts, eq(accounts.id, orderRefills.accountId))
    .innerJoin(services, eq(services.id, orders.serviceId))
    .leftJoin(providers, eq(providers.id, orders.providerId));
}
