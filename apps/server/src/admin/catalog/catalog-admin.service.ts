import type { AdminCategory, AdminPlatform, AdminService } from '@smm/domain/contract';
import { presentCategory, presentPlatform, presentService } from '../../catalog/operator-catalog.presenter';
import type { Db } from '../../db/database';
import { catalogAdminRepository as repo } from './catalog-admin.repository';

/**
 * The console's read model of the catalog: every platform, category and service, hidden ones
 * included, with their counts. The writes to them are the catalog's own (catalog/catalog-editor.ts,
 * docs/ARCHITECTURE.md#operator-console).
 */
export class CatalogAdminService {
  constructor(private readonly db: Db) {}

  async listPlatforms(): Promise<AdminPlatform[]> {
    return (await repo.listPlatforms(this.db)).map((row) => presentPlatform(row.platform, row.categoryCount));
  }

  async listCategories(): Promise<AdminCategory[]> {
    return (await repo.listCategories(this.db)).map((row) =>
      presentCategory(row.category, row.platformText, row.serviceCount),
    );
  }

  async listServices(): Promise<AdminService[]> {
    return (await repo.listServices(this.db)).map(presentService);
  }
}
