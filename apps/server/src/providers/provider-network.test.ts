import { CATALOG_MESSAGES as M } from '@smm/domain';
import type { ProviderMutationResponse } from '@smm/domain/contract';
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { fetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { operatorClient } from '../admin/catalog/catalog-test-helpers';
import { providers } from '../db/schema';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { ProviderError } from './provider-api';
import {
  ForbiddenAddressError,
  isPrivateLiteralUrl,
  isPublicAddress,
  providerDispatcher,
} from './provider-network';
import { ProviderRegistry } from './provider-registry';
import { SIMULATED_BALANCE, SIMULATED_PROVIDER_KEY } from './simulated-provider';
import { SIMULATED_PROVIDER_URL } from './simulated-provider-url';
import { SmmApiClient } from './smm-api-client';

/**
 * Provider URLs may not reach loopback, private or link-local addresses unless
 * PROVIDER_ALLOW_PRIVATE_ADDRESSES (docs/ARCHITECTURE.md, "Providers are untrusted"). Two upstreams
 * listen on loopback (127.0.0.1 and ::1) and count every connection they get: a refused URL must not
 * have reached them, and must read the same whatever port it names.
 */
const KEY = 'sk-live-5f1e2d3c4b5a69788796a5b4';
const REFUSED = 'balance: the provider URL points to a private or local address';

let v4: Server;
let v6: Server;
let port4: number;
let port6: number;
let connections: number;
let requests: number;

async function listen(host: string): Promise<Server> {
  const server = createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ balance: '12.5', currency: 'USD' })),
    );
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeAll(async () => {
  v4 = await listen('127.0.0.1');
  v6 = await listen('::1');
  port4 = (v4.address() as AddressInfo).port;
  port6 = (v6.address() as AddressInfo).port;
});
afterAll(async () => {
  await close(v4);
  await close(v6);
});
beforeEach(() => {
  connections = 0;
  requests = 0;
});

const client = (apiUrl: string, allowPrivateAddresses: boolean) =>
  new SmmApiClient({ apiUrl, apiKey: KEY, timeoutMs: 1500, allowPrivateAddresses });

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).message).not.toContain(KEY);
  return error as ProviderError;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '192.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%lo',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
    '100::1',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('SmmApiClient with private addresses refused', () => {
  const loopbackUrls = () => [
    `http://127.0.0.1:${port4}/api/v2`,
    `http://127.1:${port4}/api/v2`,
    `http://2130706433:${port4}/api/v2`,
    `http://0x7f.0.0.1:${port4}/api/v2`,
    `http://0177.0.0.1:${port4}/api/v2`,
    `http://0.0.0.0:${port4}/api/v2`,
    `http://[::ffff:127.0.0.1]:${port4}/api/v2`,
    `http://[::1]:${port6}/api/v2`,
    `http://[::]:${port6}/api/v2`,
    `https://127.0.0.1:${port4}/api/v2`,
  ];

  it('refuses loopback in every spelling before connecting: the upstream never hears of it', async () => {
    for (const apiUrl of loopbackUrls()) {
      const error = await rejection(client(apiUrl, false).balance());
      expect(error, apiUrl).toMatchObject({ message: REFUSED, retryable: true, mayHaveBeenProcessed: false });
    }
    expect(connections).toBe(0);
    expect(requests).toBe(0);
  });

  it('refuses every loopback spelling in the connection itself, not only in the client', async () => {
    for (const apiUrl of loopbackUrls()) {
      const error = await fetch(apiUrl, { method: 'POST', dispatcher: providerDispatcher(false) }).then(
        () => null,
        (e: unknown) => e,
      );
      expect((error as Error | null)?.cause, apiUrl).toBeInstanceOf(ForbiddenAddressError);
    }
    expect(connections).toBe(0);
  });

  it('checks the address DNS answered, the one the socket then uses', async () => {
    const answers: Record<string, dns.LookupAddress[]> = {
      'provider.example': [{ address: '127.0.0.1', family: 4 }],
      'rebound.example': [
        { address: '10.0.0.7', family: 4 },
        { address: '::1', family: 6 },
        { address: '169.254.169.254', family: 4 },
      ],
    };
    const real = dns.lookup;
    const spy = vi.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: dns.LookupAllOptions,
      callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      const answer = answers[hostname];
      if (answer) process.nextTick(() => callback(null, answer));
      else real(hostname, options, callback as never);
    }) as unknown as typeof dns.lookup);
    try {
      for (const host of Object.keys(answers)) {
        const port = host === 'provider.example' ? port4 : port6;
        const error = await rejection(client(`http://${host}:${port}/api/v2`, false).balance());
        expect(error, host).toMatchObject({ message: REFUSED, mayHaveBeenProcessed: false });
      }
      expect(spy.mock.calls.map((call) => call[0])).toEqual(['provider.example', 'rebound.example']);
    } finally {
      spy.mockRestore();
    }
    expect(connections).toBe(0);
  });

  it('refuses a host name that resolves to loopback, on the address DNS gave (localhost)', async () => {
    expect((await rejection(client(`http://localhost:${port4}/api/v2`, false).balance())).message).toBe(
      REFUSED,
    );
    expect(connections).toBe(0);
  });

  it('refuses link-local (cloud metadata), private, shared and unique-local addresses at once', async () => {
    const started = performance.now();
    for (const apiUrl of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/api/v2',
      'http://172.16.0.1:8080/api/v2',
      'http://192.168.0.1/api/v2',
      'http://100.64.0.1/api/v2',
      'http://[fc00::1]/api/v2',
      'http://[fe80::1]/api/v2',
      'http://[::ffff:a9fe:a9fe]/api/v2',
    ]) {
      expect((await rejection(client(apiUrl, false).balance())).message, apiUrl).toBe(REFUSED);
    }
    // No connection was tried: not one of them waited for a timeout.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('tells nothing of which ports are open: a listening port and a closed one fail alike', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const answers = [];
    for (const port of [port4, closedPort, 22, 5432, 9]) {
      const error = await rejection(client(`http://127.0.0.1:${port}/api/v2`, false).balance());
      answers.push({ message: error.message, retryable: error.retryable, sent: error.mayHaveBeenProcessed });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(connections).toBe(0);
  });

  it('reaches loopback when private addresses are allowed', async () => {
    for (const apiUrl of [
      `http://127.0.0.1:${port4}/api/v2`,
      `http://localhost:${port4}/api/v2`,
      `http://[::1]:${port6}/api/v2`,
    ]) {
      expect(await client(apiUrl, true).balance(), apiUrl).toEqual({ balance: '12.5', currency: 'USD' });
    }
    expect(requests).toBe(3);
  });
});

