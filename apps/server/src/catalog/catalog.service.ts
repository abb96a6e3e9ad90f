import {
  categoriesResponse,
  platformsResponse,
  servicesResponse,
  type Category,
  type Platform,
  type Service,
} from '@smm/domain/contract';
import type { Db } from '../db/database';
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

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
  ) {
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
