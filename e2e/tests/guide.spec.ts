import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { signInNewMember } from './helpers/session';

/** The link-input guide (docs/product.md#guide-faq-and-terms) against the demo catalog the server seeds. */

interface CatalogPlatform {
  id: number;
  text: string;
  visible: boolean;
}

async function visiblePlatforms(page: Page): Promise<CatalogPlatform[]> {
  const response = await page.request.get('/service/platforms');
  expect(response.ok(), 'GET /service/platforms').toBe(true);
  return ((await response.json()) as CatalogPlatform[]).filter((p) => p.visible !== false);
}

/** Waits until every platform's section has rendered (the sections come after the catalog call). */
async function expectSectionPerPlatform(page: Page, platforms: CatalogPlatform[]) {
  for (const { text } of platforms) {
    const section = page.getByRole('region', { name: text, exact: true });
    await expect(section, `section for ${text}`).toBeVisible();
    await expect(section.getByRole('heading', { level: 3 }).first()).toBeVisible();
  }
  await expect(page.getByRole('region', { name: '자주 하는 실수' })).toBeVisible();
}

test('[GUIDE][GUEST]: a guest opens the guide from the top bar and sees a section for every platform', async ({
  page,
}) => {
  const platforms = await visiblePlatforms(page);
  expect(platforms.map((p) => p.text)).toEqual(['인스타그램', '유튜브', '틱톡', '페이스북', '네이버']);

  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  await page
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '링크 입력 가이드' })
    .click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole('heading', { level: 1, name: '링크 입력 가이드' })).toBeVisible();
  await expectSectionPerPlatform(page, platforms);

  // Instagram explains profile vs post vs reel; YouTube video vs shorts vs channel.
  const instagram = page.getByRole('region', { name: '인스타그램', exact: true });
  for (const kind of ['프로필 링크', '게시물 링크', '릴스 링크']) {
    await expect(instagram.getByRole('heading', { level: 3, name: kind })).toBeVisible();
  }
  const youtube = page.getByRole('region', { name: '유튜브', exact: true });
  for (const kind of ['동영상 링크', '쇼츠 링크', '채널 링크']) {
    await expect(youtube.getByRole('heading', { level: 3, name: kind })).toBeVisible();
  }

  // The table of contents jumps to a section; the closing link goes to the order page.
  const toc = page.getByRole('navigation', { name: '가이드 목차' });
  await toc.getByRole('link', { name: '네이버' }).click();
  await expect(page).toHaveURL(/\/guide#guide-platform-\d+$/);
  await expect(page.getByRole('region', { name: '네이버', exact: true })).toBeInViewport();
  await page.getByRole('link', { name: '주문하러 가기' }).click();
  await expect(page).toHaveURL(/\/order$/);
});

test.describe('[GUIDE][PHONE] 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every section renders and nothing widens the page', async ({ page, request }) => {
    await signInNewMember(page, request);
    const platforms = await visiblePlatforms(page);
    await page.goto('/guide');
    await expectSectionPerPlatform(page, platforms);
    await page.evaluate(() => document.fonts.ready);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(innerWidth).toBe(390);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[GUIDE][A11Y] no serious accessibility violations, ${colorScheme} theme`, () => {
    // With nothing stored the theme follows the system preference.
    test.use({ colorScheme });

    test('/guide for a signed-in member', async ({ page, request }) => {
      // An axe analysis of a whole page takes seconds of CPU: on a busy machine, more than the default.
      test.slow();
      await signInNewMember(page, request);
      const platforms = await visiblePlatforms(page);
      await page.goto('/guide');
      await expectSectionPerPlatform(page, platforms);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}
