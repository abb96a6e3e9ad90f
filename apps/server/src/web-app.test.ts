import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'smm-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SMM</title><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } });

describe('serving the web app', () => {
  it('serves index.html at the root and for client routes on reload', async () => {
    for (const url of ['/', '/order', '/register', '/api', '/auth/naver?code=abc', '/terms/privacy']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves built assets as files', async () => {
    const response = await get('/app.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('keeps API misses as JSON 404s, even for paths that look like client routes', async () => {
    const response = await get('/service/unknown', 'application/json');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/order', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('still answers API routes that share a prefix with client routes', async () => {
    const response = await get('/auth/profile', 'application/json');
    expect(response.statusCode).toBe(401);
  });
});
