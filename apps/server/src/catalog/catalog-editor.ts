import {
  CATALOG_MESSAGES as M,
  isSameIdSet,
  PINNABLE_FIELDS,
  pinnedFieldsOf,
  lossesAtPrice,
  lossMessage,
  validateCategoryInput,
  validatePlatformInput,
  validateServiceInput,
} from '@smm/domain';
import type { LossAtPrice } from '@smm/domain';
import type {
  AdminService,
  CatalogDeleteResponse,
  CatalogReorderResponse,
  CategoryMutationResponse,
  CategoryRequest,
  PlatformMutationResponse,
  ServiceMutationResponse,
} from '@smm/domain/contract';
import type { serviceRequest, platformRequest } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { services } from '../db/schema';
import { appError } from '../errors/app-error';
import { providersRepository } from '../providers/providers.repository';
import { presentCategory, presentPlatform, presentService } from './operator-catalog.presenter';
import type { ServiceRow } from './catalog.repository';
import type { CatalogService } from './catalog.service';
import { catalogWritesRepository as repo, type CatalogList } from './catalog-writes.repository';
import type { ProviderListing } from './failover-listing';

/** The audit entry's `after`, with the losses the operator confirmed on this save (cost and price). */
const withLoss = (after: AdminService, losses: LossAtPrice[]) =>
  losses.length > 0 ? { ...after, confirmedLoss: losses } : after;

type PlatformBody = z.output<typeof platformRequest>;
type ServiceBody = z.output<typeof serviceRequest>;

const invalid = (message: string) => appError('CATALOG_INVALID', message);
const notFound = (message: string) => appError('NOT_FOUND', message);

/** The columns a service form sets, normalised (trimmed text, '' provider service id → null). */
function serviceValues(body: ServiceBody) {
  const providerServiceId = body.providerServiceId.trim();
  const failoverServiceId = body.failoverProviderServiceId.trim();
  return {
    categoryId: body.categoryId,
    text: body.text.trim(),
    unitPriceMilli: body.unitPriceMilli,
    min: body.min,
    max: body.max,
    notice: body.notice,
    refillDays: body.refillDays,
    cancellable: body.cancellable,
    serviceType: body.type,
    enableAuto: body.enableAuto,
    isReadOnly: body.isReadOnly,
    visible: body.visible,
    providerId: body.providerId,
    providerServiceId: providerServiceId === '' ? null : providerServiceId,
    failoverProviderId: body.failoverProviderId,
    failoverProviderServiceId: failoverServiceId === '' ? null : failoverServiceId,
    failoverLossConfirmed: body.failoverProviderId !== null && body.failoverLossConfirmed,
  };
}

const EDITABLE_SERVICE_COLUMNS = [
  'categoryId',
  'text',
  'unitPriceMilli',
  'min',
  'max',
  'notice',
  'refillDays',
  'cancellable',
  'serviceType',
  'enableAuto',
  'isReadOnly',
  'visible',
  'providerId',
  'providerServiceId',
  'failoverProviderId',
  'failoverProviderServiceId',
  'failoverLossConfirmed',
] as const;

