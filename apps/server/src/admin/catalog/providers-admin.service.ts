import type { AdminProvider, ProviderBalanceResponse, ProviderServicesResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { askProvider, findProviderOrFail } from '../../providers/provider-calls';
import { presentProvider } from '../../providers/provider.presenter';
import type { ProviderRegistry } from '../../providers/provider-registry';
import { catalogAdminRepository as repo } from './catalog-admin.repository';

/**
 * The console's reads of the upstream providers: the rows with their key masked, a live balance
 * check, and the provider's own services list with where we already sell each. They stay here
 * because only the console reads them; finding a row and asking it (a failure answers
 * PROVIDER_UNAVAILABLE, 502, in Korean, without the key) is shared with the import, so that is in
 * providers/provider-calls.ts. The writes are the owners' own: provider rows in
 * providers/provider-accounts.ts, the import in catalog/import-provider-services.ts
 * (docs/ARCHITECTURE.md#operator-console).
 */
export class ProvidersAdminService {
  constructor(
    private readonly db: Db,
    private readonly registry: ProviderRegistry,
  ) {}

  async list(): Promise<AdminProvider[]> {
    return (await repo.listProviders(this.db)).map((row) => presentProvider(row.provider, row.serviceCount));
  }

  async checkBalance(id: number): Promise<ProviderBalanceResponse> {
    const provider = await findProviderOrFail(this.db, id);
    return askProvider(this.registry, provider, (api) => api.balance());
  }

  async services(id: number): Promise<ProviderServicesResponse> {
    const provider = await findProviderOrFail(this.db, id);
    const listing = await askProvider(this.registry, provider, (api) => api.services());
    const imported = new Map<string, number[]>();
    for (const row of await repo.importedServicesOf(this.db, id)) {
      const key = row.providerServiceId ?? '';
      imported.set(key, [...(imported.get(key) ?? []), row.categoryId]);
    }
    return listing.map((entry) => ({ ...entry, importedCategoryIds: imported.get(entry.service) ?? [] }));
  }
}
