import { cleanProviderLine } from '@smm/domain';
import type { ProviderServiceListing } from '../providers/provider-api';

/**
 * A provider's `services` list with its texts cleaned before anything reads them (the import, the
 * sync, the console's list): names, categories and types lose the characters that print as nothing
 * or turn text around, so an imported name reads as it is stored and no name in the console can pass
 * for another (docs/ARCHITECTURE.md#providers-are-untrusted). Ids need nothing: the client keeps only
 * letters, digits, `_` and `-`.
 */
export function cleanProviderListing(listing: readonly ProviderServiceListing[]): ProviderServiceListing[] {
  return listing.map((entry) => ({
    ...entry,
    name: cleanProviderLine(entry.name),
    type: cleanProviderLine(entry.type),
    category: cleanProviderLine(entry.category),
  }));
}
