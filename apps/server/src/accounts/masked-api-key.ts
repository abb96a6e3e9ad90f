/**
 * Why this file: a member's API key is only ever shown masked (docs/product.md#operator-console), both
 * in the console's member profile and in the audit entry of a key reset (member-administration.ts), so
 * the one way of masking it lives beside the accounts it belongs to.
 */
import { maskApiKey } from '@smm/domain';
import type { accounts } from '../db/schema';

type KeyColumns = Pick<typeof accounts.$inferSelect, 'apiKeyPrefix' | 'apiKeySuffix'>;

/** The key as the console shows it; keys issued before the suffix was kept show their prefix alone. */
export const maskedKeyOf = (account: KeyColumns): string | null =>
  account.apiKeyPrefix === null
    ? null
    : account.apiKeySuffix === null
      ? account.apiKeyPrefix
      : maskApiKey(account.apiKeyPrefix, account.apiKeySuffix);
