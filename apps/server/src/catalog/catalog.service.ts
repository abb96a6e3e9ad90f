import {
  categoriesResponse,
  platformsResponse,
  servicesResponse,
  type Category,
  type Platform,
  type Service,
} from '@smm/domain/contract';
import { memberUnitPriceMilli, MILLI_PER_WON, type MemberPricing } from '@smm/domain';
import type { Db } from '../db/database';
import { PricingBook } from '../pricing/pricing-book';
import type { CacheBus } from '../shared/cache-bus';
import { HotCache, cachedList, type CachedBody } from '../shared/hot-cache';
import { presentCategory, presentPlatform, presentService } from './catalog.presenter';
import { catalogRepository, listOrderableServices, type ServiceRow } from './catalog.repository';

export interface OrderableService {
  service: ServiceRow;
  providerEnabled: boolean | null;
}

/**
 * The catalog as members see it (visible platforms, their categories, visible services), served
 * from memory and dropped whenever an operator changes any part of it (topic 'catalog').
 */
export class CatalogService {
  private readonly platforms: HotCache<CachedBody<Platform[]>>;
  private readonly categories: HotCache<CachedBody<Category[]>>;
  private readonly services: HotCache<CachedBody<Service[]>>;
  private readonly orderable: HotCache<Map<number, OrderableService>>;
  /** Members' grades and custom rates (docs/ARCHITECTURE.md#member-prices), in memory like the catalog. */
  readonly pricing: PricingBook;

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
  ) {
    this.pricing = new PricingBook(db, bus);
    this.platforms = cachedList(
      platformsResponse,
      () => catalogRepository.listVisiblePlatforms(db),
      presentPlatform,
    );
    this.categories = cachedList(
      categoriesResponse,
      () => catalogRepository.listCategoriesOfVisiblePlatforms(db),
      presentCategory,
    );
    this.services = cachedList(
      servicesResponse,
      () => catalogRepository.listVisibleServices(db),
      presentService,
    );
    this.orderable = new HotCache(
      async () => new Map((await listOrderableServices(db)).map((row) => [row.service.id, row])),
    );
    bus.on('catalog', () => {
      this.orderable.invalidate();
      this.platforms.invalidate();
      this.categories.invalidate();
      this.services.invalidate();
    });
  }

  async platformsJson(): Promise<string> {
    return (await this.platforms.get()).json;
  }

  async categoriesJson(): Promise<string> {
    return (await this.categories.get()).json;
  }

  async servicesJson(): Promise<string> {
    return (await this.services.get()).json;
  }

  /**
   * The services list as `accountId` sees it (null: a guest): the shared cached JSON for a member
   * without a grade or rate, else the same list at the member's prices.
   */
  async servicesJsonFor(accountId: number | null): Promise<string> {
    const pricing = accountId === null ? undefined : await this.pricing.pricingOf(accountId);
    if (!pricing) return this.servicesJson();
    const listed = await this.listServices();
    return JSON.stringify(servicesResponse.parse(listed.map((service) => pricedService(service, pricing))));
  }

  async listCategories(): Promise<Category[]> {
    return (await this.categories.get()).data;
  }

  async listServices(): Promise<Service[]> {
    return (await this.services.get()).data;
  }

  /**
   * A visible service as placing an order needs it (price, limits, provider mapping), from memory: the
   * order path then queries only what must be fresh (the caller, the balance).
   */
  async orderableService(serviceId: number): Promise<OrderableService | undefined> {
    return (await this.orderable.get()).get(serviceId);
  }

  /** An orderable service at the price `accountId` pays (docs/product.md#member-grades-and-custom-rates). */
  async orderableServiceFor(accountId: number, serviceId: number): Promise<OrderableService | undefined> {
    const found = await this.orderableService(serviceId);
    const pricing = await this.pricing.pricingOf(accountId);
    return found && pricing ? pricedOrderable(found, pricing) : found;
  }

  /** Every orderable service at the prices `accountId` pays: read before a transaction, as below. */
  async orderableServicesFor(accountId: number): Promise<ReadonlyMap<number, OrderableService>> {
    const all = await this.orderableServices();
    const pricing = await this.pricing.pricingOf(accountId);
    if (!pricing) return all;
    return new Map([...all].map(([id, found]) => [id, pricedOrderable(found, pricing)]));
  }

  /**
   * Every orderable service by id, as cached now. A caller about to open a transaction reads this
   * first: on PGlite (one connection) a cold cache loading inside a transaction would wait for the
   * transaction to end, forever.
   */
  orderableServices(): Promise<ReadonlyMap<number, OrderableService>> {
    return this.orderable.get();
  }

  /** Called after any operator write to platforms, categories or services. */
  changed(): Promise<void> {
    return this.bus.publish('catalog');
  }
}

/**
 * A listed service at a member's price (the site's list and the public API's): the unit price and the
 * won figure (`point`) follow it, and the list price rides along for the form's 정가.
 */
export function pricedService(service: Service, pricing: MemberPricing): Service {
  const unitPriceMilli = memberUnitPriceMilli(service.id, service.unitPriceMilli, pricing);
  return unitPriceMilli === service.unitPriceMilli
    ? service
    : {
        ...service,
        unitPriceMilli,
        point: unitPriceMilli / MILLI_PER_WON,
        listUnitPriceMilli: service.unitPriceMilli,
      };
}

function pricedOrderable(found: OrderableService, pricing: MemberPricing): OrderableService {
  const unitPriceMilli = memberUnitPriceMilli(found.service.id, found.service.unitPriceMilli, pricing);
  return unitPriceMilli === found.service.unitPriceMilli
    ? found
    : { ...found, service: { ...found.service, unitPriceMilli } };
}
