import { performance } from 'node:perf_hooks';
import { ProviderError, type ProviderClient } from './provider-api';

/** The SMM API v2 actions a call is counted under (docs/ARCHITECTURE.md#provider-health). */
export type ProviderCallAction =
  'add' | 'status' | 'cancel' | 'balance' | 'services' | 'refill' | 'refill_status';

/** One finished call to a provider row: how long it took and, when it failed, why (key still in it). */
export interface ProviderCall {
  providerId: number;
  action: ProviderCallAction;
  ms: number;
  /** null: the call answered; else the failure's message as the client gave it. */
  error: string | null;
  /** The provider's key, so the recorder can mask it out of the message before storing it. */
  apiKey: string;
  /**
   * The provider answered HTTP 429 (it asked us to slow down): an answer, not an outage
   * (docs/ARCHITECTURE.md#provider-health). Absent: false.
   */
  rateLimited?: boolean;
}

/** Where finished calls go (provider-health.ts). Must never throw into the call it records. */
export interface ProviderCallRecorder {
  record(call: ProviderCall): Promise<void>;
}

/**
 * A ProviderClient that counts every call of the client it wraps (docs/ARCHITECTURE.md#provider-health):
 * the duration, whether it answered, and a failure's message. The call's own answer or error goes back
 * to the caller unchanged; the recording is awaited (one upsert, plus one insert for a failure) but its
 * own failure is swallowed by the recorder, so a broken health table never fails an order.
 */
export class RecordingProviderClient implements ProviderClient {
  constructor(
    private readonly inner: ProviderClient,
    private readonly provider: { id: number; apiKey: string },
    private readonly recorder: ProviderCallRecorder,
  ) {}

  private async timed<T>(action: ProviderCallAction, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let error: string | null = null;
    let rateLimited = false;
    try {
      return await call();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      if (!(failure instanceof ProviderError)) error = `unexpected: ${error}`;
      else rateLimited = failure.retryAfterMs !== null;
      throw failure;
    } finally {
      await this.recorder.record({
        providerId: this.provider.id,
        action,
        ms: Math.max(0, Math.round(performance.now() - started)),
        error,
        apiKey: this.provider.apiKey,
        rateLimited,
      });
    }
  }

  services() {
    return this.timed('services', () => this.inner.services());
  }

  add(input: Parameters<ProviderClient['add']>[0]) {
    return this.timed('add', () => this.inner.add(input));
  }

  statuses(ids: string[]) {
    return this.timed('status', () => this.inner.statuses(ids));
  }

  status(id: string) {
    return this.timed('status', () => this.inner.status(id));
  }

  cancel(ids: string[]) {
    return this.timed('cancel', () => this.inner.cancel(ids));
  }

  balance() {
    return this.timed('balance', () => this.inner.balance());
  }

  refill(ids: string[]) {
    return this.timed('refill', () => this.inner.refill(ids));
  }

  refillStatuses(ids: string[]) {
    return this.timed('refill_status', () => this.inner.refillStatuses(ids));
  }
}
