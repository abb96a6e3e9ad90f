import { STORAGE_KEYS } from '@smm/domain';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Seeding through the API, not the UI: a spec that only needs a signed-in member registers and logs in
 * over HTTP against the running server and hands the token to the page. Only auth-flow.spec.ts drives
 * the real sign-up and login screens.
 */

export interface SeededMember {
  id: string;
  password: string;
  accessToken: string;
}

let sequence = 0;

/**
 * A fresh id the server's rules accept: ASCII letters and digits, 4–30 characters. `length` pads it out
 * (up to the 30-character maximum) for layout checks with long ids.
 */
export function uniqueMemberId(prefix = 'e2e', length?: number): string {
  sequence += 1;
  const id = `${prefix}${Date.now().toString(36)}${sequence.toString(36)}`;
  return (length ? id.padEnd(length, 'abcdefghijklmnopqrstuvwxyz') : id).slice(0, length ?? 30);
}

export const E2E_PASSWORD = 'e2e-pass-1234';

/** POST /auth/register with the first sign-up route the server offers. */
export async function registerMember(
  request: APIRequestContext,
  { id = uniqueMemberId(), password = E2E_PASSWORD }: { id?: string; password?: string } = {},
): Promise<{ id: string; password: string }> {
  const routes = await request.get('/service/register-where');
  expect(routes.ok(), 'GET /service/register-where').toBe(true);
  const [firstRoute] = (await routes.json()) as { text: string }[];
  const response = await request.post('/auth/register', {
    data: {
      id,
      password,
      email: `${id}@example.com`,
      registerWhere: firstRoute?.text ?? '',
      phoneNumber: '',
      sendCode: '',
      referral: '',
      emailCode: '',
    },
  });
  expect(response.status(), `POST /auth/register ${await response.text()}`).toBe(201);
  return { id, password };
}

/** POST /auth/login; returns the access token. */
export async function loginMember(request: APIRequestContext, id: string, password: string): Promise<string> {
  const response = await request.post('/auth/login', { data: { id, password } });
  expect(response.status(), `POST /auth/login ${await response.text()}`).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return accessToken;
}

/**
 * Puts the token into localStorage before the app's first script runs, as a stored login would be.
 * Once per tab (marked in sessionStorage): a later logout in the same test stays logged out on reload.
 */
export async function storeTokenInPage(page: Page, accessToken: string): Promise<void> {
  await page.addInitScript(
    ({ key, token }) => {
      if (sessionStorage.getItem('e2e-token-seeded')) return;
      sessionStorage.setItem('e2e-token-seeded', '1');
      localStorage.setItem(key, token);
    },
    { key: STORAGE_KEYS.JWT, token: accessToken },
  );
}

/** Registers and logs in a member over the API, and signs the page in as that member. */
export async function signInNewMember(
  page: Page,
  request: APIRequestContext,
  options: { id?: string; password?: string } = {},
): Promise<SeededMember> {
  const { id, password } = await registerMember(request, options);
  const accessToken = await loginMember(request, id, password);
  await storeTokenInPage(page, accessToken);
  return { id, password, accessToken };
}

/**
 * Shows `point` as the member's balance. There is no way to credit points over the API yet (charges come
 * with a later issue), so the real profile answer is fetched and only its balance rewritten: for layout
 * checks that need a long balance such as ₩1,234,567 (and `extra` profile fields, e.g. an unread count).
 */
export async function showBalance(
  page: Page,
  point: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await page.route('**/auth/profile', async (route) => {
    const response = await route.fetch();
    const profile = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...profile, ...extra, point } });
  });
}
