import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { categories, platforms, providers, services } from '../../db/schema';

/**
 * The console's catalog reads: every provider, platform, category and service, hidden rows included,
 * with their counts. The writes and the reads they check are in catalog/catalog-writes.repository.ts
 * and providers/providers.repository.ts.
 */
export const catalogAdminRepository = {
  // ── providers ──
  async listProviders(ex: Executor) {
    const counts = await ex
      .select({ providerId: services.providerId, n: count() })
      .from(services)
      .where(isNotNull(services.providerId))
      .groupBy(services.providerId);
    const byProvider = new Map(counts.map((row) => [row.providerId, row.n]));
    const rows = await ex.select().from(providers).orderBy(asc(providers.id));
    return rows.map((provider) => ({ provider, serviceCount: byProvider.get(provider.id) ?? 0 }));
  },

  /** Where we already sell a provider's services: (category, provider service id) pairs. */
  importedServicesOf(ex: Executor, providerId: number) {
    return ex
      .select({ categoryId: services.categoryId, providerServiceId: services.providerServiceId })
      .from(services)
      .where(eq(services.providerId, providerId));
  },

  // ── platforms ──
  async listPlatforms(ex: Executor) {
    const counts = await ex
      .select({ platformId: categories.platformId, n: count() })
      .from(categories)
      .groupBy(categories.platformId);
    const byPlatform = new Map(counts.map((row) => [row.platformId, row.n]));
    const rows = await ex.select().from(platforms).orderBy(asc(platforms.sortOrder), asc(platforms.id));
    return rows.map((platform) => ({ platform, categoryCount: byPlatform.get(platform.id) ?? 0 }));
  },

  // ── categories ──
  async listCategories(ex: Executor) {
    const counts = await ex
      .select({ categoryId: services.categoryId, n: count() })
      .from(services)
      .groupBy(services.categoryId);
    const byCategory = new Map(counts.map((row) => [row.categoryId, row.n]));
    const rows = await ex
      .select({ category: categories, platformText: platforms.text })
      .from(categories)
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .orderBy(asc(platforms.sortOrder), asc(platforms.id), asc(categories.sortOrder), asc(categories.id));
    return rows.map((row) => ({ ...row, serviceCount: byCategory.get(row.category.id) ?? 0 }));
  },

  // ── services ──
  listServices(ex: Executor) {
    return ex
      .select({
        service: services,
        categoryText: categories.text,
        platformId: platforms.id,
        platformText: platforms.text,
        providerName: providers.name,
        failoverProviderName: sql<
          string | null
        >`(SELECT f.name FROM providers f WHERE f.id = ${services.failoverProviderId})`,
      })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .leftJoin(providers, eq(providers.id, services.providerId))
      .orderBy(
        asc(platforms.sortOrder),
        asc(platforms.id),
        asc(categories.sortOrder),
        asc(categories.id),
        asc(services.sortOrder),
        asc(services.id),
      );
  },
};
