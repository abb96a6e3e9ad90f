import {
  CATALOG_MESSAGES as M,
  isSameIdSet,
  PINNABLE_FIELDS,
  pinnedFieldsOf,
  validateCategoryInput,
  validatePlatformInput,
} from '@smm/domain';
import type {
  AdminService,
  CatalogDeleteResponse,
  CatalogReorderResponse,
  CategoryMutationResponse,
  CategoryRequest,
  PlatformMutationResponse,
  ServiceMutationResponse,
} from '@smm/domain/contract';
import type { platformRequest } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { services } from '../db/schema';
import { appError } from '../errors/app-error';
import { providersRepository } from '../providers/providers.repository';
import { presentCategory, presentPlatform, presentService } from './operator-catalog.presenter';
import type { CatalogService } from './catalog.service';
import type { ServiceRow } from './catalog.repository';
import { catalogWritesRepository as repo, type CatalogList } from './catalog-writes.repository';
import {
  EDITABLE_SERVICE_COLUMNS,
  failoverCost,
  priceGuard,
  serviceValues,
  withLoss,
  type ListingReader,
  type ServiceBody,
} from './service-form';

type PlatformBody = z.output<typeof platformRequest>;

const invalid = (message: string) => appError('CATALOG_INVALID', message);
const notFound = (message: string) => appError('NOT_FOUND', message);

/**
 * The catalog's writes: the operator's platforms, categories and services, created, edited, moved,
 * reordered and deleted. They live here because the catalog owns those rows; the console's routes
 * (admin/catalog) only call them, and its lists are its own read model
 * (docs/ARCHITECTURE.md#operator-console).
 *
 * Each write is checked by the domain rule the console's form runs (CATALOG_INVALID with its Korean
 * message), locks what it changes, writes nothing when asked for the state already there
 * (`changed: false`), records before/after in the audit log in the same transaction, and then drops
 * the members' catalog cache (`catalog.changed()`), so the member site shows the change on its next
 * read.
 */
