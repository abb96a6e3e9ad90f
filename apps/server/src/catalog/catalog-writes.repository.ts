import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { autoOrders, categories, orders, platforms, providers, services } from '../db/schema';
import type { CategoryRow, PlatformRow, ServiceRow } from './catalog.repository';

export type NewService = typeof services.$inferInsert;

/** The three ordered lists of the catalog (each row has its `sort_order`). */
export type CatalogList = 'platforms' | 'categories' | 'services';

const TABLES = { platforms, categories, services } as const;

/** A service row's failover provider's name (docs/ARCHITECTURE.md#provider-health), for the console. */
export const failoverProviderName = () =>
  sql<string | null>`(SELECT f.name FROM providers f WHERE f.id = ${services.failoverProviderId})`;

/** Next sort order after the last one of a list (new items go last). */
const nextSortOrder = (
  column: typeof platforms.sortOrder | typeof categories.sortOrder | typeof services.sortOrder,
) => sql<number>`coalesce(max(${column}), -1) + 1`;

/**
 * The SQL of the catalog's writes (the operator's edits and the import of a provider's services,
 * docs/ARCHITECTURE.md#operator-console), hidden rows included, and the reads those writes
 * check. Writes run in the caller's transaction; `lock*` reads take `FOR UPDATE` so two operators'
 * changes to one row (or one list's order) run one after the other. The console's lists are its own
 * read model (admin/catalog/catalog-admin.repository.ts); members' reads are in catalog.repository.ts.
 */
