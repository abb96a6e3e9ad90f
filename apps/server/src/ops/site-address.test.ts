import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, listenUrl, loadConfig } from '../config';
import { createMember } from '../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app';

/**
 * docs/ARCHITECTURE.md#the-first-start-and-the-log: one name for the site in every absolute link —
 * PUBLIC_URL when set, else the address the server listens on (localhost for a loopback or
 * every-interface HOST) — in the password-reset e-mail, Naver's callback and the OpenAPI document.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'smm-site-address-'));
const cases = {
  loopback: { HOST: '127.0.0.1', PORT: '4123' },
  everyInterface: { HOST: '0.0.0.0', PORT: '4124' },
  publicUrl: { HOST: '0.0.0.0', PORT: '4125', PUBLIC_URL: 'https://panel.example.kr/' },
};
const apps = new Map<string, TestApp>();
// Made before the tests (booting the database and migrating take the hook's time, not a test's).
beforeAll(async () => {
  for (const [name, env] of Object.entries(cases)) {
    apps.set(name, await createTestApp({ publicUrl: loadConfig({ DATA_DIR: dataDir, ...env }).publicUrl }));
  }
});
afterAll(async () => {
  for (const app of apps.values()) await app.close();
});

async function linksOf(name: keyof typeof cases) {
  const t = apps.get(name)!;
  // The apps share one in-memory database on PGlite: a member of this case's own.
  const memberId = `link${name.toLowerCase()}`;
  const { settings } = t.app.services;
  await settings.set('ENABLE_SNS_NAVER', 'true');
  await settings.set('SNS_NAVER_CLIENT_ID', 'naver-client-id');

  await createMember(t.app, { id: memberId });
  const asked = await t.app.inject({
    method: 'POST',
    url: '/service/find-password',
    payload: { email: `${memberId}@example.com` },
  });
  expect(asked.statusCode).toBe(200);
  await t.app.services.recovery.settled();
  const mail = t.app.services.outbox.last(`${memberId}@example.com`);
  const resetLink = /(\S+)\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[1];

  const naver = await t.app.inject({ method: 'GET', url: '/auth/naver/authorize?state=Ab-_12345678' });
  expect(naver.statusCode).toBe(302);
  const redirectUri = new URL(String(naver.headers.location)).searchParams.get('redirect_uri');

  const openApi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    servers: { url: string }[];
  };
  return { resetLink, redirectUri, server: openApi.servers[0]?.url, html: mail?.html ?? '' };
}

describe(`the site's one address on ${testDatabaseKind}`, () => {
  it.each(['loopback', 'everyInterface'] as const)(
    'is the listen address (%s), named localhost, in the reset e-mail, the Naver callback and the API document',
    async (name) => {
      const site = `http://localhost:${cases[name].PORT}`;
      const links = await linksOf(name);
      expect(links.resetLink).toBe(site);
      expect(links.html).toContain(`href="${site}/reset-password?token=`);
      expect(links.redirectUri).toBe(`${site}/auth/naver`);
      expect(links.server).toBe(site);
    },
  );

  it('is PUBLIC_URL when it is set, whatever the server listens on', async () => {
    const links = await linksOf('publicUrl');
    expect(links.resetLink).toBe('https://panel.example.kr');
    expect(links.redirectUri).toBe('https://panel.example.kr/auth/naver');
    expect(links.server).toBe('https://panel.example.kr');
  });
});

describe('listenUrl', () => {
  it('names loopback and every-interface addresses localhost, and any other address as it is', () => {
    expect(listenUrl('127.0.0.1', 3000)).toBe('http://localhost:3000');
    expect(listenUrl('localhost', 3000)).toBe('http://localhost:3000');
    expect(listenUrl('0.0.0.0', 3001)).toBe('http://localhost:3001');
    expect(listenUrl('::', 3002)).toBe('http://localhost:3002');
    expect(listenUrl('::1', 3003)).toBe('http://localhost:3003');
    expect(listenUrl('192.168.0.7', 3004)).toBe('http://192.168.0.7:3004');
    expect(listenUrl('fd00::7', 3005)).toBe('http://[fd00::7]:3005');
    expect(listenUrl('panel.internal', 3006)).toBe('http://panel.internal:3006');
  });

  it('is what publicUrl is without PUBLIC_URL; PUBLIC_URL must be an origin', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '10.1.2.3', PORT: '8080' }).publicUrl).toBe(
      'http://10.1.2.3:8080',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://panel.example.kr/shop' })).toThrow(
      ConfigError,
    );
  });
});
