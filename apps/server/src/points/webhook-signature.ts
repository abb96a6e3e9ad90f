import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** `sha256=<hex HMAC-SHA256 of the raw body>`: what a relay sends in `X-Signature`. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether a header has the signature's shape at all (checked before the body is read). */
export function isSignatureShaped(header: unknown): header is string {
  return typeof header === 'string' && SIGNATURE.test(header.trim());
}

/** Compared in constant time, so the answer's timing tells an attacker nothing about the right value. */
export function verifySignature(secret: string, body: Buffer, header: string): boolean {
  const match = SIGNATURE.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
