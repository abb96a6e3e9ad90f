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
import { cachedList, type CachedBody, type HotCache } from '../shared/hot-cache';
import { presentCategory, presentPlatform, presentService } from './catalog.presenter';
import { catalogRepository } from './catalog.repository';

/**
 * The catalogue as members see it (visible platforms, their categories, visible services), served
 * from memory and dropped whenever an operator changes any part of it (topic 'catalog').
 */
export class CatalogService {
  private readonly platforms: HotCache<CachedBody<Platform[]>>;
  private readonly categories: HotCache<CachedBody<Category[]>>;
  private readonly services: HotCache<CachedBody<Service[]>>;

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
    bus.on('catalog', () => {
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

  async listServices(): Promise<Service[]> {
    return (await this.services.get()).data;
  }

  /** Called after any operator write to platforms, categories or services. */
  changed(): Promise<void> {
    return this.bus.publish('catalog');
  }
}