describe('isPrivateLiteralUrl (the console check when a URL is saved)', () => {
  it.each([
    'http://127.0.0.1/api',
    'http://2130706433/api',
    'http://0x7f.0.0.1/api',
    'http://localhost:8080/api',
    'http://api.localhost/api',
    'http://169.254.169.254/',
    'http://10.1.2.3/',
    'http://[::1]/',
    'http://[fe80::1]/',
  ])('flags %s', (url) => {
    expect(isPrivateLiteralUrl(url)).toBe(true);
  });

  it.each(['https://panel.example/api/v2', 'http://8.8.8.8/api', 'builtin:simulated', 'not a url'])(
    'leaves %s to the connection',
    (url) => {
      expect(isPrivateLiteralUrl(url)).toBe(false);
    },
  );
});

describe(`an app with PROVIDER_ALLOW_PRIVATE_ADDRESSES off on ${testDatabaseKind}`, () => {
  const t = useTestApp({ allowPrivateProviderAddresses: false });

  it('still reaches its built-in simulated provider (on loopback, but only builtin:simulated leads there)', async () => {
    const api = t.app.services.providers.clientFor({
      apiUrl: SIMULATED_PROVIDER_URL,
      apiKey: SIMULATED_PROVIDER_KEY,
    });
    expect(await api.balance()).toEqual(SIMULATED_BALANCE);
    const placed = await api.add({ service: '1', link: 'https://instagram.com/p/abc', quantity: 100 });
    expect(placed.providerOrderId).toMatch(/^\d+$/);
  });

  it("refuses the simulator's own loopback URL typed as a provider URL", async () => {
    const typed = t.app.services.providers.clientFor({
      apiUrl: t.app.services.simulatedProvider.apiUrl,
      apiKey: SIMULATED_PROVIDER_KEY,
    });
    expect((await rejection(typed.balance())).message).toBe(REFUSED);
  });

  it('refuses a private literal when the console saves it, with a Korean 400', async () => {
    const { call } = await operatorClient(t.app);
    for (const apiUrl of [
      `http://127.0.0.1:${port4}/api/v2`,
      `http://2130706433:${port4}/api/v2`,
      'http://localhost/api/v2',
      'http://169.254.169.254/latest',
      'http://192.168.0.10/api/v2',
    ]) {
      const response = await call('POST', '/admin/api/providers', {
        name: '내부 공급사',
        apiUrl,
        apiKey: KEY,
      });
      expect(response.statusCode, apiUrl).toBe(400);
      expect(response.json()).toEqual({ message: M.PROVIDER_URL_PRIVATE, code: 'CATALOG_INVALID' });
    }
    const simulated = await call('POST', '/admin/api/providers', {
      name: '시뮬레이터 2',
      apiUrl: SIMULATED_PROVIDER_URL,
      apiKey: 'demo-key',
    });
    expect(simulated.statusCode).toBe(200);
    const { provider } = simulated.json() as ProviderMutationResponse;
    const moved = await call('PUT', `/admin/api/providers/${provider.id}`, {
      name: '시뮬레이터 2',
      apiUrl: 'http://0x7f.1/api/v2',
      apiKey: 'demo-key',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: M.PROVIDER_URL_PRIVATE });
  });

  it('refuses at connect time what got past the console (a name resolving to loopback, an old row)', async () => {
    const { call } = await operatorClient(t.app);
    // Rows written before the rule, or by hand: the console check never saw them.
    const rows = await t.app.database.db
      .insert(providers)
      .values([
        { name: '이름 공급사', apiUrl: `http://localhost:${port4}/api/v2`, apiKey: KEY },
        { name: '옛 공급사', apiUrl: `http://127.0.0.1:${port4}/api/v2`, apiKey: KEY },
      ])
      .returning();
    for (const row of rows) {
      const response = await call('POST', `/admin/api/providers/${row.id}/balance-check`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: M.PROVIDER_FAILED(REFUSED), code: 'PROVIDER_UNAVAILABLE' });
      expect(response.body).not.toContain(KEY);
    }
    expect(connections).toBe(0);
    const [stored] = await t.app.database.db.select().from(providers).where(eq(providers.id, rows[0]!.id));
    expect(stored!.apiKey).toBe(KEY);
  });

  it('hands the setting to the registry (on: loopback reachable)', async () => {
    const registry = new ProviderRegistry({
      timeoutMs: 1500,
      simulatedApiUrl: () => '',
      allowPrivateAddresses: true,
    });
    expect(registry.privateAddressesAllowed).toBe(true);
    expect(t.app.services.providers.privateAddressesAllowed).toBe(false);
    const api = registry.clientFor({ apiUrl: `http://127.0.0.1:${port4}/api/v2`, apiKey: KEY });
    expect(await api.balance()).toEqual({ balance: '12.5', currency: 'USD' });
  });
});

