import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Security, security headers: the HTML pages (the SPA's index.html at / and on client routes,
 * built assets) carry a CSP that forbids framing and foreign scripts, nosniff, a referrer policy, and
 * no X-Powered-By; every JSON answer — success, errors of each status, Fastify's own refusals — a
 * policy that allows nothing and no framing, nosniff, the same referrer policy, and none of the
 * headers only a page acts on (fewer bytes per answer). A web build is made in a temporary folder, so the test does not
 * depend on apps/web/dist existing.
 */
let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'smm-web-security-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SMM</title><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
  // An unexpected error, to see the headers on a 500.
  t.app.get('/__security_probe_500', () => {
    throw new Error('probe');
  });
});
afterAll(async () => {
  await t.close();
});

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const csp = response.headers['content-security-policy'];
  expect(typeof csp, `${label}: CSP`).toBe('string');
  const policy = directives(String(csp));
  const json = String(response.headers['content-type']).startsWith('application/json');
  if (json) {
    // A JSON answer is never a page: a policy that allows nothing, no framing at all, and none of the
    // headers only a page acts on (fewer bytes on every answer).
    expect(policy.get('default-src'), label).toBe("'none'");
    expect(policy.get('frame-ancestors'), label).toBe("'none'");
    expect(response.headers['x-frame-options'], label).toBe('DENY');
    for (const pageOnly of ['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(response.headers[pageOnly], `${label}: ${pageOnly}`).toBeUndefined();
    }
  } else {
    expect(policy.get('default-src'), label).toBe("'self'");
    expect(policy.get('frame-ancestors'), label).toBe("'self'");
    expect(policy.get('object-src'), label).toBe("'none'");
    expect(policy.get('base-uri'), label).toBe("'self'");
    // No inline or eval'd script: an injected <script> would not run even if it were ever rendered.
    expect(policy.get('script-src'), label).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(response.headers['x-frame-options'], label).toBe('SAMEORIGIN');
  }
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe('no-referrer');
  expect(response.headers['strict-transport-security'], label).toMatch(/^max-age=/);
  expect(response.headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(response.headers['x-powered-by'], label).toBeUndefined();
  expect(response.headers['server'], label).toBeUndefined();
}

const html = { accept: 'text/html,application/xhtml+xml' };

describe('security headers', () => {
  it('on the HTML pages: / and client routes on reload, and on built assets', async () => {
    for (const url of ['/', '/order', '/auth/login', '/admin']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(response, `GET ${url}`);
      // A page keeps the page-only headers.
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(response.headers['x-dns-prefetch-control'], url).toBe('off');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, 'asset');
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: html });
    expectSecurityHeaders(head, 'HEAD /');
  });

  it('on JSON answers and on errors of every kind: 400, 401, 403, 404, 413, 429, 500', async () => {
    const cases: [string, Promise<LightMyRequestResponse>, number][] = [
      ['settings', t.app.inject({ method: 'GET', url: '/service/settings' }), 200],
      [
        'bad JSON',
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"id":',
        }),
        400,
      ],
      ['no token', t.app.inject({ method: 'GET', url: '/auth/profile' }), 401],
      ['API 404', t.app.inject({ method: 'GET', url: '/service/nothing-here' }), 404],
      ['JSON 404', t.app.inject({ method: 'GET', url: '/nothing-here' }), 404],
      [
        'too large',
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ id: 'x', password: 'y'.repeat(70_000) }),
        }),
        413,
      ],
      ['undecodable URL', t.app.inject({ method: 'GET', url: '/service/%E0%A4%A' }), 400],
      ['500', t.app.inject({ method: 'GET', url: '/__security_probe_500' }), 500],
    ];
    for (const [label, pending, status] of cases) {
      const response = await pending;
      expect(response.statusCode, label).toBe(status);
      expect(response.headers['content-type'], label).toMatch(/^application\/json/);
      expectSecurityHeaders(response, label);
    }
    // 403: a member on an operator route; 429: the per-address login limit (20 in the test config).
    const member = await createMember(t.app);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/admin/api/settings',
      headers: bearer(await tokenFor(t.app, member)),
    });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden, '403');
    let limited: LightMyRequestResponse | undefined;
    for (let i = 0; i < 30 && !limited; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { id: `nobody${i}`, password: 'x' },
        remoteAddress: '10.40.0.1',
      });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.statusCode).toBe(429);
    expectSecurityHeaders(limited!, '429');
  });

  it('on the SMM API v2 answers (its own error handler) too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      payload: { key: 'nope', action: 'balance' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: 'Invalid API key' });
    expectSecurityHeaders(response, 'v2');
  });
});
