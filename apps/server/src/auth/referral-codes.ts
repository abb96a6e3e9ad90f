import { randomBytes } from 'node:crypto';

/**
 * Referral codes are read aloud and typed from a screenshot: 8 characters of upper-case letters and
 * the digits 2–9, without the look-alikes O and I (32 symbols, so a random byte maps onto the alphabet
 * without bias; 32⁸ ≈ 10¹² codes).
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function generateReferralCode(): string {
  const bytes = randomBytes(REFERRAL_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}

/** What a member typed, as codes are stored: trimmed, upper-case. */
export function normalizeReferralCode(input: string): string {
  return input.trim().toUpperCase();
}
