import type { ProviderApi } from './provider-api';
import { SIMULATED_PROVIDER_URL } from './simulated-provider-url';
import { SmmApiClient } from './smm-api-client';

/** Turns a provider row into a client; `builtin:simulated` is this process's simulated provider. */
export class ProviderRegistry {
  constructor(private readonly options: { timeoutMs: number; simulatedApiUrl: () => string }) {}

  clientFor(provider: { apiUrl: string; apiKey: string }): ProviderApi {
    const apiUrl =
      provider.apiUrl === SIMULATED_PROVIDER_URL ? this.options.simulatedApiUrl() : provider.apiUrl;
    return new SmmApiClient({ apiUrl, apiKey: provider.apiKey, timeoutMs: this.options.timeoutMs });
  }
}
