import { STORAGE_KEYS } from '@smm/domain';

/**
 * This browser's device token: 32 random characters kept in localStorage, sent with a sign-up so the
 * server can tell a referral made from the referrer's own device (docs/product.md#referral-rewards-and-charge-bonuses).
 * Empty when storage is unavailable (private mode): the server then has no device to compare.
 */
export function deviceToken(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.DEVICE);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const token = btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_');
    localStorage.setItem(STORAGE_KEYS.DEVICE, token);
    return token;
  } catch {
    return '';
  }
}
