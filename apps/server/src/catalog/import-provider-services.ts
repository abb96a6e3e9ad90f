import {
  CATALOG_MESSAGES as M,
  CATALOG_TEXT_MAX,
  cleanProviderLine,
  COMMENTS_MAX_LINES,
  DEFAULT_REFILL_DAYS,
  IMPORT_MAX_ITEMS,
  SERVICE_MAX_QUANTITY,
  exchangeRateMissingMessage,
  providerPriceMilli,
  serviceTypeOfProviderType,
  type ServiceType,
  validateMarkupPercent,
} from '@smm/domain';
import type { ProviderImportResponse, providerImportRequest } from '@smm/domain/contract';
import type { z } from 'zod';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { ProviderServiceListing } from '../providers/provider-api';
import { askProvider, findProviderOrFail } from '../providers/provider-calls';
import type { ProviderRegistry } from '../providers/provider-registry';
import type { CatalogService } from './catalog.service';
import { catalogWritesRepository as repo } from './catalog-writes.repository';
import { providerExchangeRate } from './catalog-sync';

type ImportBody = z.output<typeof providerImportRequest>;

/**
 * The import of a provider's services into a category: it creates catalog services, so it lives in
 * catalog/ and the console's route (admin/catalog) only calls it
 * (docs/ARCHITECTURE.md#operator-console).
 *
 * Creates a service in the category for each chosen provider service, priced at the provider's rate
 * in won (its currency at the operator's exchange rate, as the sync does) plus the markup (domain
 * providerPriceMilli: exact, rounded up to a milli-won), with the
 * provider's min and max, and its refill and cancel terms (`refill: true` → DEFAULT_REFILL_DAYS, the
 * trade's usual 30 days; `cancel` → cancellable; docs/product.md#refill-and-cancellation), and its
 * type (Default, Custom Comments, Package; any other type is skipped with the reason, since its orders
 * need fields we do not take: docs/product.md#service-types). One already sold in that category for
 * this provider is skipped, so a
 * repeated import (or two at once: the category row is locked) adds nothing twice. A provider that
 * fails answers PROVIDER_UNAVAILABLE (502) without its key (providers/provider-calls.ts).
 */
export class ProviderServicesImport {
  constructor(
    private readonly db: Db,
    private readonly registry: ProviderRegistry,
    private readonly catalog: CatalogService,
  ) {}

