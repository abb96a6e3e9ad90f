import {
  CATALOG_MESSAGES as M,
  CATALOG_TEXT_MAX,
  IMPORT_MAX_ITEMS,
  SERVICE_MAX_QUANTITY,
  providerRateToUnitPriceMilli,
  validateMarkupPercent,
  validateProviderInput,
} from '@smm/domain';
import type {
  AdminProvider,
  ProviderBalanceResponse,
  ProviderImportResponse,
  ProviderMutationResponse,
  ProviderRequest,
  ProviderServicesResponse,
  providerImportRequest,
} from '@smm/domain/contract';
import type { z } from 'zod';
import { auditLogRepository } from '../../audit/audit-log.repository';
import type { CatalogService } from '../../catalog/catalog.service';
import type { Db, Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import {
  ProviderError,
  type ProviderClient,
  type ProviderServiceListing,
} from '../../providers/provider-api';
import { isPrivateLiteralUrl } from '../../providers/provider-network';
import type { ProviderRegistry } from '../../providers/provider-registry';
import { presentProvider } from '../../providers/provider.presenter';
import { providersRepository, type ProviderRow } from '../../providers/providers.repository';
import { catalogWritesRepository } from '../../catalog/catalog-writes.repository';
import { catalogAdminRepository } from './catalog-admin.repository';

const repo = { ...catalogAdminRepository, ...catalogWritesRepository, ...providersRepository };

type ImportBody = z.output<typeof providerImportRequest>;

const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The operator's upstream providers: rows with their key (never sent back whole: the console and the
 * audit log see it masked), a live balance check, the provider's own services list, and the import of
 * chosen services into a category at the provider's rate plus a markup. A provider that fails answers
 * PROVIDER_UNAVAILABLE (502) with what went wrong, in Korean, without the key.
 */
export class ProvidersAdminService {
  constructor(
    private readonly db: Db,
    private readonly registry: ProviderRegistry,
    private readonly catalog: CatalogService,
  ) {}

  async list(): Promise<AdminProvider[]> {
    return (await repo.listProviders(this.db)).map((row) => presentProvider(row.provider, row.serviceCount));
  }

  async create(operatorId: number, body: ProviderRequest): Promise<ProviderMutationResponse> {
    const values = this.values(body, true);
    const provider = await this.db.transaction(async (tx) => {
      const row = await repo.insertProvider(tx, { ...values, apiKey: values.apiKey! });
      const after = presentProvider(row, 0);
      await this.audit(tx, operatorId, 'provider.create', row.id, null, after);
      return after;
    });
    await this.catalog.changed();
    return { provider, changed: true };
  }

  /**
   * Name and URL as given; a blank key keeps the stored one while the URL stays. A new URL wants the
   * key again (400, nothing changed): the stored key is the secret of the provider at the old URL, and
   * a blank key would send it to whoever answers at the new one.
   */
  update(operatorId: number, id: number, body: ProviderRequest): Promise<ProviderMutationResponse> {
    const values = this.values(body, false);
    return this.change(operatorId, id, 'provider.update', (row) => {
      const problem = validateProviderInput(
        { name: values.name, apiUrl: values.apiUrl, apiKey: values.apiKey ?? '' },
        { keyRequired: false, storedApiUrl: row.apiUrl },
      );
      if (problem) throw appError('CATALOG_INVALID', problem);
      const next = {
        name: values.name,
        apiUrl: values.apiUrl,
        ...(values.apiKey !== null && values.apiKey !== row.apiKey ? { apiKey: values.apiKey } : {}),
      };
      const same = row.name === next.name && row.apiUrl === next.apiUrl && next.apiKey === undefined;
      return same ? null : next;
    });
  }

  setEnabled(operatorId: number, id: number, enabled: boolean): Promise<ProviderMutationResponse> {
    return this.change(operatorId, id, enabled ? 'provider.enable' : 'provider.disable', (row) =>
      row.enabled === enabled ? null : { enabled },
    );
  }

  async checkBalance(id: number): Promise<ProviderBalanceResponse> {
    const provider = await this.find(id);
    return this.ask(provider, (api) => api.balance());
  }

  async services(id: number): Promise<ProviderServicesResponse> {
    const provider = await this.find(id);
    const listing = await this.ask(provider, (api) => api.services());
    const imported = new Map<string, number[]>();
    for (const row of await repo.importedServicesOf(this.db, id)) {
      const key = row.providerServiceId ?? '';
      imported.set(key, [...(imported.get(key) ?? []), row.categoryId]);
    }
    return listing.map((entry) => ({ ...entry, importedCategoryIds: imported.get(entry.service) ?? [] }));
  }

