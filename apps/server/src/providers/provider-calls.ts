import { CATALOG_MESSAGES as M } from '@smm/domain';
import type { Executor } from '../db/database';
import { appError } from '../errors/app-error';
import { ProviderError, withoutProviderKey, type ProviderApi, type ProviderClient } from './provider-api';
import type { ProviderRegistry } from './provider-registry';
import { providersRepository, type ProviderRow } from './providers.repository';

/*
 * An operator's live calls to one provider row: the console's balance check and services list
 * (admin/catalog) and the import of its services (catalog/import-provider-services.ts) all find the
 * row the same way and turn a failing provider into the same answer, so that lives here, next to the
 * client (docs/ARCHITECTURE.md#providers-are-untrusted).
 */

/** The provider row, or NOT_FOUND (404) with the catalog's Korean message. */
export async function findProviderOrFail(ex: Executor, id: number): Promise<ProviderRow> {
  const row = await providersRepository.findProvider(ex, id);
  if (!row) throw appError('NOT_FOUND', M.PROVIDER_NOT_FOUND);
  return row;
}

/** A call to the provider; its failure as a 502 in Korean with the client's reason (key-free). */
export async function askProvider<T>(
  registry: ProviderRegistry,
  provider: ProviderRow,
  call: (api: ProviderClient) => Promise<T>,
): Promise<T> {
  try {
    return await call(registry.clientFor(provider));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw appError(
      'PROVIDER_UNAVAILABLE',
      M.PROVIDER_FAILED(withoutProviderKey(error.message, provider.apiKey)),
    );
  }
}

/** A provider's balance as read, or why it could not be: the dashboard, the watch and provider health. */
export interface BalanceReading {
  balance: string | null;
  currency: string | null;
  error: string | null;
}

/**
 * Asks a provider's balance and never throws: a failure is the reading's error (key-free). With
 * `withinMs` it never waits longer either, for screens that must not hang on a slow provider.
 */
export async function readBalance(
  client: Pick<ProviderApi, 'balance'>,
  apiKey: string,
  withinMs?: number,
): Promise<BalanceReading> {
  let timer: NodeJS.Timeout | undefined;
  const limit =
    withinMs === undefined
      ? []
      : [
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new ProviderError(`balance: no answer within ${withinMs} ms`, true)),
              withinMs,
            );
          }),
        ];
  try {
    const read = await Promise.race([client.balance(), ...limit]);
    return { balance: read.balance, currency: read.currency, error: null };
  } catch (error) {
    const text = error instanceof ProviderError ? error.message : 'balance: unexpected failure';
    return { balance: null, currency: null, error: withoutProviderKey(text, apiKey) };
  } finally {
    clearTimeout(timer);
  }
}
