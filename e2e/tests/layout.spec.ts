import AxeBuilder from '@axe-core/playwright';
import { GUEST_LABEL } from '@smm/domain';
import { expect, test } from '@playwright/test';

test.describe('[LAYOUT][PHONE] 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the hamburger overlay holds the menu and closes on navigation and on the backdrop', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '둘러보기' }).first().click();
    await expect(page).toHaveURL(/\/order$/);

    // Below 1280 px the desktop links give way to the hamburger.
    await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeHidden();
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    const menu = page.getByRole('dialog', { name: '전체 메뉴' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText(GUEST_LABEL)).toBeVisible();

    await menu.getByRole('link', { name: '포인트 충전' }).click();
    await expect(page).toHaveURL(/\/point$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await expect(menu).toBeVisible();
    // A click on the dimmed area beside the panel closes it.
    await page.mouse.click(10, 420);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/point$/);
  });

  test('the theme toggle switches to dark and is remembered', async ({ page }) => {
    await page.goto('/login');
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page
      .getByRole('button', { name: /모드로 전환/ })
      .first()
      .click();
    const after = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(after).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('DARK_MODE'))).toBe(String(after === 'dark'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
  });
});

test.describe('[LAYOUT][DESKTOP] 1440 px', () => {
  test('the top bar is 60 px high and uses the main colour from the settings', async ({ page }) => {
    await page.goto('/login');
    const banner = page.getByRole('banner');
    await expect(banner).toBeVisible();
    expect((await banner.boundingBox())?.height).toBe(60);
    const main = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--main'),
    );
    expect(main.trim()).toBe('#4f46e5'); // SITE_MAIN_COLOR of the demo data
    const hover = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--main-hover'),
    );
    expect(hover.trim()).toBe('#3f38b7'); // 20 % darker
  });

  test('the footer shows the company details and opens the terms in a new tab', async ({ page, context }) => {
    await page.goto('/login');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('(주)소셜부스트').first()).toBeVisible();
    await expect(footer.getByText('123-45-67890')).toBeVisible();
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      footer.getByRole('link', { name: '이용약관' }).click(),
    ]);
    await expect(terms).toHaveURL(/\/terms\/service$/);
    await expect(terms.getByRole('heading', { level: 1 })).toContainText('이용약관');
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[A11Y] no serious accessibility violations, ${colorScheme} theme`, () => {
    // With nothing stored the theme follows the system preference.
    test.use({ colorScheme });
    for (const path of ['/', '/login', '/register', '/order', '/terms/privacy']) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  });
}
