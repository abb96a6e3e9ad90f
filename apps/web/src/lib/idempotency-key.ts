/**
 * A fresh Idempotency-Key: one per form or checked paste, sent again with a retry of it, so the server
 * applies it once. crypto.randomUUID needs a secure context (a site opened over plain http by its
 * address has none); getRandomValues does not.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
