import { expect, test } from './helpers/test';

/**
 * Keyboard users: the first Tab stop skips the top bar to the page's content, and a text
 * field or select being typed in shows the same solid ring as buttons, in both themes and widths.
 */
for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`[A11Y][FOCUS] ${theme} ${viewport.width} px`, () => {
      test.use({ viewport, colorScheme: theme });

      test('the skip link comes first and lands on the content; fields show a visible ring', async ({
        page,
      }) => {
        await page.goto('/');
        await page.getByRole('button', { name: '둘러보기' }).first().click();
        await expect(page).toHaveURL(/\/order$/);
        // The data has rendered: the catalog's platforms are offered.
        await expect(page.getByRole('option', { name: '인스타그램' }).first()).toBeAttached();
        for (const close of await page.getByRole('button', { name: '닫기', exact: true }).all()) {
          await close.click();
        }

        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: '본문으로 건너뛰기' });
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.locator('main')).toBeFocused();

        const link = page.getByLabel('주문 링크');
        await link.focus();
        const ring = await link.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: style.outlineWidth };
        });
        expect(ring).toEqual({ style: 'solid', width: '2px' });
        const select = page.locator('#order-form').getByLabel('플랫폼');
        await select.focus();
        expect(await select.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
        await page.screenshot({ path: `test-results/focus-${theme}-${viewport.width}.png` });
      });
    });
  }
}

test.describe('[GUEST] the login prompt opens where the eye is, 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const { path, button } of [
    { path: '/order', button: '주문하기' },
    { path: '/point', button: '충전 신청하기' },
  ]) {
    test(`${path}: pressing ${button} as a guest shows the prompt inside the screen`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: '둘러보기' }).first().click();
      await expect(page).toHaveURL(/\/order$/);
      // Within the app: a reload would end the guest's browsing session.
      if (path !== '/order') {
        await page
          .getByRole('navigation', { name: '주요 메뉴' })
          .getByRole('link', { name: '포인트 충전' })
          .click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }
      for (const close of await page.getByRole('button', { name: '닫기', exact: true }).all()) {
        await close.click();
      }
      const submit = page.getByRole('button', { name: button, exact: true });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      const prompt = page.getByRole('alert').filter({ hasText: '로그인이 필요합니다' });
      await expect(prompt).toBeVisible();
      await expect(prompt).toBeInViewport({ ratio: 1 });
    });
  }
});
