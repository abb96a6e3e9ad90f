import { ProviderError, type ProviderClient } from './provider-api';
import { RecordingProviderClient, type ProviderCallRecorder } from './recording-provider-client';
import { SIMULATED_PROVIDER_URL } from './simulated-provider-url';
import { SmmApiClient } from './smm-api-client';

export interface ProviderRegistryOptions {
  /** How long one provider call may take (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** The URL of this process's simulated provider, read when a client is made ('' while it is not running). */
  simulatedApiUrl: () => string;
  /** PROVIDER_ALLOW_PRIVATE_ADDRESSES: whether provider URLs may reach loopback and private networks. */
  allowPrivateAddresses: boolean;
  /**
   * Where every call to a provider row (one with an id) is counted (docs/ARCHITECTURE.md#provider-health);
   * absent: calls are not recorded.
   */
  recorder?: ProviderCallRecorder;
}

/**
 * Turns a provider row into a client. `builtin:simulated` is the simulated provider this process
 * serves (each app has its own, on its own port, sharing the database); any other URL must be http(s)
 * and, unless allowPrivateAddresses, reach a public address (provider-network.ts). The simulator is on
 * loopback, yet always reachable: only `builtin:simulated` leads there, never a URL an operator types.
 * A row that cannot be reached that way still gets a client, one whose every call fails with a
 * retryable ProviderError, so the background loop treats it like any other failing provider (and an
 * operator who fixes the URL sees the orders go through) instead of failing its whole tick.
 */
export class ProviderRegistry {
  constructor(private readonly options: ProviderRegistryOptions) {}

  /** Whether provider URLs may point to private and local addresses (the console's check asks). */
  get privateAddressesAllowed(): boolean {
    return this.options.allowPrivateAddresses;
  }

  /**
   * A client for the row; with its `id` (every provider row has one) each call is recorded for the
   * provider's health (duration, answered or failed, the failure's message with the key masked).
   */
  clientFor(provider: { id?: number; apiUrl: string; apiKey: string }): ProviderClient {
    const client = this.plainClientFor(provider);
    const { recorder } = this.options;
    if (!recorder || provider.id === undefined) return client;
    return new RecordingProviderClient(client, { id: provider.id, apiKey: provider.apiKey }, recorder);
  }

  private plainClientFor(provider: { apiUrl: string; apiKey: string }): ProviderClient {
    const simulated = provider.apiUrl === SIMULATED_PROVIDER_URL;
    const apiUrl = simulated ? this.options.simulatedApiUrl() : provider.apiUrl;
    if (simulated && !apiUrl) {
      return new UnusableProvider('the built-in simulated provider is not running');
    }
    if (!isHttpUrl(apiUrl)) return new UnusableProvider('the provider URL is not an http(s) URL');
    return new SmmApiClient({
      apiUrl,
      apiKey: provider.apiKey,
      timeoutMs: this.options.timeoutMs,
      allowPrivateAddresses: simulated || this.options.allowPrivateAddresses,
    });
  }
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** A provider row no client can talk to: every call fails (retryably) with the reason. */
class UnusableProvider implements ProviderClient {
  constructor(private readonly reason: string) {}

  private fail(action: string): Promise<never> {
    return Promise.reject(new ProviderError(`${action}: ${this.reason}`, true));
  }

  services() {
    return this.fail('services');
  }

  add() {
    return this.fail('add');
  }

  statuses() {
    return this.fail('status');
  }

  status() {
    return this.fail('status');
  }

  cancel() {
    return this.fail('cancel');
  }

  balance() {
    return this.fail('balance');
  }

  refill() {
    return this.fail('refill');
  }

  refillStatuses() {
    return this.fail('refill_status');
  }
}
