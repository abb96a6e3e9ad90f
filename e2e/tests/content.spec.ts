import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@smm/domain';
import { expect, test, type Page } from '@playwright/test';
import { signInNewMember } from './helpers/session';
import { publicSetting, restoreSettings, setSettings } from './helpers/settings';
import { hidePopupsForToday } from './helpers/test';

/**
 * Popups (docs/product.md#popups) with the demo popup the server seeds, and the FAQ
 * (screen 12) with the demo questions. This spec uses the plain Playwright `test`: the popup must show.
 */

// 22:00 on 1 March in Seoul (13:00 UTC); Seoul's next day starts at 15:00 UTC.
const SEOUL_EVENING = new Date('2026-03-01T13:00:00Z');
const SEOUL_NEXT_MIDNIGHT = new Date('2026-03-01T15:00:00Z');

const popupDialog = (page: Page) => page.getByRole('dialog', { name: /공지 팝업/ });

/** Loads the page and waits until the popups have been fetched and had the chance to render. */
async function loadAndSettle(page: Page, action: () => Promise<unknown>) {
  const popups = page.waitForResponse((response) => response.url().endsWith('/service/popup'));
  await action();
  await popups;
  await expect(page.getByRole('heading', { name: '공지사항' })).toBeVisible();
}

/** Serious or critical WCAG 2 A/AA violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function storedDismissals(page: Page): Promise<unknown> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown,
    STORAGE_KEYS.POPUP_HIDDEN,
  );
}

test.describe('[CONTENT][POPUP]', () => {
  test('the demo popup shows on load with its image, as a modal dialog that holds the focus', async ({
    page,
  }) => {
    await page.goto('/order');
    const dialog = popupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const image = dialog.getByRole('img', { name: '공지 이미지' });
    await expect(image).toBeVisible();
    // The seeded image really loads (a broken URL would show the fallback text instead).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // 440 px wide at desktop widths, the image at most 600 px high (docs/product.md#display-constants).
    // Layout sizes (offsetWidth), not the bounding box: the opening animation scales the panel briefly.
    expect(await dialog.evaluate((el: HTMLElement) => el.offsetWidth)).toBe(440);
    expect(await image.evaluate((el: HTMLElement) => el.offsetHeight)).toBeLessThanOrEqual(600);

    // The dialog takes the focus; Tab cycles through its two buttons and never leaves it.
    await expect(dialog).toBeFocused();
    const close = dialog.getByRole('button', { name: '닫기' });
    const hideToday = dialog.getByRole('button', { name: '오늘 하루 보지 않기' });
    await page.keyboard.press('Tab');
    await expect(hideToday).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(hideToday).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('300 px wide below 880 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/order');
    const dialog = popupDialog(page);
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el: HTMLElement) => el.offsetWidth)).toBe(300);
  });

  test('오늘 하루 보지 않기 hides it on reload until the next Seoul day', async ({ page }) => {
    await page.clock.install({ time: SEOUL_EVENING });
    await page.goto('/order');
    const dialog = popupDialog(page);
    await dialog.getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    await expect(dialog).toBeHidden();
    expect(await storedDismissals(page)).toEqual([expect.objectContaining({ date: '20260301' })]);

    await loadAndSettle(page, () => page.reload());
    await expect(dialog).toHaveCount(0);

    // One minute before Seoul midnight it is still hidden; at midnight it is back.
    await page.clock.setSystemTime(new Date(SEOUL_NEXT_MIDNIGHT.getTime() - 60_000));
    await loadAndSettle(page, () => page.reload());
    await expect(dialog).toHaveCount(0);

    await page.clock.setSystemTime(SEOUL_NEXT_MIDNIGHT);
    await page.reload();
    await expect(dialog).toBeVisible();
  });

  test('닫기 hides it only until the next page load; a click outside closes it too', async ({ page }) => {
    await page.goto('/order');
    const dialog = popupDialog(page);
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect(dialog).toBeHidden();
    expect(await storedDismissals(page)).toBeNull();

    // Moving around the site does not bring it back…
    await page.getByRole('link', { name: '로그인' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toHaveCount(0);

    // …a new page load does.
    await page.reload();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();
  });
});

test.describe('[CONTENT][FAQ]', () => {
  test.beforeEach(async ({ context, request }) => {
    await hidePopupsForToday(context, request);
  });
  test.afterEach(async ({ request }) => {
    await restoreSettings(request);
  });

  test('opens one item at a time, closes the open one, and the search filters', async ({ page, request }) => {
    await setSettings(request, { ENABLE_QNA: 'true' });
    await signInNewMember(page, request);
    await page.goto('/order');
    await page
      .getByRole('navigation', { name: '주요 메뉴' })
      .getByRole('link', { name: '자주 묻는 질문' })
      .click();
    await expect(page).toHaveURL(/\/qna$/);
    await expect(page.getByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeVisible();

    const first = page.getByRole('button', { name: 'Q. 주문 후 언제부터 작업이 시작되나요?' });
    const second = page.getByRole('button', { name: 'Q. 충전은 얼마나 걸리나요?' });
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstAnswer = page.getByRole('region', { name: 'Q. 주문 후 언제부터 작업이 시작되나요?' });
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toContainText('A. 대부분의 서비스는');
    // The line break of the answer shows as a line break.
    expect(await firstAnswer.locator('p').evaluate((p) => getComputedStyle(p).whiteSpace)).toBe('pre-line');

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();
    await expect(page.getByRole('button', { name: /^Q\. /, expanded: true })).toHaveCount(1);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: /^Q\. / })).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: '질문 검색' });
    await search.fill('환불');
    await expect(page.getByRole('button', { name: /^Q\. / })).toHaveText(['Q. 환불은 어떻게 받나요?']);
    await search.fill('없는 질문');
    await expect(page.getByText('‘없는 질문’에 대한 검색 결과가 없습니다.')).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('button', { name: /^Q\. / })).toHaveCount(4);
  });

  test('with ENABLE_QNA off there is no FAQ: no menu link, /qna goes to /order', async ({
    page,
    request,
  }) => {
    await setSettings(request, { ENABLE_QNA: 'false' });
    expect(await publicSetting(request, 'ENABLE_QNA')).toBe('false');
    await signInNewMember(page, request);
    await page.goto('/qna');
    await expect(page).toHaveURL(/\/order$/);
    await expect(
      page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '주문하기' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: '자주 묻는 질문' })).toHaveCount(0);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[CONTENT][A11Y] ${colorScheme}`, () => {
    test.use({ colorScheme, reducedMotion: 'reduce' });

    test('the open popup and the FAQ with an open answer have no serious or critical axe violation', async ({
      page,
      context,
      request,
    }) => {
      // An axe analysis of a whole page takes seconds of CPU: on a busy machine, more than the default.
      test.slow();
      await page.goto('/order');
      await expect(popupDialog(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await hidePopupsForToday(context, request);
      await signInNewMember(page, request);
      await page.goto('/qna');
      await page.getByRole('button', { name: 'Q. 충전은 얼마나 걸리나요?' }).click();
      await expect(page.getByRole('region', { name: 'Q. 충전은 얼마나 걸리나요?' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
