import { AutoOrderStatus, OrderStatus, autoOrderRunCostWon } from '@smm/domain';
import type { OrderableService } from '../../catalog/catalog.service';
import { seconds, type WorkerContext } from './worker-context';
import { fulfilmentRepository } from './fulfilment.repository';

/**
 * Each due auto-order places its next run as a child order, under the auto-order's row lock. A run is
 * never refused as an overlapping order (docs/product.md#refill-and-cancellation): the rule was asked
 * once, when the member placed the auto-order, and its runs follow one another on the same link.
 */
export async function runDueAutoOrders(
  ctx: WorkerContext,
  /** The catalog's cached service lookup: each run goes to the service's current provider. */
  services: { orderableServices(): Promise<ReadonlyMap<number, OrderableService>> },
): Promise<number> {
  const now = ctx.clock.now();
  // Read before the transaction: inside it, a cold cache's query would deadlock PGlite's one connection.
  const catalog = await services.orderableServices();
  return ctx.db.transaction(async (tx) => {
    const due = await fulfilmentRepository.claimDueAutoOrders(tx, now, ctx.options.batchSize);
    for (const autoOrder of due) {
      const run = autoOrder.completed + 1;
      const found = catalog.get(autoOrder.serviceId);
      await fulfilmentRepository.insertOrder(tx, {
        accountId: autoOrder.accountId,
        serviceId: autoOrder.serviceId,
        autoOrderId: autoOrder.id,
        link: autoOrder.link,
        amount: autoOrder.amount,
        // The refill window the member bought with the auto-order, not the service's today.
        refillDays: autoOrder.refillDays,
        unitPriceMilli: autoOrder.unitPriceMilli,
        cost: autoOrderRunCostWon(autoOrder.unitPriceMilli, autoOrder.amount, run),
        status: OrderStatus.PENDING,
        providerId: found?.service.providerId ?? null,
        providerServiceId: found?.service.providerServiceId ?? null,
        nextCheckAt: now,
      });
      const last = run === autoOrder.runs;
      // After downtime the schedule resumes from now instead of firing the missed runs in a burst.
      const planned = seconds(autoOrder.nextRunAt ?? now, autoOrder.interval * ctx.options.secondsPerMinute);
      await fulfilmentRepository.advanceAutoOrder(tx, autoOrder.id, {
        completed: run,
        status: last
          ? autoOrder.refunded > 0
            ? AutoOrderStatus.PARTIAL
            : AutoOrderStatus.COMPLETED
          : AutoOrderStatus.ACTIVE,
        nextRunAt: last
          ? null
          : planned < now
            ? seconds(now, autoOrder.interval * ctx.options.secondsPerMinute)
            : planned,
      });
    }
    return due.length;
  });
}