export class CatalogEditor {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    /**
     * Reads a provider's listing of a service (catalog/failover-listing.ts), for a failover and for the
     * price guard; without it (tests of other writes) a service is taken as listed at an unknown cost.
     */
    private readonly listing?: ListingReader,
  ) {}

  // ── platforms ──────────────────────────────────────────────────────────────────────────────────────

  async createPlatform(operatorId: number, body: PlatformBody): Promise<PlatformMutationResponse> {
    const values = this.platformValues(body);
    const platform = await this.db.transaction(async (tx) => {
      const row = await repo.insertPlatform(tx, values);
      const after = presentPlatform(row, 0);
      await this.audit(tx, operatorId, 'platform.create', 'platform', row.id, null, after);
      return after;
    });
    await this.catalog.changed();
    return { platform, changed: true };
  }

  async updatePlatform(
    operatorId: number,
    id: number,
    body: PlatformBody,
  ): Promise<PlatformMutationResponse> {
    const values = this.platformValues(body);
    return this.write<PlatformMutationResponse>(async (tx) => {
      const row = await repo.lockPlatform(tx, id);
      if (!row) throw notFound(M.PLATFORM_NOT_FOUND);
      const count = await repo.categoryCountOf(tx, id);
      const before = presentPlatform(row, count);
      if (row.text === values.text && row.visible === values.visible && row.bgColor === values.bgColor) {
        return { result: { platform: before, changed: false }, changed: false };
      }
      const after = presentPlatform(await repo.updatePlatform(tx, id, values), count);
      await this.audit(tx, operatorId, 'platform.update', 'platform', id, before, after);
      return { result: { platform: after, changed: true }, changed: true };
    });
  }

  reorderPlatforms(operatorId: number, ids: number[]): Promise<CatalogReorderResponse> {
    return this.reorder(operatorId, ids, {
      lock: (tx) => repo.lockAllPlatforms(tx),
      table: 'platforms',
      action: 'platform.reorder',
      targetType: 'platform',
      targetId: 'all',
    });
  }

  async deletePlatform(operatorId: number, id: number): Promise<CatalogDeleteResponse> {
    return this.write(async (tx) => {
      const row = await repo.lockPlatform(tx, id);
      if (!row) throw notFound(M.PLATFORM_NOT_FOUND);
      if ((await repo.categoryCountOf(tx, id)) > 0) throw appError('CATALOG_CONFLICT', M.PLATFORM_NOT_EMPTY);
      await repo.deletePlatform(tx, id);
      await this.audit(tx, operatorId, 'platform.delete', 'platform', id, presentPlatform(row, 0), null);
      return { result: { id, deleted: true as const }, changed: true };
    });
  }

  private platformValues(body: PlatformBody) {
    const values = {
      text: body.text.trim(),
      visible: body.visible,
      bgColor: body.bgColor.trim().toLowerCase(),
    };
    const problem = validatePlatformInput({ ...values, text: body.text });
    if (problem) throw invalid(problem);
    return values;
  }

  // ── categories ─────────────────────────────────────────────────────────────────────────────────────

  async createCategory(operatorId: number, body: CategoryRequest): Promise<CategoryMutationResponse> {
    const text = this.categoryText(body);
    const category = await this.db.transaction(async (tx) => {
      // Locking the platform keeps a concurrent delete of it from passing its emptiness check.
      const platform = await repo.lockPlatform(tx, body.platformId);
      if (!platform) throw invalid(M.PLATFORM_NOT_FOUND);
      const row = await repo.insertCategory(tx, { platformId: platform.id, text });
      const after = presentCategory(row, platform.text, 0);
      await this.audit(tx, operatorId, 'category.create', 'category', row.id, null, after);
      return after;
    });
    await this.catalog.changed();
    return { category, changed: true };
  }

  /** Renames a category, or moves it to another platform (last there). */
  async updateCategory(
    operatorId: number,
    id: number,
    body: CategoryRequest,
  ): Promise<CategoryMutationResponse> {
    const text = this.categoryText(body);
    return this.write<CategoryMutationResponse>(async (tx) => {
      const row = await repo.lockCategory(tx, id);
      if (!row) throw notFound(M.CATEGORY_NOT_FOUND);
      const current = await repo.findCategory(tx, id);
      const before = presentCategory(row, current!.platformText, current!.serviceCount);
      if (row.text === text && row.platformId === body.platformId) {
        return { result: { category: before, changed: false }, changed: false };
      }
      const platform = await repo.lockPlatform(tx, body.platformId);
      if (!platform) throw invalid(M.PLATFORM_NOT_FOUND);
      const moved = row.platformId !== body.platformId;
      const updated = await repo.updateCategory(tx, id, {
        text,
        platformId: platform.id,
        ...(moved ? { sortOrder: await repo.nextCategorySortOrder(tx, platform.id) } : {}),
      });
      const after = presentCategory(updated, platform.text, current!.serviceCount);
      await this.audit(tx, operatorId, 'category.update', 'category', id, before, after);
      return { result: { category: after, changed: true }, changed: true };
    });
  }

  async reorderCategories(
    operatorId: number,
    platformId: number,
    ids: number[],
  ): Promise<CatalogReorderResponse> {
    return this.reorder(operatorId, ids, {
      lock: async (tx) => {
        if (!(await repo.lockPlatform(tx, platformId))) throw notFound(M.PLATFORM_NOT_FOUND);
        return repo.lockCategoriesOf(tx, platformId);
      },
      table: 'categories',
      action: 'category.reorder',
      targetType: 'platform',
      targetId: platformId,
    });
  }

  async deleteCategory(operatorId: number, id: number): Promise<CatalogDeleteResponse> {
    return this.write(async (tx) => {
      const row = await repo.lockCategory(tx, id);
      if (!row) throw notFound(M.CATEGORY_NOT_FOUND);
      const current = await repo.findCategory(tx, id);
      if (current!.serviceCount > 0) throw appError('CATALOG_CONFLICT', M.CATEGORY_NOT_EMPTY);
      await repo.deleteCategory(tx, id);
      const before = presentCategory(row, current!.platformText, 0);
      await this.audit(tx, operatorId, 'category.delete', 'category', id, before, null);
      return { result: { id, deleted: true as const }, changed: true };
    });
  }

  private categoryText(body: CategoryRequest): string {
    const problem = validateCategoryInput({ text: body.text });
    if (problem) throw invalid(problem);
    return body.text.trim();
  }

  // ── services ───────────────────────────────────────────────────────────────────────────────────────

  async createService(operatorId: number, body: ServiceBody): Promise<ServiceMutationResponse> {
    const values = { ...serviceValues(body), ...(await failoverCost(this.listing, body, undefined)) };
    const losses = await priceGuard(this.listing, body, values, undefined);
    const service = await this.db.transaction(async (tx) => {
      await this.lockReferences(tx, values);
      const row = await repo.insertService(tx, {
        ...values,
        sortOrder: await repo.nextServiceSortOrder(tx, values.categoryId),
      });
      const after = await this.presentServiceById(tx, row.id);
      await this.audit(tx, operatorId, 'service.create', 'service', row.id, null, withLoss(after, losses));
      return after;
    });
    await this.catalog.changed();
    return { service, changed: true };
  }

  /** Edits a service, or moves it to another category (last there). */
  async updateService(operatorId: number, id: number, body: ServiceBody): Promise<ServiceMutationResponse> {
    const values = serviceValues(body);
    const [stored] = await this.db.select().from(services).where(eq(services.id, id));
    const cost = await failoverCost(this.listing, body, stored);
    const losses = await priceGuard(this.listing, body, { ...values, ...cost }, stored);
    return this.write<ServiceMutationResponse>(async (tx) => {
      const row = await repo.lockService(tx, id);
      if (!row) throw notFound(M.SERVICE_NOT_FOUND);
      const before = await this.presentServiceById(tx, id);
      // A hand-set price is pinned: the catalog sync keeps it (docs/product.md#operator-console).
      const pricePinned =
        body.pricePinned ?? (row.pricePinned || row.unitPriceMilli !== values.unitPriceMilli);
      // So is each other term it changes (min, max, refill, cancel), unless the save follows the provider.
      const follow = new Set(body.followProvider ?? []);
      const pinnedBefore = pinnedFieldsOf(row.pinnedFields);
      const pinnedFields = PINNABLE_FIELDS.filter(
        (field) => !follow.has(field) && (pinnedBefore.includes(field) || row[field] !== values[field]),
      );
      if (
        EDITABLE_SERVICE_COLUMNS.every((column) => row[column] === values[column]) &&
        row.pricePinned === pricePinned &&
        pinnedFields.join() === pinnedBefore.join()
      ) {
        return { result: { service: before, changed: false }, changed: false };
      }
      await this.lockReferences(tx, values);
      const moved = row.categoryId !== values.categoryId;
      await repo.updateService(tx, id, {
        ...values,
        // Read before this transaction: kept only if the failover is still the one it was read for.
        ...(row.failoverProviderId === stored?.failoverProviderId &&
        row.failoverProviderServiceId === stored?.failoverProviderServiceId
          ? cost
          : { failoverUnitCostMilli: null }),
        pricePinned,
        pinnedFields,
        ...(moved ? { sortOrder: await repo.nextServiceSortOrder(tx, values.categoryId) } : {}),
      });
      const after = await this.presentServiceById(tx, id);
      await this.audit(tx, operatorId, 'service.update', 'service', id, before, withLoss(after, losses));
      return { result: { service: after, changed: true }, changed: true };
    });
  }

  async reorderServices(
    operatorId: number,
    categoryId: number,
    ids: number[],
  ): Promise<CatalogReorderResponse> {
    return this.reorder(operatorId, ids, {
      lock: async (tx) => {
        if (!(await repo.lockCategory(tx, categoryId))) throw notFound(M.CATEGORY_NOT_FOUND);
        return repo.lockServicesOf(tx, categoryId);
      },
      table: 'services',
      action: 'service.reorder',
      targetType: 'category',
      targetId: categoryId,
    });
  }

  /** Only a service no order or auto-order names: their history must keep pointing at it. */
  async deleteService(operatorId: number, id: number): Promise<CatalogDeleteResponse> {
    return this.write(async (tx) => {
      const row = await repo.lockService(tx, id);
      if (!row) throw notFound(M.SERVICE_NOT_FOUND);
      if (await repo.serviceHasOrders(tx, id)) throw appError('CATALOG_CONFLICT', M.SERVICE_HAS_ORDERS);
      const before = await this.presentServiceById(tx, id);
      await repo.deleteService(tx, id);
      await this.audit(tx, operatorId, 'service.delete', 'service', id, before, null);
      return { result: { id, deleted: true as const }, changed: true };
    });
  }

  /** The category (locked: a delete of it waits) and the providers a service names must exist. */
  private async lockReferences(
    tx: Tx,
    values: Pick<ServiceRow, 'categoryId' | 'providerId' | 'failoverProviderId'>,
  ): Promise<void> {
    if (!(await repo.lockCategory(tx, values.categoryId))) throw invalid(M.CATEGORY_NOT_FOUND);
    if (values.providerId !== null && !(await providersRepository.findProvider(tx, values.providerId))) {
      throw invalid(M.PROVIDER_NOT_FOUND);
    }
    if (
      values.failoverProviderId !== null &&
      !(await providersRepository.findProvider(tx, values.failoverProviderId))
    ) {
      throw invalid(M.FAILOVER_PROVIDER_NOT_FOUND);
    }
  }

  private async presentServiceById(tx: Tx, id: number): Promise<AdminService> {
    return presentService((await repo.findServiceListRow(tx, id))!);
  }

  // ── shared ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * One list's new order: `ids` must be exactly the list's current ids (locked, so no item joins or
   * leaves meanwhile); the same order as now changes nothing.
   */
  private reorder(
    operatorId: number,
    ids: number[],
    list: {
      lock: (tx: Tx) => Promise<{ id: number }[]>;
      table: CatalogList;
      action: string;
      targetType: string;
      targetId: string | number;
    },
  ): Promise<CatalogReorderResponse> {
    return this.write<CatalogReorderResponse>(async (tx) => {
      const current = (await list.lock(tx)).map((row) => row.id);
      if (!isSameIdSet(ids, current)) throw invalid(M.ORDER_IDS_MISMATCH);
      if (ids.every((id, index) => current[index] === id)) {
        return { result: { ids, changed: false }, changed: false };
      }
      await repo.setSortOrders(tx, list.table, ids);
      await this.audit(
        tx,
        operatorId,
        list.action,
        list.targetType,
        list.targetId,
        { ids: current },
        { ids },
      );
      return { result: { ids, changed: true }, changed: true };
    });
  }

  /** A transaction that may change nothing; the members' cache is dropped only when it did. */
  private async write<T>(work: (tx: Tx) => Promise<{ result: T; changed: boolean }>): Promise<T> {
    const { result, changed } = await this.db.transaction(work);
    if (changed) await this.catalog.changed();
    return result;
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: string,
    targetType: string,
    targetId: string | number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return auditLogRepository.record(tx, { operatorId, action, targetType, targetId, before, after });
  }
}
