import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/test';

const CAROUSELS = [
  { title: '성장에만 집중할 수 있도록', item: '강점', count: 4 },
  { title: '먼저 경험한 분들의 이야기', item: '후기', count: 5 },
] as const;

/** Which slide a carousel shows: the index of its dot marked aria-current. */
async function activeIndex(carousel: Locator, item: string): Promise<number> {
  const dots = carousel.getByRole('group', { name: `${item} 선택` }).getByRole('button');
  const current = await dots.evaluateAll((buttons) =>
    buttons.findIndex((b) => b.getAttribute('aria-current') === 'true'),
  );
  return current;
}

/** The slide `n / count` has come to rest at the left edge of the carousel's viewport. */
async function expectSlideInPlace(carousel: Locator, item: string, n: number, count: number) {
  const viewport = carousel.getByRole('group', { name: `${item} 목록` });
  const slide = carousel.getByRole('group', { name: `${n} / ${count}`, exact: true });
  await expect
    .poll(async () => {
      const [v, s] = await Promise.all([viewport.boundingBox(), slide.boundingBox()]);
      return v && s ? Math.round(s.x - v.x) : null;
    })
    .toBeLessThanOrEqual(1);
  await expect
    .poll(async () => {
      const [v, s] = await Promise.all([viewport.boundingBox(), slide.boundingBox()]);
      return v && s ? Math.round(s.x - v.x) : null;
    })
    .toBeGreaterThanOrEqual(-20);
}

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('[LANDING] carousels', () => {
  for (const { title, item, count } of CAROUSELS) {
    test(`${item}: the next and previous buttons and the dots move the ${count} slides`, async ({ page }) => {
      await openLanding(page);
      const carousel = page.getByRole('region', { name: title });
      await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(count);

      // Pointer and focus on the carousel hold its autoplay, so the moves below are the buttons' alone.
      const next = carousel.getByRole('button', { name: `다음 ${item}` });
      await next.hover();
      await next.focus();
      const start = await activeIndex(carousel, item);
      await next.click();
      await expect.poll(() => activeIndex(carousel, item)).toBe((start + 1) % count);
      await expectSlideInPlace(carousel, item, ((start + 1) % count) + 1, count);

      await carousel.getByRole('button', { name: `이전 ${item}` }).click();
      await carousel.getByRole('button', { name: `이전 ${item}` }).click();
      await expect.poll(() => activeIndex(carousel, item)).toBe((start - 1 + count) % count);

      await carousel.getByRole('button', { name: `${count}번째 ${item} 보기` }).click();
      await expect(carousel.getByRole('button', { name: `${count}번째 ${item} 보기` })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expectSlideInPlace(carousel, item, count, count);
    });

    test(`${item}: the arrow keys move it while it has focus`, async ({ page }) => {
      await openLanding(page);
      const carousel = page.getByRole('region', { name: title });
      const viewport = carousel.getByRole('group', { name: `${item} 목록` });
      await viewport.focus();
      const start = await activeIndex(carousel, item);

      await page.keyboard.press('ArrowRight');
      await expect.poll(() => activeIndex(carousel, item)).toBe((start + 1) % count);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => activeIndex(carousel, item)).toBe((start + 2) % count);
      await expectSlideInPlace(carousel, item, ((start + 2) % count) + 1, count);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => activeIndex(carousel, item)).toBe((start + 1) % count);
    });
  }

  test('the strengths move by themselves when left alone, and not under reduced motion', async ({ page }) => {
    await openLanding(page);
    const carousel = page.getByRole('region', { name: CAROUSELS[0].title });
    await page.mouse.move(0, 0);
    await expect.poll(() => activeIndex(carousel, '강점'), { timeout: 8_000 }).toBe(1);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(carousel.getByRole('button', { name: /자동 넘김/ })).toHaveCount(0);
    await page.waitForTimeout(6_000);
    expect(await activeIndex(carousel, '강점')).toBe(1);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[LANDING][A11Y] ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('no serious accessibility violations on /', async ({ page }) => {
      await openLanding(page);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}
