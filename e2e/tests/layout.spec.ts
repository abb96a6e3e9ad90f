import AxeBuilder from '@axe-core/playwright';
import { GUEST_LABEL } from '@smm/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { showBalance, signInNewMember, uniqueMemberId } from './helpers/session';

/** Ids as long as the server accepts (30 characters), fresh per test, and a seven-digit balance. */
const longId = () => uniqueMemberId('long', 30);
const BIG_BALANCE = 1_234_567;

/** The page is exactly as wide as the viewport: nothing widens it (on a phone that would zoom it out). */
async function expectNoHorizontalOverflow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth, 'window.innerWidth').toBe(width);
  expect(scrollWidth, 'document.documentElement.scrollWidth').toBeLessThanOrEqual(innerWidth);
}

async function expectInsideViewport(page: Page, locator: Locator, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await locator.boundingBox();
  expect(box, `${name} is laid out`).not.toBeNull();
  expect(box?.x ?? -1, `${name} left edge`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${name} right edge`).toBeLessThanOrEqual(width);
}

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

  test('a member with a 30-character id: the page stays 390 px wide and the menu button on screen', async ({
    page,
    request,
  }) => {
    const { id } = await signInNewMember(page, request, { id: longId() });
    expect(id).toHaveLength(30);
    await showBalance(page, BIG_BALANCE);
    await page.goto('/order');
    const banner = page.getByRole('banner');
    await expect(page.getByText(`${id} 님`).first()).toBeAttached();
    await page.evaluate(() => document.fonts.ready);

    await expectNoHorizontalOverflow(page);
    const menuButton = banner.getByRole('button', { name: '메뉴 열기' });
    await expectInsideViewport(page, menuButton, 'menu button');
    await expectInsideViewport(page, banner.getByRole('button', { name: /모드로 전환/ }), 'theme toggle');

    // The overlay's wallet shows the id cut short, the balance and the top-up badge inside the panel.
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: '전체 메뉴' });
    await expectInsideViewport(
      page,
      menu.getByRole('link', { name: '충전하기' }),
      'top-up badge in the menu',
    );
    await expectInsideViewport(page, menu.getByText('₩1,234,567'), 'balance in the menu');
    await expectNoHorizontalOverflow(page);
  });

  test('the floating chat button does not cover the sign-up button', async ({ page }) => {
    await page.goto('/register');
    const submit = page.locator('form').getByRole('button', { name: '회원가입' });
    const chat = page.getByRole('link', { name: '카카오톡 상담' }); // SITE_KAKAO_TEXT of the demo data
    await expect(submit).toBeVisible();
    await expect(chat).toBeVisible();
    await page.evaluate(() => document.fonts.ready);

    const expectClear = async (when: string) => {
      const submitBox = await submit.boundingBox();
      const chatBox = await chat.boundingBox();
      if (!submitBox || !chatBox) throw new Error('both buttons are laid out');
      const overlaps =
        submitBox.x < chatBox.x + chatBox.width &&
        chatBox.x < submitBox.x + submitBox.width &&
        submitBox.y < chatBox.y + chatBox.height &&
        chatBox.y < submitBox.y + submitBox.height;
      expect(overlaps, `${when}: the chat button's box overlaps the sign-up button`).toBe(false);
      // What a tap at the button's centre (and near its right end) would hit.
      const hits = await submit.evaluate((button) => {
        const r = button.getBoundingClientRect();
        const y = r.top + r.height / 2;
        return [r.left + r.width / 2, r.right - 4].map((x) =>
          button.contains(document.elementFromPoint(x, y)),
        );
      });
      expect(hits, `${when}: a tap on the sign-up button reaches it`).toEqual([true, true]);
    };

    const viewportHeight = page.viewportSize()?.height ?? 0;
    const atLoad = await submit.boundingBox();
    if (atLoad && atLoad.y + atLoad.height <= viewportHeight) await expectClear('as loaded');
    await submit.scrollIntoViewIfNeeded();
    await expectClear('scrolled into view');
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

test.describe('[LAYOUT][TOP BAR] the full menu between 1280 and 1440 px', () => {
  for (const idLength of [10, 30]) {
    test(`an id of ${idLength} characters and a seven-digit balance fit without overlap`, async ({
      page,
      request,
    }) => {
      await signInNewMember(page, request, { id: uniqueMemberId('bar', idLength) });
      // The widest menu a member meets: 대량 주문 and 1:1 문의 with a two-digit unread badge.
      await showBalance(page, BIG_BALANCE, { inquiryUnread: 12 });
      await page.goto('/order');
      const banner = page.getByRole('banner');
      await expect(banner.getByText('₩1,234,567')).toBeVisible();
      await expect(banner.getByLabel('읽지 않은 답변 12건')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);

      for (const width of [1280, 1320, 1360, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoHorizontalOverflow(page);
        const nav = banner.getByRole('navigation', { name: '주요 메뉴' });
        const lastEntry = nav.getByRole('link').last();
        const wallet = banner.getByText('₩1,234,567');
        for (const [name, locator] of [
          ['last menu entry', lastEntry],
          ['mass order entry', nav.getByRole('link', { name: '대량 주문' })],
          ['inquiries entry and its badge', nav.getByRole('link', { name: /1:1 문의/ })],
          ['balance', wallet],
          ['top-up badge', banner.getByRole('link', { name: '충전하기' })],
          ['account link', banner.getByRole('link', { name: '계정설정' })],
          ['logout link', banner.getByRole('link', { name: '로그아웃' })],
          ['theme toggle', banner.getByRole('button', { name: /모드로 전환/ })],
        ] as const) {
          await expect(locator, `${name} at ${width} px`).toBeVisible();
          await expectInsideViewport(page, locator, `${name} at ${width} px`);
        }
        // The menu and the wallet do not run into each other.
        const navBox = await lastEntry.boundingBox();
        const walletBox = await banner.locator('.wallet').boundingBox();
        expect(
          (navBox?.x ?? 0) + (navBox?.width ?? 0),
          `menu ends before the wallet at ${width} px`,
        ).toBeLessThanOrEqual(walletBox?.x ?? 0);
      }
    });
  }
});

test.describe('[LAYOUT][FONT] Pretendard', () => {
  test('is served from the site itself and used for the text', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const fontFiles: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.woff2') && response.ok()) fontFiles.push(response.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);

    const loaded = await page.evaluate(() => {
      const families: string[] = [];
      document.fonts.forEach((face) => face.status === 'loaded' && families.push(face.family));
      return families;
    });
    expect(loaded.some((family) => family.replace(/"/g, '') === 'Pretendard Variable')).toBe(true);
    expect(await page.evaluate(() => document.fonts.check('16px "Pretendard Variable"', '로그인'))).toBe(
      true,
    );
    expect(fontFiles.length).toBeGreaterThan(0);
    const origin = new URL(page.url()).origin;
    expect(fontFiles.every((url) => url.startsWith(`${origin}/assets/`))).toBe(true);
    // Nothing leaves the origin: no font CDN, no third-party request at all.
    expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  });
});

test.describe('[LAYOUT][DESKTOP] 1440 px', () => {
  test('the top bar is 60 px high and uses the main color from the settings', async ({ page }) => {
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

for (const width of [1440, 390]) {
  test(`[LAYOUT] the logo stays at the same x on the landing page and inside the site, ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const logoX = async (path: string) => {
      await page.goto(path);
      const logo = page.getByRole('banner').getByRole('link').first();
      await expect(logo).toBeVisible();
      return (await logo.boundingBox())?.x;
    };
    const landing = await logoX('/');
    expect(landing).toBeDefined();
    expect(await logoX('/login')).toBe(landing);
  });
}

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
