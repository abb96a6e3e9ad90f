/** How long a provider's 429 pauses it when its Retry-After is missing or unreadable. */
export const DEFAULT_RETRY_AFTER_MS = 30_000;
/** The longest pause a provider's Retry-After can ask for: a wrong header must not stop a provider for a day. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** The shortest: a Retry-After of 0, or a date already past, still leaves the provider a moment. */
export const MIN_RETRY_AFTER_MS = 1_000;

/**
 * How long a provider that answered HTTP 429 asks to be left alone, from its `Retry-After` header:
 * delay-seconds or an HTTP date (read against the answer's own `Date` when it sent one, so the two
 * clocks need not agree), else DEFAULT_RETRY_AFTER_MS; always within MIN_RETRY_AFTER_MS and
 * MAX_RETRY_AFTER_MS (docs/ARCHITECTURE.md "Upstream providers").
 */
export function retryAfterMs(header: string | null, dateHeader: string | null, nowMs: number): number {
  const value = header?.trim() ?? '';
  let ms = DEFAULT_RETRY_AFTER_MS;
  if (/^\d{1,10}(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else if (value !== '' && !Number.isNaN(Date.parse(value))) {
    const sentAt = dateHeader === null ? Number.NaN : Date.parse(dateHeader);
    ms = Date.parse(value) - (Number.isNaN(sentAt) ? nowMs : sentAt);
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, Math.ceil(ms)));
}
