import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { signInNewMember } from './helpers/session';
import { restoreSettings, setSettings } from './helpers/settings';
import { test } from './helpers/test';

/**
 * Every route of docs/product.md#routes, in both themes, after its data has rendered: no serious or critical
 * axe violation (WCAG 2 A and AA, which includes color contrast). Signed-out screens as a visitor, the rest
 * as a member, with the flags on that reveal every optional block (referral, codes, FAQ).
 */
const VISITOR_ROUTES = [
  '/',
  '/login',
  '/register',
  '/find-id',
  '/find-password',
  '/terms/service',
  '/terms/privacy',
];
const MEMBER_ROUTES = [
  '/order',
  '/mass-order',
  '/point',
  '/order-history',
  '/auto-order-history',
  '/account',
  '/api',
  '/guide',
  '/inquiries',
  '/qna',
];

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page has rendered its data: a level-1 heading, no skeleton or spinner left. */
async function settled(page: Page) {
  await expect(page.getByRole('main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[A11Y][EVERY ROUTE] ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test.afterEach(({ request }) => restoreSettings(request));

    test('visitor routes', async ({ page, request }) => {
      test.setTimeout(180_000);
      await setSettings(request, {
        ENABLE_QNA: 'true',
        ENABLE_REFERRAL: 'true',
        ENABLE_EMAIL_VERIFY: 'true',
      });
      for (const path of VISITOR_ROUTES) {
        await page.goto(path);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe(colorScheme);
        await test.step(path, () => expectNoSeriousViolations(page));
      }
    });

    test('member routes', async ({ page, request }) => {
      // Eight routes, each settled and scanned: well over the default 30 s on a busy 2-core machine.
      test.setTimeout(180_000);
      // Registered first: with e-mail verification on, a sign-up over the API would need a code.
      await signInNewMember(page, request);
      await setSettings(request, { ENABLE_QNA: 'true', ENABLE_REFERRAL: 'true' });
      for (const path of MEMBER_ROUTES) {
        await page.goto(path);
        await settled(page);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await test.step(path, () => expectNoSeriousViolations(page));
      }
    });
  });
}
