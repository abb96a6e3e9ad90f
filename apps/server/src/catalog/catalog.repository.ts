import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { categories, platforms, providers, services } from '../db/schema';

/** Member-facing catalog reads: hidden platforms and services never leave the server. */
export const catalogRepository = {
  listVisiblePlatforms(ex: Executor) {
    return ex
      .select()
      .from(platforms)
      .where(eq(platforms.visible, true))
      .orderBy(asc(platforms.sortOrder), asc(platforms.id));
  },

  /** Categories of visible platforms only. */
  async listCategoriesOfVisiblePlatforms(ex: Executor) {
    const rows = await ex
      .select({ category: categories })
      .from(categories)
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .where(eq(platforms.visible, true))
      .orderBy(asc(platforms.sortOrder), asc(categories.sortOrder), asc(categories.id));
    return rows.map((row) => row.category);
  },

  /** Visible services of visible platforms: hiding a platform in the console hides its services too. */
  async listVisibleServices(ex: Executor) {
    const rows = await ex
      .select({ service: services })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .where(and(eq(services.visible, true), eq(platforms.visible, true)))
      .orderBy(asc(services.sortOrder), asc(services.id));
    return rows.map((row) => row.service);
  },
};

/** Visible services with whether their provider is enabled: what placing an order checks. */
export function listOrderableServices(ex: Executor) {
  return ex
    .select({ service: services, providerEnabled: providers.enabled })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(platforms, eq(platforms.id, categories.platformId))
    .leftJoin(providers, eq(providers.id, services.providerId))
    .where(and(eq(services.visible, true), eq(platforms.visible, true)));
}

export type PlatformRow = typeof platforms.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
