import {
  isAutoOrder,
  orderAmount,
  orderComments,
  orderCostWon,
  type OrderServiceRules,
  type ServiceType,
  validateOrder,
} from '@smm/domain';
import type { PlaceOrderRequest } from '@smm/domain/contract';
import type { CatalogService, OrderableService } from '../../catalog/catalog.service';
import { appError } from '../../errors/app-error';
import type { SettingsService } from '../../settings/settings.service';
import type { Clock } from '../../shared/clock';
import { serviceLinkLockKey, type OrderToPlace } from './placement.repository';

/** An order checked and priced, ready for its group's transaction. */
export interface CheckedOrder {
  auto: boolean;
  /** What the order (or the auto-order) and its answer share. */
  common: {
    accountId: number;
    serviceId: number;
    link: string;
    amount: number;
    unitPriceMilli: number;
    cost: number;
    refillDays: number;
  };
  /** The order as placeOrdersWithDebits writes it (an auto-order's runs use `common`). */
  order: OrderToPlace;
  /** The (service, link) lock its overlap check needs, when the rule applies. */
  linkLock: number | undefined;
  now: Date;
}

/**
 * The rules validateOrder checks a service by, as the catalog has it now; null for none. A service with
 * no enabled provider cannot be fulfilled: it is as unorderable as a read-only one.
 */
export function orderRulesOf(found: OrderableService | undefined): OrderServiceRules | null {
  if (!found) return null;
  const orderable = found.service.providerId !== null && found.providerEnabled === true;
  return {
    ...found.service,
    type: found.service.serviceType as ServiceType,
    isReadOnly: found.service.isReadOnly || !orderable,
  };
}

/**
 * The order as the form checks it (docs/product.md#order-rules: packages/domain validateOrder, the
 * rule the form runs too) against the service as the catalog has it now, then priced: ORDER_INVALID
 * (400) with the rule's Korean message, or the order to write.
 */
export async function checkOrder(
  deps: { settings: SettingsService; catalog: CatalogService; clock: Clock },
  accountId: number,
  body: PlaceOrderRequest,
): Promise<CheckedOrder> {
  const auto = isAutoOrder(body);
  // At the member's own price (grade, custom rate), from memory: docs/ARCHITECTURE.md#member-prices.
  const found = await deps.catalog.orderableServiceFor(accountId, body.serviceId);
  const site = await deps.settings.current();
  const message = validateOrder(
    {
      link: body.link,
      amount: body.amount,
      comments: body.comments,
      runs: body.runs,
      interval: body.interval,
    },
    {
      service: orderRulesOf(found),
      serviceCheck: site.flag('ENABLE_SERVICE_CHECK'),
    },
  );
  if (message || !found) throw appError('ORDER_INVALID', message ?? undefined);
  const service = { ...found.service, type: found.service.serviceType as ServiceType };
  const link = body.link.trim();
  // A Custom Comments order delivers one unit per line, a Package its fixed quantity.
  const amount = orderAmount(service, body);
  const cost = orderCostWon(service.unitPriceMilli, amount, auto ? body.runs : 0);
  const now = deps.clock.now();

  const common = {
    accountId,
    serviceId: service.id,
    link,
    amount,
    unitPriceMilli: service.unitPriceMilli,
    cost,
    // What the member buys includes the service's refill window today (docs/product.md#refill-and-cancellation).
    refillDays: service.refillDays,
  };
  // docs/product.md#refill-and-cancellation (overlapping orders): unless the setting allows it, no new
  // order (nor auto-order) of a service for a link while any member's order of it for that link is
  // open. The (service, link) lock is taken by the group's transaction before the check, so two
  // racing requests (in any processes) see each other: the second finds the first open.
  // An auto-order's later runs are placed by the worker (run-auto-orders.workflow.ts) and never refused:
  // the member was checked once, when the auto-order was placed, and its runs follow one another.
  const refuseOverlap = !site.flag('ALLOW_OVERLAPPING_ORDERS');
  const linkLock = refuseOverlap ? serviceLinkLockKey(service.id, link) : undefined;
  const order = {
    ...common,
    serviceType: service.type,
    comments: orderComments(service, body),
    providerId: service.providerId,
    providerServiceId: service.providerServiceId,
    nextCheckAt: now,
    refuseOverlap,
  };
  return { auto, common, order, linkLock, now };
}
