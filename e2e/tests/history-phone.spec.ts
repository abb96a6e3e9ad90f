import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatWon } from '@smm/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { creditMember } from './helpers/credit';
import { postDeposit } from './helpers/deposit';
import { signInNewMember, type SeededMember } from './helpers/session';

// On a 390 px phone the member's histories (주문내역, 자동주문내역, 충전내역) show a
// row's status and amount without a sideways scroll, and the page never gets wider than the screen.
// Screenshots for a person to look at go to /tmp/shots-history.
const SHOTS = '/tmp/shots-history';

interface Seeded {
  member: SeededMember;
  orderLink: string;
  orderCost: number;
  autoLink: string;
  autoCost: number;
  pendingCharge: number;
  creditedCharge: number;
}

async function placeOrder(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const response = await request.post('/service/order', {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `POST /service/order ${await response.text()}`).toBe(true);
  return ((await response.json()) as { cost: number }).cost;
}

async function requestCharge(request: APIRequestContext, token: string, name: string, point: number) {
  const response = await request.post('/service/point', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, point, feeType: 2, feeValue: null },
  });
  expect(response.ok(), `POST /service/point ${await response.text()}`).toBe(true);
}

/**
 * A member with one order, one auto-order of 3 runs (links long enough to need wrapping) and two
 * charges: one credited by a deposit, one still pending (so 충전 신청 취소 shows).
 */
async function seed(page: Page, request: APIRequestContext): Promise<Seeded> {
  const member = await signInNewMember(page, request);
  await creditMember(request, member.id, 100_000);
  const services = (await (await request.get('/service/services')).json()) as {
    id: number;
    text: string;
    min: number;
    enableAuto: boolean;
    type: string;
  }[];
  const service = services.find((s) => s.type === 'default' && s.enableAuto);
  expect(service, 'a demo product that takes auto-orders').toBeDefined();
  const { id: serviceId, min } = service!;

  const orderLink = `https://www.instagram.com/p/phone-layout-${member.id}-with-a-rather-long-path/`;
  const orderCost = await placeOrder(request, member.accessToken, {
    serviceId,
    link: orderLink,
    amount: min,
  });
  const autoLink = `https://www.instagram.com/p/phone-auto-${member.id}-with-a-rather-long-path/`;
  const autoCost = await placeOrder(request, member.accessToken, {
    serviceId,
    link: autoLink,
    amount: min,
    runs: 3,
    interval: 60,
  });

  const depositor = `입금${member.id.slice(-6)}`;
  await requestCharge(request, member.accessToken, depositor, 12_000);
  const deposit = await postDeposit(request, {
    name: depositor,
    amount: 12_000,
    reference: `e2e-phone-${member.id}`,
  });
  expect(deposit.status).toBe('MATCHED');
  await requestCharge(request, member.accessToken, depositor, 1_234_000);
  return {
    member,
    orderLink,
    orderCost,
    autoLink,
    autoCost,
    pendingCharge: 1_234_000,
    creditedCharge: 12_000,
  };
}

/** The page is no wider than the viewport: nothing scrolls sideways (on a phone that would zoom it out). */
async function expectNoHorizontalOverflow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth, 'window.innerWidth').toBe(width);
  expect(scrollWidth, 'document.documentElement.scrollWidth').toBeLessThanOrEqual(width);
}

/** Fully on screen once scrolled to: both edges inside 0 … viewport width, top and bottom inside its height. */
async function expectOnScreen(page: Page, locator: Locator, name: string) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, `${name} is laid out`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(x, `${name} left edge`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${name} right edge`).toBeLessThanOrEqual(viewport.width);
  expect(y, `${name} top edge`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${name} bottom edge`).toBeLessThanOrEqual(viewport.height);
}