  /**
   * Creates a service in the category for each chosen provider service, priced at the provider's rate
   * plus the markup (domain providerRateToUnitPriceMilli: exact, rounded up to a milli-won), with the
   * provider's min and max. One already sold in that category for this provider is skipped, so a
   * repeated import (or two at once: the category row is locked) adds nothing twice.
   */
  async import(operatorId: number, providerId: number, body: ImportBody): Promise<ProviderImportResponse> {
    const markupProblem = validateMarkupPercent(body.markupPercent);
    if (markupProblem) throw appError('CATALOG_INVALID', markupProblem);
    const wanted = [...new Map(body.items.map((item) => [item.providerServiceId.trim(), item])).values()];
    if (wanted.length === 0 || wanted.some((item) => item.providerServiceId.trim() === '')) {
      throw appError('CATALOG_INVALID', M.IMPORT_NOTHING_SELECTED);
    }
    if (wanted.length > IMPORT_MAX_ITEMS) throw appError('CATALOG_INVALID', M.IMPORT_TOO_MANY);
    const provider = await this.find(providerId);
    if (!(await repo.findCategory(this.db, body.categoryId))) {
      throw appError('CATALOG_INVALID', M.CATEGORY_NOT_FOUND);
    }
    // The provider is asked before the transaction: no lock is held while it answers.
    const listing = new Map((await this.ask(provider, (api) => api.services())).map((s) => [s.service, s]));

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
            : this.importProblem(entry, body.markupPercent);
        if (problem || !entry) {
          skipped.push({ providerServiceId: id, reason: problem ?? M.IMPORT_UNKNOWN });
          continue;
        }
        const row = await repo.insertService(tx, {
          categoryId: category.id,
          text: serviceName(item.text, entry),
          unitPriceMilli: providerRateToUnitPriceMilli(entry.rate, body.markupPercent)!,
          min: Math.max(1, entry.min),
          max: Math.min(entry.max, SERVICE_MAX_QUANTITY),
          notice: '',
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
          'provider.import',
          providerId,
          null,
          { categoryId: category.id, markupPercent: body.markupPercent, created },
          skipped.length ? `${skipped.length}개 건너뜀` : '',
        );
      }
      return { created, skipped };
    });
    if (result.created.length > 0) await this.catalog.changed();
    return result;
  }

  private importProblem(entry: ProviderServiceListing, markupPercent: number): string | null {
    if (providerRateToUnitPriceMilli(entry.rate, markupPercent) === null) return M.IMPORT_BAD_RATE;
    const min = Math.max(1, entry.min);
    if (min > SERVICE_MAX_QUANTITY || min > Math.min(entry.max, SERVICE_MAX_QUANTITY))
      return M.IMPORT_BAD_LIMITS;
    return null;
  }

  private values(body: ProviderRequest, keyRequired: boolean) {
    const input = { name: body.name, apiUrl: body.apiUrl.trim(), apiKey: body.apiKey };
    const problem = validateProviderInput(input, { keyRequired });
    if (problem) throw appError('CATALOG_INVALID', problem);
    // The connection refuses such an address anyway (provider-network.ts); saying so now is kinder.
    if (!this.registry.privateAddressesAllowed && isPrivateLiteralUrl(input.apiUrl)) {
      throw appError('CATALOG_INVALID', M.PROVIDER_URL_PRIVATE);
    }
    return { name: body.name.trim(), apiUrl: input.apiUrl, apiKey: body.apiKey === '' ? null : body.apiKey };
  }

  /** One locked provider row changed (or not: `next` null means it is already so). */
  private async change(
    operatorId: number,
    id: number,
    action: string,
    next: (row: ProviderRow) => Partial<Pick<ProviderRow, 'name' | 'apiUrl' | 'apiKey' | 'enabled'>> | null,
  ): Promise<ProviderMutationResponse> {
    const result = await this.db.transaction(async (tx) => {
      const row = await repo.lockProvider(tx, id);
      if (!row) throw appError('NOT_FOUND', M.PROVIDER_NOT_FOUND);
      const count = await repo.providerServiceCount(tx, id);
      const before = presentProvider(row, count);
      const values = next(row);
      if (!values) return { provider: before, changed: false };
      const after = presentProvider(await repo.updateProvider(tx, id, values), count);
      // The masked key may read the same after a change: say so, never what it was or is.
      const keyChanged = values.apiKey !== undefined;
      await this.audit(tx, operatorId, action, id, before, {
        ...after,
        ...(keyChanged ? { keyChanged } : {}),
      });
      return { provider: after, changed: true };
    });
    // Enabled or not decides whether members can order its services (the catalogue cache holds that).
    if (result.changed) await this.catalog.changed();
    return result;
  }

  private async find(id: number): Promise<ProviderRow> {
    const row = await repo.findProvider(this.db, id);
    if (!row) throw appError('NOT_FOUND', M.PROVIDER_NOT_FOUND);
    return row;
  }

  /** A call to the provider; its failure as a 502 in Korean with the client's reason (key-free). */
  private async ask<T>(provider: ProviderRow, call: (api: ProviderClient) => Promise<T>): Promise<T> {
    try {
      return await call(this.registry.clientFor(provider));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const key = provider.apiKey;
      const detail = key.length >= 4 ? error.message.split(key).join('***') : error.message;
      throw appError('PROVIDER_UNAVAILABLE', M.PROVIDER_FAILED(detail));
    }
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: string,
    providerId: number,
    before: unknown,
    after: unknown,
    memo = '',
  ): Promise<void> {
    return auditLogRepository.record(tx, {
      operatorId,
      action,
      targetType: 'provider',
      targetId: providerId,
      before,
      after,
      memo,
    });
  }
}

/** The operator's name for an imported service, else the provider's, fit for one line of ≤ 100. */
function serviceName(given: string | undefined, entry: ProviderServiceListing): string {
  const text =
    (given ?? '').trim() || entry.name.replace(CONTROL, ' ').trim() || `공급사 상품 ${entry.service}`;
  return text.replace(CONTROL, ' ').slice(0, CATALOG_TEXT_MAX);
}
