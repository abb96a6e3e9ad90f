import { maskProviderKey } from '@smm/domain';
import type { AdminProvider } from '@smm/domain/contract';
import type { ProviderRow } from './providers.repository';

/**
 * A provider for the console and the audit log alike: the key only ever masked
 * (docs/ARCHITECTURE.md#operator-console). Shared by the provider writes
 * (provider-accounts.ts) and the console's list (admin/catalog).
 */
export const presentProvider = (row: ProviderRow, serviceCount: number): AdminProvider => ({
  id: row.id,
  name: row.name,
  apiUrl: row.apiUrl,
  maskedKey: maskProviderKey(row.apiKey),
  enabled: row.enabled,
  sendingPaused: row.sendingPaused,
  maxConcurrency: row.maxConcurrency,
  serviceCount,
  createdAt: row.createdAt.toISOString(),
});
