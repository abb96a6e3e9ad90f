import { CATALOG_MESSAGES as M, validateProviderInput } from '@smm/domain';
import type { ProviderMutationResponse, ProviderRequest } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { CatalogService } from '../catalog/catalog.service';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import { isPrivateLiteralUrl } from './provider-network';
import { presentProvider } from './provider.presenter';
import type { ProviderRegistry } from './provider-registry';
import { providersRepository as repo, type ProviderRow } from './providers.repository';

/**
 * The writes to the provider rows: an operator adds a provider, edits its name, URL and key, enables
 * or disables it. They live here because providers/ owns those rows; the console's routes
 * (admin/catalog) only call them (docs/ARCHITECTURE.md#operator-console). The key is never
 * answered or audited whole (masked by presentProvider), and a URL that reaches a private address is
 * refused before it is saved (docs/ARCHITECTURE.md#providers-are-untrusted). Each write is audited in
 * its transaction and then drops the members' catalog cache, which holds whether a service's
 * provider is enabled.
 */
export class ProviderAccounts {
  constructor(
    private readonly db: Db,
    private readonly registry: ProviderRegistry,
    private readonly catalog: CatalogService,
  ) {}

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
   * Name, URL and 동시 호출 수 as given (an absent 동시 호출 수 keeps it); a blank key keeps the stored
   * one while the URL stays. A new URL wants the
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
      const maxConcurrency = body.maxConcurrency === undefined ? row.maxConcurrency : values.maxConcurrency;
      const next = {
        name: values.name,
        apiUrl: values.apiUrl,
        maxConcurrency,
        ...(values.apiKey !== null && values.apiKey !== row.apiKey ? { apiKey: values.apiKey } : {}),
      };
      const same =
        row.name === next.name &&
        row.apiUrl === next.apiUrl &&
        row.maxConcurrency === next.maxConcurrency &&
        next.apiKey === undefined;
      return same ? null : next;
    });
  }

  setEnabled(operatorId: number, id: number, enabled: boolean): Promise<ProviderMutationResponse> {
    return this.change(operatorId, id, enabled ? 'provider.enable' : 'provider.disable', (row) =>
      row.enabled === enabled ? null : { enabled },
    );
  }

  /**
   * 신규 주문 전송 중지 (docs/ARCHITECTURE.md#provider-health): while paused the worker sends it no new
   * order (they wait, or go to their service's failover provider); orders it has are still followed.
   */
  setSendingPaused(operatorId: number, id: number, paused: boolean): Promise<ProviderMutationResponse> {
    return this.change(
      operatorId,
      id,
      paused ? 'provider.pause-sending' : 'provider.resume-sending',
      (row) => (row.sendingPaused === paused ? null : { sendingPaused: paused }),
    );
  }

  private values(body: ProviderRequest, keyRequired: boolean) {
    const input = {
      name: body.name,
      apiUrl: body.apiUrl.trim(),
      apiKey: body.apiKey,
      maxConcurrency: body.maxConcurrency,
    };
    const problem = validateProviderInput(input, { keyRequired });
    if (problem) throw appError('CATALOG_INVALID', problem);
    // The connection refuses such an address anyway (provider-network.ts); saying so now is kinder.
    if (!this.registry.privateAddressesAllowed && isPrivateLiteralUrl(input.apiUrl)) {
      throw appError('CATALOG_INVALID', M.PROVIDER_URL_PRIVATE);
    }
    return {
      name: body.name.trim(),
      apiUrl: input.apiUrl,
      apiKey: body.apiKey === '' ? null : body.apiKey,
      maxConcurrency: body.maxConcurrency ?? null,
    };
  }

  /** One locked provider row changed (or not: `next` null means it is already so). */
  private async change(
    operatorId: number,
    id: number,
    action: string,
    next: (
      row: ProviderRow,
    ) => Partial<
      Pick<ProviderRow, 'name' | 'apiUrl' | 'apiKey' | 'enabled' | 'sendingPaused' | 'maxConcurrency'>
    > | null,
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
    // Enabled or not decides whether members can order its services (the catalog cache holds that).
    if (result.changed) await this.catalog.changed();
    return result;
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: string,
    providerId: number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return auditLogRepository.record(tx, {
      operatorId,
      action,
      targetType: 'provider',
      targetId: providerId,
      before,
      after,
      memo: '',
    });
  }
}
