import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Site settings switched the way an operator switches them (PUT /admin/api/settings/:key). The e2e
 * server starts with ADMIN_ID=operator (playwright.config.ts). Every spec shares one server, so a spec
 * that changes settings puts them back afterwards (restoreSettings in afterEach).
 */

const originals = new Map<string, string>();

async function operatorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/auth/login', { data: { id: 'operator', password: 'operator-pass-1' } });
  expect(login.ok(), 'operator login').toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function putSetting(request: APIRequestContext, token: string, key: string, value: string) {
  const response = await request.put(`/admin/api/settings/${key}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { value },
  });
  expect(response.ok(), `PUT /admin/api/settings/${key}: ${await response.text()}`).toBe(true);
}

/** Sets each key, remembering the value it had before the first change of this test. */
export async function setSettings(request: APIRequestContext, values: Record<string, string>): Promise<void> {
  const token = await operatorToken(request);
  const list = await request.get('/admin/api/settings', { headers: { authorization: `Bearer ${token}` } });
  expect(list.ok(), 'GET /admin/api/settings').toBe(true);
  const current = new Map(
    ((await list.json()) as { key: string; value: string }[]).map((s) => [s.key, s.value]),
  );
  for (const [key, value] of Object.entries(values)) {
    if (!originals.has(key)) originals.set(key, current.get(key) ?? '');
    await putSetting(request, token, key, value);
  }
}

/** Puts back every setting changed since the last restore. */
export async function restoreSettings(request: APIRequestContext): Promise<void> {
  if (originals.size === 0) return;
  const token = await operatorToken(request);
  for (const [key, value] of originals) await putSetting(request, token, key, value);
  originals.clear();
}

/** What the site tells browsers: proves a flag is really on (the server reads unbuilt features as off). */
export async function publicSetting(request: APIRequestContext, key: string): Promise<string | undefined> {
  const response = await request.get('/service/settings');
  const entries = (await response.json()) as { key: string; value: string }[];
  return entries.find((entry) => entry.key === key)?.value;
}
