import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { storeTokenInPage } from './session';

/** The e2e server's operator (playwright.config.ts: ADMIN_ID / ADMIN_PASSWORD). */
export const OPERATOR = { id: 'operator', password: 'operator-pass-1' } as const;

export async function operatorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/auth/login', { data: OPERATOR });
  expect(login.ok(), 'operator login').toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** Signs the page in as the operator (token stored before the app starts), as a returning operator. */
export async function signInOperator(page: Page, request: APIRequestContext): Promise<string> {
  const token = await operatorToken(request);
  await storeTokenInPage(page, token);
  return token;
}

/** A console screen has rendered its data: its heading, no loading line, the network quiet. */
export async function consoleSettled(page: Page, heading: string | RegExp) {
  // A console screen's data can take a while on a busy machine (the dashboard shows only 불러오는 중… until
  // its figures, provider balances among them, arrive): settled, not fast, is what is asserted.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('불러오는 중…')).toHaveCount(0, { timeout: 20_000 });
}