/**
 * The catalogue's writes: the operator's platforms, categories and services, created, edited, moved,
 * reordered and deleted. They live here because the catalogue owns those rows; the console's routes
 * (admin/catalog) only call them, and its lists are its own read model
 * (docs/ARCHITECTURE.md#operator-console).
 *
 * Each write is checked by the domain rule the console's form runs (CATALOG_INVALID with its Korean
 * message), locks what it changes, writes nothing when asked for the state already there
 * (`changed: false`), records before/after in the audit log in the same transaction, and then drops
 * the members' catalogue cache (`catalog.changed()`), so the member site shows the change on its next
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
    private readonly listing?: (providerId: number, serviceId: string) => Promise<ProviderListing>,
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
    const values = { ...this.serviceValues(body), ...(await this.failoverCost(body, undefined)) };
    const losses = await this.priceGuard(body, values, undefined);
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
    const values = this.serviceValues(body);
    const [stored] = await this.db.select().from(services).where(eq(services.id, id));
    const cost = await this.failoverCost(body, stored);
    const losses = await this.priceGuard(body, { ...values, ...cost }, stored);
    return this.write<ServiceMutationResponse>(async (tx) => {
      const row = await repo.lockService(tx, id);
      if (!row) throw notFound(M.SERVICE_NOT_FOUND);
      const before = await this.presentServiceById(tx, id);
      // A hand-set price is pinned: the catalogue sync keeps it (docs/product.md#operator-console).
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

  private serviceValues(body: ServiceBody) {
    const problem = validateServiceInput({
      text: body.text,
      unitPriceMilli: body.unitPriceMilli,
      min: body.min,
      max: body.max,
      notice: body.notice,
      refillDays: body.refillDays,
      providerId: body.providerId,
      providerServiceId: body.providerServiceId,
      type: body.type,
      enableAuto: body.enableAuto,
      failoverProviderId: body.failoverProviderId,
      failoverProviderServiceId: body.failoverProviderServiceId,
    });
    if (problem) throw invalid(problem);
    return serviceValues(body);
  }

  /**
   * A failover newly set (or changed) must be a service its provider lists: its list is read now, and
   * its rate, as a unit cost in milli-won, is what the worker compares with what each member paid
   * (docs/ARCHITECTURE.md#provider-health). A failover kept as it was keeps the cost read then.
   */
  private async failoverCost(
    body: ServiceBody,
    stored: ServiceRow | undefined,
  ): Promise<{ failoverUnitCostMilli: number | null }> {
    const providerId = body.failoverProviderId;
    const serviceId = body.failoverProviderServiceId.trim();
    if (providerId === null || serviceId === '') return { failoverUnitCostMilli: null };
    if (
      stored &&
      stored.failoverProviderId === providerId &&
      stored.failoverProviderServiceId === serviceId
    ) {
      return { failoverUnitCostMilli: stored.failoverUnitCostMilli };
    }
    if (!this.listing) return { failoverUnitCostMilli: null };
    const listing = await this.listing(providerId, serviceId);
    if (listing.kind === 'no-provider') throw invalid(M.FAILOVER_PROVIDER_NOT_FOUND);
    if (listing.kind === 'unreadable') throw invalid(M.FAILOVER_LIST_UNREADABLE);
    if (listing.kind === 'not-listed') throw invalid(M.FAILOVER_SERVICE_NOT_LISTED);
    return { failoverUnitCostMilli: listing.unitCostMilli };
  }

  /**
   * No sale below cost from the form (docs/ARCHITECTURE.md#catalogue-sync): a new service, a changed
   * price, or a changed provider mapping is judged against its provider's listed rate (read now, the
   * sync's conversion; not judged when unreadable or without a rate: the sync's margin guard acts when
   * it can read), and a changed price or failover against the failover's unit cost. A loss refuses the
   * save (CATALOG_BELOW_COST, cost and price in Korean) unless this request confirms it (`lossConfirmed`,
   * or for the failover its own 손실 감수 checkbox); the confirmed losses are returned for the audit entry.
   */
  private async priceGuard(
    body: ServiceBody,
    values: Pick<
      ServiceRow,
      | 'unitPriceMilli'
      | 'providerId'
      | 'providerServiceId'
      | 'failoverProviderId'
      | 'failoverProviderServiceId'
      | 'failoverUnitCostMilli'
    >,
    stored: ServiceRow | undefined,
  ): Promise<LossAtPrice[]> {
    const priceChanged = !stored || stored.unitPriceMilli !== values.unitPriceMilli;
    const mappingChanged =
      !stored ||
      stored.providerId !== values.providerId ||
      stored.providerServiceId !== values.providerServiceId;
    const failoverChanged =
      !stored ||
      stored.failoverProviderId !== values.failoverProviderId ||
      stored.failoverProviderServiceId !== values.failoverProviderServiceId;
    let providerCostMilli: number | null = null;
    if (
      (priceChanged || mappingChanged) &&
      this.listing &&
      values.providerId !== null &&
      values.providerServiceId !== null
    ) {
      const listing = await this.listing(values.providerId, values.providerServiceId);
      if (listing.kind === 'listed') providerCostMilli = listing.unitCostMilli;
    }
    const losses = lossesAtPrice({
      priceMilli: values.unitPriceMilli,
      providerCostMilli,
      failoverCostMilli: priceChanged || failoverChanged ? values.failoverUnitCostMilli : null,
    });
    const unconfirmed = losses.filter(
      (loss) => !body.lossConfirmed && !(loss.kind === 'failover' && body.failoverLossConfirmed),
    );
    if (unconfirmed.length > 0) throw appError('CATALOG_BELOW_COST', lossMessage(unconfirmed));
    return losses;
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
