import { z } from 'zod';
import { ProviderError, type ProviderApi, type ProviderOrderStatus } from './provider-api';

/** Numbers arrive as numbers or strings ("157"); empty or missing reads as null. */
const lenientInt = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
  .refine((v) => v === null || Number.isFinite(v), 'not a number')
  .transform((v) => (v === null ? null : Math.trunc(v)));

const errorAnswer = z.object({ error: z.string() });
const addAnswer = z.object({ order: z.union([z.number(), z.string().min(1)]) });
const statusAnswer = z.object({ status: z.string(), start_count: lenientInt, remains: lenientInt });
const balanceAnswer = z.object({ balance: z.union([z.string(), z.number()]), currency: z.string() });
const cancelAnswer = z.array(
  z.object({
    order: z.union([z.number(), z.string()]),
    cancel: z.union([z.number(), z.string(), errorAnswer]),
  }),
);

/**
 * The trade's SMM API v2 over HTTP: form-encoded POST with `key` and `action`. Anything that is not a
 * well-formed answer — a timeout, a refused connection, HTTP ≥ 400, HTML, broken JSON, `{ error }`, an
 * unexpected shape — is a ProviderError; only an `add` the provider answers with `{ error }` is not
 * retryable. The key never appears in an error.
 */
export class SmmApiClient implements ProviderApi {
  constructor(private readonly options: { apiUrl: string; apiKey: string; timeoutMs: number }) {}

  private async call(action: string, params: Record<string, string>): Promise<unknown> {
    const body = new URLSearchParams({ key: this.options.apiKey, action, ...params });
    let response: Response;
    try {
      response = await fetch(this.options.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderError(
        timedOut
          ? `${action}: no answer within ${this.options.timeoutMs} ms`
          : `${action}: connection failed`,
        true,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ProviderError(`${action}: the answer was cut off`, true);
    }
    if (!response.ok) throw new ProviderError(`${action}: HTTP ${response.status}`, true);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError(`${action}: the answer is not JSON`, true);
    }
  }

  private static refused(action: string, answer: unknown, retryable: boolean): void {
    const refused = errorAnswer.safeParse(answer);
    if (refused.success) throw new ProviderError(`${action}: ${refused.data.error.slice(0, 200)}`, retryable);
  }

  async add(input: { service: string; link: string; quantity: number }) {
    const answer = await this.call('add', {
      service: input.service,
      link: input.link,
      quantity: String(input.quantity),
    });
    SmmApiClient.refused('add', answer, false);
    const parsed = addAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError('add: unexpected answer', true);
    return { providerOrderId: String(parsed.data.order) };
  }

  async statuses(ids: string[]) {
    const answer = await this.call('status', { orders: ids.join(',') });
    SmmApiClient.refused('status', answer, true);
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new ProviderError('status: unexpected answer', true);
    }
    const result = new Map<string, ProviderOrderStatus | { error: string }>();
    for (const id of ids) {
      const entry = (answer as Record<string, unknown>)[id];
      const ok = statusAnswer.safeParse(entry);
      if (ok.success) {
        result.set(id, { status: ok.data.status, startCount: ok.data.start_count, remains: ok.data.remains });
        continue;
      }
      const refused = errorAnswer.safeParse(entry);
      result.set(id, { error: refused.success ? refused.data.error.slice(0, 200) : 'unexpected answer' });
    }
    return result;
  }

  async cancel(ids: string[]) {
    const answer = await this.call('cancel', { orders: ids.join(',') });
    SmmApiClient.refused('cancel', answer, true);
    const parsed = cancelAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError('cancel: unexpected answer', true);
    const result = new Map<string, true | { error: string }>();
    for (const entry of parsed.data) {
      result.set(
        String(entry.order),
        typeof entry.cancel === 'object' ? { error: entry.cancel.error } : true,
      );
    }
    return result;
  }

  async balance() {
    const answer = await this.call('balance', {});
    SmmApiClient.refused('balance', answer, true);
    const parsed = balanceAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError('balance: unexpected answer', true);
    return { balance: String(parsed.data.balance), currency: parsed.data.currency };
  }
}
