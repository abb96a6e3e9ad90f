import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys look like `smm_<8 hex prefix>_<32 random bytes, base64url>`. The prefix and the last four
 * characters are public (the profile shows `smm_3f9a2c1b…Xy1Z` so a member can tell which key is active); the whole key is random with 256 bits of
 * entropy, so a plain SHA-256 is enough to store it (no slow KDF needed, and lookups stay one indexed
 * equality).
 */
export function generateApiKey(): { key: string; prefix: string; suffix: string; hash: string } {
  const prefix = `smm_${randomBytes(4).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, suffix: key.slice(-4), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
