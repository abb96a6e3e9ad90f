import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { categories, platforms, services } from '../db/schema';

/** Member-facing catalogue reads: hidden platforms and services never leave the server. */
export const catalogRepository = {
  listVisiblePlatforms(ex: Executor) {
    return ex
      .select({
        id: platforms.id,
        text: platforms.text,
        visible: platforms.visible,
        bgColor: platforms.bgColor,
      })
      .from(platforms)
      .where(eq(platforms.visible, true))
      .orderBy(asc(platforms.sortOrder), asc(platforms.id));
  },

  listCategories(ex: Executor) {
    return ex
      .select({ id: categories.id, platform: categories.platformId, text: categories.text })
      .from(categories)
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .where(eq(platforms.visible, true))
      .orderBy(asc(platforms.sortOrder), asc(categories.sortOrder), asc(categories.id));
  },

  listVisibleServices(ex: Executor) {
    return ex
      .select({
        id: services.id,
        text: services.text,
        point: services.point,
        categoryId: services.categoryId,
        min: services.min,
        max: services.max,
        notice: services.notice,
        enableAuto: services.enableAuto,
        isReadOnly: services.isReadOnly,
      })
      .from(services)
      .where(eq(services.visible, true))
      .orderBy(asc(services.sortOrder), asc(services.id));
  },
};