async function shot(page: Page, name: string, from?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  // Nothing focused, and from the top (or from `from`, just under the 60 px top bar), so the fixed top bar
  // and the skip link sit where a member sees them.
  const top = from ? await from.evaluate((el) => el.getBoundingClientRect().top + window.scrollY - 72) : 0;
  await page.evaluate((y) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo({ top: y, behavior: 'instant' });
  }, top);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  // The whole page as well; fixed elements (top bar, skip link) may land mid-page in this one.
  await page.screenshot({ path: join(SHOTS, `${name}-full.png`), fullPage: true });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[HISTORY][PHONE] 390 px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme });

    test('each history row shows its status and amount on screen, with its buttons, and nothing scrolls sideways', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const seeded = await seed(page, request);

      await page.goto('/order-history');
      // With nothing stored the theme follows the system preference.
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const orders = page.getByRole('list', { name: '주문내역 목록' });
      const order = orders.getByRole('listitem').filter({ hasText: seeded.orderLink });
      await expect(order).toBeVisible();
      await expect(page.getByRole('region', { name: '주문내역 표' })).toHaveCount(0);
      const orderStatus = order.locator('.status-badge');
      await expect(orderStatus).toHaveText(/주문접수|가동중|주문완료|주문대기/);
      await expectOnScreen(page, orderStatus, '주문 상태');
      await expectOnScreen(page, order.getByText(formatWon(seeded.orderCost), { exact: true }), '사용금액');
      await expectOnScreen(page, order.getByRole('link', { name: seeded.orderLink }), '주문 링크');
      // The demo product may be cancelled while open and refilled once complete: one of them is offered.
      await expect(async () => {
        await page.reload();
        await expect(order.getByRole('button', { name: /리필 요청|주문 취소/ }).first()).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 30_000 });
      await expectOnScreen(
        page,
        order.getByRole('button', { name: /리필 요청|주문 취소/ }).first(),
        '요청 버튼',
      );
      await expectNoHorizontalOverflow(page);
      await shot(page, `order-history-390-${colorScheme}`);

      await page.goto('/auto-order-history');
      const auto = page
        .getByRole('list', { name: '자동주문내역 목록' })
        .getByRole('listitem')
        .filter({ hasText: seeded.autoLink });
      await expect(auto).toBeVisible();
      const autoStatus = auto.locator('.status-badge');
      await expect(autoStatus).toHaveText(/활성|완료/);
      await expectOnScreen(page, autoStatus, '자동주문 상태');
      await expectOnScreen(
        page,
        auto.getByText(formatWon(seeded.autoCost), { exact: true }),
        '최종 사용금액',
      );
      await expectNoHorizontalOverflow(page);
      await shot(page, `auto-order-history-390-${colorScheme}`);

      await page.goto('/point');
      const charges = page.getByRole('list', { name: '충전내역 목록' }).getByRole('listitem');
      await expect(charges).toHaveCount(2);
      const pending = charges.filter({ hasText: formatWon(seeded.pendingCharge) });
      await expect(pending.locator('.charge-badge')).toHaveText('대기');
      await expectOnScreen(page, pending.locator('.charge-badge'), '충전상태');
      await expectOnScreen(
        page,
        pending.getByText(formatWon(seeded.pendingCharge), { exact: true }),
        '충전금액',
      );
      await expectOnScreen(page, pending.getByRole('button', { name: '충전 신청 취소' }), '충전 신청 취소');
      const credited = charges.filter({ hasText: formatWon(seeded.creditedCharge) });
      await expect(credited.locator('.charge-badge')).toHaveText('수락');
      await expectOnScreen(
        page,
        credited.getByText(formatWon(seeded.creditedCharge), { exact: true }),
        '충전금액',
      );
      await expectNoHorizontalOverflow(page);
      await shot(page, `charge-history-390-${colorScheme}`, page.getByRole('heading', { name: '충전내역' }));
    });
  });
}

test.describe('[HISTORY][DESKTOP] 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('wide screens keep the tables', async ({ page, request }) => {
    test.setTimeout(60_000);
    const seeded = await seed(page, request);

    await page.goto('/order-history');
    const orders = page.getByRole('region', { name: '주문내역 표' });
    await expect(orders.getByRole('row').filter({ hasText: seeded.orderLink })).toBeVisible();
    await expect(page.getByRole('list', { name: '주문내역 목록' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'order-history-1440');

    await page.goto('/auto-order-history');
    const autos = page.getByRole('region', { name: '자동주문내역 표' });
    await expect(autos.getByRole('row').filter({ hasText: seeded.autoLink })).toBeVisible();
    await shot(page, 'auto-order-history-1440');

    await page.goto('/point');
    const charges = page.getByRole('region', { name: '충전내역 표' });
    await expect(charges.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('list', { name: '충전내역 목록' })).toHaveCount(0);
    await shot(page, 'charge-history-1440');
  });
});
