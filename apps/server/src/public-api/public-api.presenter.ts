import { V2_SERVICE_TYPE_NAMES, v2Rate } from '@smm/domain';
import type { PublicService, Service, V2Service } from '@smm/domain/contract';

/** A service the public API lists, with its category's text. */
export interface ListedService {
  service: Service;
  category: string;
}

/**
 * GET /api/services: docs/product.md#public-api's {id, min, max, text}, plus the unit price, category and
 * the refill and cancel terms.
 */
export const presentPublicService = ({ service, category }: ListedService): PublicService => ({
  id: service.id,
  text: service.text,
  min: service.min,
  max: service.max,
  price: service.point,
  category,
  // docs/product.md#refill-and-cancellation: the service's own terms.
  refill: service.refillDays > 0,
  refillDays: service.refillDays,
  cancel: service.cancellable,
  type: service.type,
});

/** v2 `services`: the trade's shape, numbers as strings where its clients expect strings. */
export const presentV2Service = ({ service, category }: ListedService): V2Service => ({
  service: service.id,
  name: service.text,
  type: V2_SERVICE_TYPE_NAMES[service.type],
  category,
  rate: v2Rate(service.unitPriceMilli),
  min: String(service.min),
  max: String(service.max),
  // docs/product.md#refill-and-cancellation: refillable for refillDays after it finished; cancellable
  // by the member while open. Drip-feed (our auto-order) is for Default services only.
  refill: service.refillDays > 0,
  cancel: service.cancellable,
  dripfeed: service.enableAuto,
});
