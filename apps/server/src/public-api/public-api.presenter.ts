import { v2Rate } from '@smm/domain';
import type { PublicService, Service, V2Service } from '@smm/domain/contract';

/** A service the public API lists, with its category's text. */
export interface ListedService {
  service: Service;
  category: string;
}

/** GET /api/services: docs/product.md#public-api's {id, min, max, text}, plus the unit price and category. */
export const presentPublicService = ({ service, category }: ListedService): PublicService => ({
  id: service.id,
  text: service.text,
  min: service.min,
  max: service.max,
  price: service.point,
  category,
});

/** v2 `services`: the trade's shape, numbers as strings where its clients expect strings. */
export const presentV2Service = ({ service, category }: ListedService): V2Service => ({
  service: service.id,
  name: service.text,
  type: 'Default',
  category,
  rate: v2Rate(service.unitPriceMilli),
  min: String(service.min),
  max: String(service.max),
  refill: false,
  // An order not yet sent is cancelled at once; one already sent is asked of its provider.
  cancel: true,
  dripfeed: service.enableAuto,
});
