import { seoulDateKey, STORAGE_KEYS, type PopupDismissal } from '@smm/domain';
import { test as base, type APIRequestContext, type BrowserContext } from '@playwright/test';

/**
 * The demo data seeds an enabled popup, which covers every page on load (docs/product.md#popups). Specs about
 * something else import `test` from here: each browser context starts with every served popup dismissed
 * for today ('popup-hidden'), exactly as a member who pressed 오늘 하루 보지 않기 would have it.
 * content.spec.ts, which tests the popups themselves, uses the plain Playwright `test`.
 */
export async function hidePopupsForToday(context: BrowserContext, request: APIRequestContext): Promise<void> {
  const response = await request.get('/service/popup');
  if (!response.ok()) throw new Error(`GET /service/popup answered ${response.status()}`);
  const today = seoulDateKey(new Date());
  const hidden: PopupDismissal[] = ((await response.json()) as { id: number }[]).map(({ id }) => ({
    popupId: id,
    date: today,
  }));
  await context.addInitScript(
    ({ key, value }) => {
      localStorage.setItem(key, value);
    },
    { key: STORAGE_KEYS.POPUP_HIDDEN, value: JSON.stringify(hidden) },
  );
}

export const test = base.extend({
  context: async ({ context, request }, use) => {
    await hidePopupsForToday(context, request);
    await use(context);
  },
});

export { expect } from '@playwright/test';
