import type { Db } from '../db/database';
import { catalogRepository } from './catalog.repository';

/** The catalogue as members see it: only visible platforms, their categories and visible services. */
export class CatalogService {
  constructor(private readonly db: Db) {}

  listPlatforms() {
    return catalogRepository.listVisiblePlatforms(this.db);
  }

  listCategories() {
    return catalogRepository.listCategories(this.db);
  }

  listServices() {
    return catalogRepository.listVisibleServices(this.db);
  }
}