export const catalogWritesRepository = {
  // ── platforms ──
  async categoryCountOf(ex: Executor, platformId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(categories)
      .where(eq(categories.platformId, platformId));
    return row?.n ?? 0;
  },

  async lockPlatform(tx: Tx, id: number): Promise<PlatformRow | undefined> {
    const [row] = await tx.select().from(platforms).where(eq(platforms.id, id)).for('update');
    return row;
  },

  /**
   * Locks a whole list, then reads it again in order: PostgreSQL sorts a `FOR UPDATE` read before it
   * waits for the locks, so after a concurrent reorder commits, that read's order is the old one.
   */
  async lockAllPlatforms(tx: Tx): Promise<PlatformRow[]> {
    await tx.select({ id: platforms.id }).from(platforms).for('update');
    return tx.select().from(platforms).orderBy(asc(platforms.sortOrder), asc(platforms.id));
  },

  async insertPlatform(
    tx: Tx,
    values: { text: string; visible: boolean; bgColor: string },
  ): Promise<PlatformRow> {
    const [last] = await tx.select({ next: nextSortOrder(platforms.sortOrder) }).from(platforms);
    const [row] = await tx
      .insert(platforms)
      .values({ ...values, sortOrder: Number(last?.next ?? 0) })
      .returning();
    return row!;
  },

  async updatePlatform(
    tx: Tx,
    id: number,
    values: Partial<Pick<PlatformRow, 'text' | 'visible' | 'bgColor' | 'sortOrder'>>,
  ): Promise<PlatformRow> {
    const [row] = await tx.update(platforms).set(values).where(eq(platforms.id, id)).returning();
    return row!;
  },

  async deletePlatform(tx: Tx, id: number): Promise<void> {
    await tx.delete(platforms).where(eq(platforms.id, id));
  },

  // ── categories ──
  async findCategory(ex: Executor, id: number) {
    const [row] = await ex
      .select({ category: categories, platformText: platforms.text })
      .from(categories)
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .where(eq(categories.id, id));
    if (!row) return undefined;
    return { ...row, serviceCount: await catalogWritesRepository.serviceCountOf(ex, id) };
  },

  async serviceCountOf(ex: Executor, categoryId: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(services).where(eq(services.categoryId, categoryId));
    return row?.n ?? 0;
  },

  async lockCategory(tx: Tx, id: number): Promise<CategoryRow | undefined> {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    return row;
  },

  /** Locks a platform's categories, then reads them in order (see lockAllPlatforms). */
  async lockCategoriesOf(tx: Tx, platformId: number): Promise<CategoryRow[]> {
    await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.platformId, platformId))
      .for('update');
    return tx
      .select()
      .from(categories)
      .where(eq(categories.platformId, platformId))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  },

  async insertCategory(tx: Tx, values: { platformId: number; text: string }): Promise<CategoryRow> {
    const [row] = await tx
      .insert(categories)
      .values({
        ...values,
        sortOrder: await catalogWritesRepository.nextCategorySortOrder(tx, values.platformId),
      })
      .returning();
    return row!;
  },

  async nextCategorySortOrder(tx: Tx, platformId: number): Promise<number> {
    const [last] = await tx
      .select({ next: nextSortOrder(categories.sortOrder) })
      .from(categories)
      .where(eq(categories.platformId, platformId));
    return Number(last?.next ?? 0);
  },

  async updateCategory(
    tx: Tx,
    id: number,
    values: Partial<Pick<CategoryRow, 'platformId' | 'text' | 'sortOrder'>>,
  ): Promise<CategoryRow> {
    const [row] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning();
    return row!;
  },

  async deleteCategory(tx: Tx, id: number): Promise<void> {
    await tx.delete(categories).where(eq(categories.id, id));
  },

  // ── services ──
  /** One service as the console shows it (with its category, platform and provider names). */
  async findServiceListRow(ex: Executor, id: number) {
    const [row] = await ex
      .select({
        service: services,
        categoryText: categories.text,
        platformId: platforms.id,
        platformText: platforms.text,
        providerName: providers.name,
        failoverProviderName: failoverProviderName(),
      })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .innerJoin(platforms, eq(platforms.id, categories.platformId))
      .leftJoin(providers, eq(providers.id, services.providerId))
      .where(eq(services.id, id));
    return row;
  },

  async lockService(tx: Tx, id: number): Promise<ServiceRow | undefined> {
    const [row] = await tx.select().from(services).where(eq(services.id, id)).for('update');
    return row;
  },

  /** Locks a category's services, then reads them in order (see lockAllPlatforms). */
  async lockServicesOf(tx: Tx, categoryId: number): Promise<ServiceRow[]> {
    await tx
      .select({ id: services.id })
      .from(services)
      .where(eq(services.categoryId, categoryId))
      .for('update');
    return tx
      .select()
      .from(services)
      .where(eq(services.categoryId, categoryId))
      .orderBy(asc(services.sortOrder), asc(services.id));
  },

  async nextServiceSortOrder(tx: Tx, categoryId: number): Promise<number> {
    const [last] = await tx
      .select({ next: nextSortOrder(services.sortOrder) })
      .from(services)
      .where(eq(services.categoryId, categoryId));
    return Number(last?.next ?? 0);
  },

  async insertService(tx: Tx, values: NewService): Promise<ServiceRow> {
    const [row] = await tx.insert(services).values(values).returning();
    return row!;
  },

  async updateService(tx: Tx, id: number, values: Partial<NewService>): Promise<ServiceRow> {
    const [row] = await tx.update(services).set(values).where(eq(services.id, id)).returning();
    return row!;
  },

  async deleteService(tx: Tx, id: number): Promise<void> {
    await tx.delete(services).where(eq(services.id, id));
  },

  /** Whether any order or auto-order names the service (their rows must keep pointing at it). */
  async serviceHasOrders(ex: Executor, serviceId: number): Promise<boolean> {
    const [order] = await ex
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.serviceId, serviceId))
      .limit(1);
    if (order) return true;
    const [auto] = await ex
      .select({ id: autoOrders.id })
      .from(autoOrders)
      .where(eq(autoOrders.serviceId, serviceId))
      .limit(1);
    return Boolean(auto);
  },

  /** Provider service ids already sold in a category for that provider (import skips them). */
  async importedInCategory(
    tx: Tx,
    categoryId: number,
    providerId: number,
    ids: string[],
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ providerServiceId: services.providerServiceId })
      .from(services)
      .where(
        and(
          eq(services.categoryId, categoryId),
          eq(services.providerId, providerId),
          inArray(services.providerServiceId, ids),
        ),
      );
    return new Set(rows.map((row) => row.providerServiceId ?? ''));
  },

  // ── shared ──
  /** Sets `sort_order` = position for each id of a list already locked by the caller. */
  async setSortOrders(tx: Tx, list: CatalogList, ids: number[]): Promise<void> {
    const table = TABLES[list];
    for (const [position, id] of ids.entries()) {
      await tx.update(table).set({ sortOrder: position }).where(eq(table.id, id));
    }
  },
};
