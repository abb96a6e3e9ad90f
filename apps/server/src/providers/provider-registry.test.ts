import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../test/test-app';
import { ProviderError } from './provider-api';
import { ProviderRegistry } from './provider-registry';
import { SIMULATED_BALANCE, SIMULATED_PROVIDER_KEY } from './simulated-provider';
import { SIMULATED_PROVIDER_URL } from './simulated-provider-url';
import { SmmApiClient } from './smm-api-client';

const t = useTestApp();
const simulated = { apiUrl: SIMULATED_PROVIDER_URL, apiKey: SIMULATED_PROVIDER_KEY };

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('ProviderRegistry', () => {
  it('resolves builtin:simulated to the simulated provider of this app', async () => {
    expect(t.app.services.simulatedProvider.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    const api = t.app.services.providers.clientFor(simulated);
    expect(api).toBeInstanceOf(SmmApiClient);
    expect(await api.balance()).toEqual(SIMULATED_BALANCE);
    // The call went to this app's simulator: its fault is what the client sees.
    t.app.services.simulatedProvider.setFault('http500');
    try {
      expect((await rejection(api.balance())).message).toBe('balance: HTTP 500');
    } finally {
      t.app.services.simulatedProvider.setFault(null);
    }
  });

  it('gives every app its own simulator, and closing the app closes it', async () => {
    const other = await createTestApp();
    const otherUrl = other.app.services.simulatedProvider.apiUrl;
    try {
      expect(otherUrl).not.toBe(t.app.services.simulatedProvider.apiUrl);
      other.app.services.simulatedProvider.setFault('html');
      // Each registry speaks to its own app's simulator.
      expect(await t.app.services.providers.clientFor(simulated).balance()).toEqual(SIMULATED_BALANCE);
      expect((await rejection(other.app.services.providers.clientFor(simulated).balance())).message).toBe(
        'balance: the answer is not JSON',
      );
    } finally {
      await other.close();
    }
    expect(other.app.services.simulatedProvider.apiUrl).toBe('');
    const direct = new SmmApiClient({
      apiUrl: otherUrl,
      apiKey: 'demo',
      timeoutMs: 1000,
      allowPrivateAddresses: true,
    });
    expect((await rejection(direct.balance())).message).toBe('balance: connection failed');
    const afterClose = await rejection(other.app.services.providers.clientFor(simulated).balance());
    expect(afterClose).toMatchObject({
      retryable: true,
      message: 'balance: the built-in simulated provider is not running',
    });
  });

  it('uses the HTTP client with the configured timeout for http(s) URLs', () => {
    const registry = new ProviderRegistry({
      timeoutMs: 1234,
      simulatedApiUrl: () => '',
      allowPrivateAddresses: true,
    });
    for (const apiUrl of ['https://provider.example/api/v2', 'http://10.0.0.1:8080/api/v2']) {
      const api = registry.clientFor({ apiUrl, apiKey: 'k' });
      expect(api).toBeInstanceOf(SmmApiClient);
      expect(api).toMatchObject({
        options: { apiUrl, apiKey: 'k', timeoutMs: 1234, allowPrivateAddresses: true },
      });
    }
  });

  it.each([
    'ftp://provider.example/api',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'provider.example',
    '',
  ])('gives %j a client whose every call fails retryably, naming no URL or key', async (apiUrl) => {
    const registry = new ProviderRegistry({
      timeoutMs: 1000,
      simulatedApiUrl: () => 'http://unused',
      allowPrivateAddresses: false,
    });
    const api = registry.clientFor({ apiUrl, apiKey: 'secret-key' });
    expect(api).not.toBeInstanceOf(SmmApiClient);
    const calls = [
      api.add({ service: '1', link: 'https://a.com', quantity: 1 }),
      api.statuses(['1']),
      api.cancel(['1']),
      api.balance(),
    ];
    for (const call of calls) {
      const error = await rejection(call);
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/: the provider URL is not an http\(s\) URL$/);
      expect(error.message).not.toContain('secret-key');
    }
  });
});