/**
 * docs/ARCHITECTURE.md#providers-are-untrusted: work per answer is bounded. A provider on loopback answers
 * 4.8 MB of JSON nested as deep as it goes (under the 5 MiB cap) to 12 calls at once; while they run the
 * server's /healthz keeps answering within 100 ms and the process's memory grows by less than 100 MB.
 */
describe('a deeply nested answer, 12 at once', () => {
  const server = useTestApp();
  const DEEP_BYTES = 4_800_000;
  const deep = Buffer.concat([Buffer.alloc(DEEP_BYTES / 2, '['), Buffer.alloc(DEEP_BYTES / 2, ']')]);
  let upstream: Server;
  let deepUrl: string;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(deep));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    deepUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(() => close(upstream));

  it('leaves /healthz answering within 100 ms and memory within +100 MB', async () => {
    const api = new SmmApiClient({
      apiUrl: deepUrl,
      apiKey: KEY,
      timeoutMs: 10_000,
      allowPrivateAddresses: true,
    });
    const add = () => api.add({ service: '1', link: 'https://a.com/deep', quantity: 10 });
    // Warm up the paths once, so the measure is of the load, not of first-use allocations.
    await rejection(add());
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const probes: number[] = [];
    let loaded = true;
    const probing = (async () => {
      while (loaded || probes.length < 5) {
        const started = performance.now();
        const health = await server.app.inject({ method: 'GET', url: '/healthz' });
        probes.push(performance.now() - started);
        expect(health.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    let errors: ProviderError[];
    try {
      errors = await Promise.all(Array.from({ length: 12 }, () => rejection(add())));
    } finally {
      loaded = false;
      await probing;
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(probes.length).toBeGreaterThanOrEqual(5);
    expect(
      Math.max(...probes),
      `healthz probes: ${probes.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    ).toBeLessThan(100);
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
    for (const error of errors) {
      expect(error).toMatchObject({ outcome: 'unknown' });
      expect(error.message).toMatch(/nested deeper/);
    }
  });
});