  async import(operatorId: number, providerId: number, body: ImportBody): Promise<ProviderImportResponse> {
    const markupProblem = validateMarkupPercent(body.markupPercent);
    if (markupProblem) throw appError('CATALOG_INVALID', markupProblem);
    const wanted = [...new Map(body.items.map((item) => [item.providerServiceId.trim(), item])).values()];
    if (wanted.length === 0 || wanted.some((item) => item.providerServiceId.trim() === '')) {
      throw appError('CATALOG_INVALID', M.IMPORT_NOTHING_SELECTED);
    }
    if (wanted.length > IMPORT_MAX_ITEMS) throw appError('CATALOG_INVALID', M.IMPORT_TOO_MANY);
    const provider = await findProviderOrFail(this.db, providerId);
    if (!(await repo.findCategory(this.db, body.categoryId))) {
      throw appError('CATALOG_INVALID', M.CATEGORY_NOT_FOUND);
    }
    // The provider is asked before the transaction: no lock is held while it answers.
    const listing = new Map(
      (await askProvider(this.registry, provider, (api) => api.services())).map((s) => [s.service, s]),
    );
    // Priced as the sync prices it: in the provider's currency at the operator's exchange rate. A
    // provider in another currency without a rate is refused, never priced as if in won.
    const { currency, exchangeRate } = await providerExchangeRate(this.db, provider, () =>
      askProvider(this.registry, provider, (api) => api.balance()),
    );
    if (exchangeRate === null) throw appError('CATALOG_INVALID', exchangeRateMissingMessage(currency));

    const result = await this.db.transaction(async (tx) => {
      const category = await repo.lockCategory(tx, body.categoryId);
      if (!category) throw appError('CATALOG_INVALID', M.CATEGORY_NOT_FOUND);
      const ids = wanted.map((item) => item.providerServiceId.trim());
      const already = await repo.importedInCategory(tx, category.id, providerId, ids);
      let sortOrder = await repo.nextServiceSortOrder(tx, category.id);
      const created: ProviderImportResponse['created'] = [];
      const skipped: ProviderImportResponse['skipped'] = [];
      for (const item of wanted) {
        const id = item.providerServiceId.trim();
        const entry = listing.get(id);
        const problem = already.has(id)
          ? M.IMPORT_ALREADY
          : !entry
            ? M.IMPORT_UNKNOWN
            : importProblem(entry, body.markupPercent, exchangeRate);
        if (problem || !entry) {
          skipped.push({ providerServiceId: id, reason: problem ?? M.IMPORT_UNKNOWN });
          continue;
        }
        const type = serviceTypeOfProviderType(entry.type)!;
        const min = Math.max(1, entry.min);
        const row = await repo.insertService(tx, {
          categoryId: category.id,
          text: serviceName(item.text, entry),
          unitPriceMilli: providerPriceMilli(entry.rate, exchangeRate, body.markupPercent)!,
          // The catalog sync follows the provider's rate at this markup (docs/ARCHITECTURE.md#catalog-sync).
          markupPercent: body.markupPercent,
          serviceType: type,
          min,
          max: maxOfType(type, min, entry.max),
          notice: '',
          refillDays: entry.refill ? DEFAULT_REFILL_DAYS : 0,
          cancellable: entry.cancel,
          visible: body.visible,
          providerId,
          providerServiceId: id,
          sortOrder: sortOrder++,
        });
        created.push({ providerServiceId: id, serviceId: row.id });
      }
      if (created.length > 0) {
        await this.audit(
          tx,
          operatorId,
          providerId,
          { categoryId: category.id, markupPercent: body.markupPercent, created },
          skipped.length ? `${skipped.length}개 건너뜀` : '',
        );
      }
      return { created, skipped };
    });
    if (result.created.length > 0) await this.catalog.changed();
    return result;
  }

  private audit(tx: Tx, operatorId: number, providerId: number, after: unknown, memo: string): Promise<void> {
    return auditLogRepository.record(tx, {
      operatorId,
      action: 'provider.import',
      targetType: 'provider',
      targetId: providerId,
      before: null,
      after,
      memo,
    });
  }
}

/**
 * The max a service of this type may have (docs/product.md#service-types): a Package's quantity is fixed
 * (its min), a Custom Comments order has at most COMMENTS_MAX_LINES lines.
 */
function maxOfType(type: ServiceType, min: number, max: number): number {
  if (type === 'package') return min;
  return Math.min(max, SERVICE_MAX_QUANTITY, type === 'custom_comments' ? COMMENTS_MAX_LINES : Infinity);
}

function importProblem(
  entry: ProviderServiceListing,
  markupPercent: number,
  exchangeRate: string,
): string | null {
  // Orders of other types need fields this panel does not take (a poll's answer, mentions' usernames).
  const type = serviceTypeOfProviderType(entry.type);
  if (type === null) return M.IMPORT_UNSUPPORTED_TYPE(entry.type.slice(0, 50));
  if (providerPriceMilli(entry.rate, exchangeRate, markupPercent) === null) return M.IMPORT_BAD_RATE;
  const min = Math.max(1, entry.min);
  if (min > SERVICE_MAX_QUANTITY || min > maxOfType(type, min, entry.max)) return M.IMPORT_BAD_LIMITS;
  return null;
}

/**
 * The operator's name for an imported service, else the provider's (already cleaned of invisible
 * characters by the provider client as it read the list), fit for one line of ≤ 100.
 */
function serviceName(given: string | undefined, entry: ProviderServiceListing): string {
  const text = cleanProviderLine(given ?? '') || entry.name || `공급사 상품 ${entry.service}`;
  return text.slice(0, CATALOG_TEXT_MAX);
}
