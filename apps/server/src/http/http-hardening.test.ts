import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Hardening, HTTP side: what the log says, and the headers and shape of every answer. */
let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'smm-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SMM</title><div id="root"></div>');
  t = await createTestApp({ webDist });
  t.app.get('/probe/param/:id', () => ({ ok: true }));
  // A query that fails inside the database, run with values that must never reach the log.
  t.app.get('/probe/db-error', async () => {
    await t.app.database.db.execute(
      sql`select 1 / 0 where ${'$argon2id$v=19$m=19456,t=2,p=1$SECRET-HASH'} <> ${'member-secret@example.com'}`,
    );
  });
});
beforeEach(async () => {
  await t.reset();
});
afterAll(async () => {
  await t.close();
});

const logLines = () =>
  t
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A page's headers (the whole helmet set), or a JSON answer's (http/security-headers jsonAnswerHeadersOf). */
function expectSecurityHeaders(headers: Record<string, unknown>, openerPolicy = 'same-origin-allow-popups') {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toBeDefined();
  if (String(headers['content-type']).startsWith('application/json')) {
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
  } else {
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['cross-origin-opener-policy']).toBe(openerPolicy);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  }
}

describe('the log', () => {
  it('never prints the parameters of a failed query, yet says what failed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/probe/db-error' });
    expect(response.statusCode).toBe(500);
    const log = t.logs();
    expect(log).not.toContain('SECRET-HASH');
    expect(log).not.toContain('member-secret@example.com');
    const entry = logLines().find((line) => line.msg === 'unhandled error') as {
      err: { message: string; cause?: { message: string } };
      reqId: string;
    };
    expect(entry.reqId).toBe(response.headers['x-request-id']);
    expect(entry.err.message).toMatch(/^Failed query: select 1 \/ 0 where \$1 <> \$2$/);
    expect(entry.err.cause?.message).toContain('division by zero');
  });

  it('logs request paths without their query strings', async () => {
    const urls = [
      '/reset-password?token=reset-token-SECRET',
      '/auth/naver?code=oauth-code-SECRET&state=xyz',
      '/service/settings?key=api-SECRET',
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const log = t.logs();
    expect(log).not.toContain('SECRET');
    const logged = logLines()
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(logged).toEqual(['/reset-password?…', '/auth/naver?…', '/service/settings?…']);
  });
});

describe('answers', () => {
  it('marks every /auth/ answer no-store: API calls, errors and the OAuth return page', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: '/auth/login', payload: { id: 'nobody1', password: 'x' } }),
      await t.app.inject({ method: 'POST', url: '/auth/login', payload: { id: '', password: 'x' } }),
      await t.app.inject({ method: 'POST', url: '/auth/register', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/auth/profile' }),
      await t.app.inject({ method: 'GET', url: '/auth/naver?code=abc', headers: { accept: 'text/html' } }),
    ];
    for (const response of answers) expect(response.headers['cache-control'], response.body).toBe('no-store');
  });

  it('sends the opener policy the Naver popup needs, with the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/settings' });
    expectSecurityHeaders(response.headers);
    // The popup's return page, coming back from naver.com, must keep its opener: no opener policy there.
    const callback = await t.app.inject({
      method: 'GET',
      url: '/auth/naver?code=abc&state=xyz',
      headers: { accept: 'text/html' },
    });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // Kakao's SDK may load; no other third-party script.
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'self' https:\/\/developers\.kakao\.com https:\/\/t1\.kakaocdn\.net;/,
    );
  });

  it('answers a URL Fastify cannot decode in the app shape, with the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: '입력 양식을 맞춰주세요.', code: 'BAD_REQUEST' });
    expect(response.body).not.toContain('%E0');
    expectSecurityHeaders(response.headers);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a path parameter over the length limit with 414 in the app shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/probe/param/${'x'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: '입력 양식을 맞춰주세요.', code: 'BAD_REQUEST' });
    expectSecurityHeaders(response.headers);
  });

  it('answers HEAD on page routes like GET, without a body', async () => {
    for (const url of ['/', '/order', '/auth/naver']) {
      const get = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
      expectSecurityHeaders(head.headers, url === '/auth/naver' ? 'unsafe-none' : undefined);
    }
    // API misses stay JSON 404s.
    const miss = await t.app.inject({
      method: 'HEAD',
      url: '/service/unknown',
      headers: { accept: 'application/json' },
    });
    expect(miss.statusCode).toBe(404);
  });
});

/** Answers Node writes before Fastify sees a request: only a real socket reaches them. */
describe('answers to requests Node cannot parse', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address === 'object' && address) port = address.port;
  });

  function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        const [statusLine = '', ...headerLines] = head.split('\r\n');
        const headers = Object.fromEntries(
          headerLines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
      socket.write(request);
    });
  }

  it('431 for headers over the limit, in the app shape with the security headers', async () => {
    const response = await raw(
      `GET /service/settings HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({ message: '입력 양식을 맞춰주세요.', code: 'BAD_REQUEST' });
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expectSecurityHeaders(response.headers);
  });

  it('400 for a request line that is not HTTP', async () => {
    const response = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).code).toBe('BAD_REQUEST');
    expectSecurityHeaders(response.headers);
  });
});
