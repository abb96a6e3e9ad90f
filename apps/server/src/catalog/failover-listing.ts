/**
 * Why this file: a service's failover (docs/ARCHITECTURE.md#provider-health) is only as good as the
 * failover provider's own service. When the operator saves one, its services list is read once: the
 * id must be listed there (else a 400 in Korean), and its rate becomes the unit cost the worker compares
 * with what each member paid before moving an order there. The service form's price guard reads its own
 * provider's listing the same way (docs/ARCHITECTURE.md#catalog-sync): one conversion, the sync's.
 */
import { upstreamUnitCostMilli } from '@smm/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { providers } from '../db/schema';
import { ProviderError } from '../providers/provider-api';
import type { ProviderRegistry } from '../providers/provider-registry';
import { providerExchangeRate } from './catalog-sync';

export type ProviderListing =
  | { kind: 'no-provider' }
  | { kind: 'unreadable' }
  | { kind: 'not-listed' }
  /** Listed; `unitCostMilli` null when its currency has no exchange rate (the cost is not known). */
  | { kind: 'listed'; unitCostMilli: number | null };

/** What a provider says of its service `serviceId`, read now (outside any transaction). */
export async function readProviderListing(
  db: Db,
  registry: Pick<ProviderRegistry, 'clientFor'>,
  providerId: number,
  serviceId: string,
): Promise<ProviderListing> {
  const [provider] = await db.select().from(providers).where(eq(providers.id, providerId));
  if (!provider) return { kind: 'no-provider' };
  try {
    const client = registry.clientFor(provider);
    const entry = (await client.services()).find((listed) => listed.service === serviceId);
    if (!entry) return { kind: 'not-listed' };
    // The currency and rate as the import and the sync read them.
    const { exchangeRate } = await providerExchangeRate(db, provider, () => client.balance());
    const cost = exchangeRate === null ? null : upstreamUnitCostMilli(entry.rate, exchangeRate);
    // Rounded up: the comparison must never take a dearer failover for a cheaper one.
    const unitCostMilli = cost === null ? null : Number((cost.num + cost.den - 1n) / cost.den);
    return { kind: 'listed', unitCostMilli: Number.isSafeInteger(unitCostMilli) ? unitCostMilli : null };
  } catch (error) {
    if (error instanceof ProviderError) return { kind: 'unreadable' };
    throw error;
  }
}
