import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOG } from '../errors/app-error';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { registerLoadShedding } from './load-shedding';

// A heap limit of one byte: from the first sample on (every ~10 ms) the process is "under pressure".
const t = useTestApp({
  loadShedding: {
    maxEventLoopDelayMs: 0,
    maxEventLoopUtilization: 0,
    maxHeapUsedBytes: 1,
    retryAfterSeconds: 7,
  },
});

describe(`load shedding on ${testDatabaseKind}`, () => {
  it('answers 503 with Retry-After and the Korean message past a limit; /healthz and /readyz still answer', async () => {
    await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(true), { timeout: 5000, interval: 10 });

    for (const url of ['/service/settings', '/service/services', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('7');
      expect(response.json()).toEqual({
        message: ERROR_CATALOG.SERVICE_UNAVAILABLE.message,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // /metrics is exempt too: it reaches its handler (404 here, no METRICS_TOKEN), not the 503.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('load shedding switched off', () => {
  it('registers nothing when every limit is 0', async () => {
    const app = Fastify();
    await registerLoadShedding(app, {
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      retryAfterSeconds: 10,
    });
    app.get('/x', async () => ({ ok: true }));
    expect(app.hasDecorator('isUnderPressure')).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(200);
    await app.close();
  });
});
