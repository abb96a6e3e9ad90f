import { maskApiKey } from '@smm/domain';
import type { Profile } from '@smm/domain/contract';
import type { AuthenticatedAccount } from '../accounts/account.repository';

/**
 * GET /auth/profile as docs/product.md#data-shapes defines it; referralCode is absent until one is issued.
 */
export function presentProfile(account: AuthenticatedAccount, inquiryUnread = 0): Profile {
  return {
    id: account.loginId,
    point: account.point,
    apiKey:
      account.apiKeyPrefix === null
        ? null
        : // Keys issued before the suffix was kept show their prefix alone.
          account.apiKeySuffix === null
          ? account.apiKeyPrefix
          : maskApiKey(account.apiKeyPrefix, account.apiKeySuffix),
    ...(account.referralCode ? { referralCode: account.referralCode } : {}),
    ...(account.role === 'admin' ? { role: 'admin' as const } : {}),
    ...(inquiryUnread > 0 ? { inquiryUnread } : {}),
  };
}
