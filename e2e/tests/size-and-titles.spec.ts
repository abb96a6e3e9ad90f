import { STORAGE_KEYS } from '@smm/domain';
import type { Page } from '@playwright/test';
import { signInNewMember } from './helpers/session';
import { expect, test } from './helpers/test';

/** Script chunks the page has requested so far (file names under /assets/). */
function recordScriptChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([^/?]+\.js)/.exec(request.url());
    if (match?.[1]) chunks.push(match[1]);
  });
  return chunks;
}

const isChunkOf = (screen: string) => (file: string) => new RegExp(`^${screen}-[\\w-]+\\.js$`).test(file);

test.describe('[SPLIT] route-level code splitting', () => {
  test("a screen's chunk is requested only when its route is visited", async ({ page, request }) => {
    const chunks = recordScriptChunks(page);
    await signInNewMember(page, request);

    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 1, name: '주문하기' })).toBeAttached();
    await expect(page.getByRole('heading', { name: /플랫폼/ }).first()).toBeVisible();
    expect(chunks.some(isChunkOf('order')), `order chunk in ${chunks.join(', ')}`).toBe(true);
    expect(chunks.some(isChunkOf('api-docs'))).toBe(false);
    expect(chunks.some(isChunkOf('account'))).toBe(false);

    await page.getByRole('link', { name: /계정설정/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '계정설정' })).toBeVisible();
    expect(chunks.some(isChunkOf('account'))).toBe(true);
    expect(chunks.some(isChunkOf('api-docs'))).toBe(false);

    await page.getByRole('link', { name: 'API 문서 보기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API 문서' })).toBeVisible();
    expect(chunks.some(isChunkOf('api-docs'))).toBe(true);
  });
});

test.describe('[TITLES] document titles in Korean', () => {
  test('a member moving between pages sees each page named in the tab', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.goto('/order');
    await expect(page).toHaveTitle('주문하기 · SMM 패널');

    const menu = page.getByRole('navigation', { name: '주요 메뉴' });
    for (const [link, title] of [
      ['주문내역', '주문내역'],
      ['자동주문내역', '자동주문내역'],
      ['포인트 충전', '포인트 충전'],
      ['주문하기', '주문하기'],
    ]) {
      await menu.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveTitle(`${title} · SMM 패널`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached();
    }

    await page.getByRole('link', { name: /계정설정/ }).click();
    await expect(page).toHaveTitle('계정설정 · SMM 패널');
    await page.getByRole('link', { name: 'API 문서 보기' }).click();
    await expect(page).toHaveTitle('API 문서 · SMM 패널');

    await page.goto('/terms/service');
    await expect(page).toHaveTitle('이용약관 · SMM 패널');
    await page.goto('/terms/privacy');
    await expect(page).toHaveTitle('개인정보처리방침 · SMM 패널');
  });

  test('a visitor: the landing carries the site name, the sign-in pages their own', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('SMM 패널');

    await page.goto('/login');
    await expect(page).toHaveTitle('로그인 · SMM 패널');
    await page.goto('/find-id');
    await expect(page).toHaveTitle('아이디 찾기 · SMM 패널');
    await page.goto('/find-password');
    await expect(page).toHaveTitle('비밀번호 찾기 · SMM 패널');
    await page.goto('/register');
    await expect(page).toHaveTitle('회원가입 · SMM 패널');
  });
});

/** Relative luminance of a computed color (`rgb(…)`, `rgba(…)` or `color(srgb …)`), per WCAG. */
function luminance(color: string): number {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(color);
  const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(color);
  const channels = srgb
    ? srgb.slice(1, 4).map(Number)
    : rgb
      ? rgb.slice(1, 4).map((c) => Number(c) / 255)
      : null;
  if (!channels) throw new Error(`unparsed color ${color}`);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** Tabs through the page and reads how each focused element is drawn. */
async function focusRings(page: Page, steps: number) {
  const rings: { element: string; outline: string; outlineColor: string; boxShadow: string }[] = [];
  for (let i = 0; i < steps; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
      return {
        element: `${element.tagName.toLowerCase()} "${name}"`,
        outline: `${style.outlineStyle} ${style.outlineWidth}`,
        outlineColor: style.outlineColor,
        boxShadow: style.boxShadow,
      };
    });
    if (ring) rings.push(ring);
  }
  return rings;
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`[FOCUS] ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: STORAGE_KEYS.DARK_MODE,
        value: String(theme === 'dark'),
      });
    });

    for (const path of ['/order', '/login']) {
      test(`every element reached by Tab on ${path} shows a focus ring`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

        const rings = await focusRings(page, 20);
        expect(rings.length).toBeGreaterThan(5);
        for (const ring of rings) {
          // Text inputs draw their focus as a colored border and halo instead of an outline.
          if (ring.outline.startsWith('none')) {
            expect(ring.boxShadow, `${ring.element} has no focus ring`).not.toBe('none');
            continue;
          }
          expect(ring.outline, ring.element).not.toMatch(/ 0px$/);
          expect(
            contrast(ring.outlineColor, background),
            `${ring.element}: ring ${ring.outlineColor} on ${background}`,
          ).toBeGreaterThanOrEqual(3);
        }
      });
    }
  });
}
