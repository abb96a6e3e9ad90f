import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { creditMember } from './helpers/credit';
import { consoleSettled, signInOperator } from './helpers/operator';
import { loginMember, registerMember } from './helpers/session';

// On the console's 주문 list the pinned 작업 column never lies over 금액 and 환불 at 1440
// and 1920 px, in both themes; columns are chosen with 열 선택 (remembered), and a table that goes on
// sideways says so with a shade. Screenshots for a person to look at go to /tmp/shots-admin-orders.
const SHOTS = '/tmp/shots-admin-orders';

/** A member's order with a long link, so the list has a row with every cell filled. */
async function seedOrder(request: APIRequestContext) {
  const member = await registerMember(request);
  await creditMember(request, member.id, 50_000);
  const token = await loginMember(request, member.id, member.password);
  const services = (await (await request.get('/service/services')).json()) as {
    id: number;
    min: number;
    type: string;
  }[];
  const service = services.find((s) => s.type === 'default');
  expect(service, 'a demo product').toBeDefined();
  const response = await request.post('/service/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      serviceId: service!.id,
      link: `https://www.instagram.com/p/columns-${member.id}-with-a-rather-long-path/`,
      amount: service!.min,
    },
  });
  expect(response.ok(), `POST /service/order ${await response.text()}`).toBe(true);
}

async function box(locator: Locator, name: string) {
  const found = await locator.boundingBox();
  expect(found, name).not.toBeNull();
  return found!;
}

/** 금액 and 환불 (header and first row) end left of where the 작업 column starts, inside the frame. */
async function expectMoneyClearOfActions(page: Page) {
  const table = page.getByRole('table', { name: '주문 목록' });
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = (name: string) => headers.findIndex((text) => text.trim() === name);
  const [cost, refunded, actions] = [index('금액'), index('환불'), index('작업')];
  expect(
    [cost, refunded, actions].every((i) => i >= 0),
    headers.join(' | '),
  ).toBe(true);
  const frame = await box(page.locator('.data-table-scroll').first(), 'table frame');
  const rows = [table.locator('thead tr'), table.locator('tbody tr').first()];
  for (const row of rows) {
    const cells = row.locator('th, td');
    const actionsBox = await box(cells.nth(actions), '작업');
    for (const [i, name] of [
      [cost, '금액'],
      [refunded, '환불'],
    ] as const) {
      const cell = await box(cells.nth(i), name);
      expect(cell.x + cell.width, `${name} ends before 작업 starts`).toBeLessThanOrEqual(actionsBox.x + 0.5);
      expect(cell.x, `${name} starts inside the frame`).toBeGreaterThanOrEqual(frame.x - 0.5);
    }
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[ADMIN][ORDERS] columns, ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const width of [1440, 1920]) {
      test(`at ${width} px 금액 and 환불 are clear of the pinned 작업 column`, async ({ page, request }) => {
        mkdirSync(SHOTS, { recursive: true });
        await seedOrder(request);
        await page.setViewportSize({ width, height: 900 });
        await signInOperator(page, request);
        await page.goto('/admin/orders');
        await consoleSettled(page, '주문');
        await expect(
          page.getByRole('table', { name: '주문 목록' }).locator('tbody tr').first(),
        ).toBeVisible();
        await expectMoneyClearOfActions(page);
        await page.screenshot({ path: join(SHOTS, `orders-${width}-${colorScheme}.png`) });

        // Every column on: the table goes on sideways, the frame says so, money stays clear.
        await page.getByRole('button', { name: /^열 선택/ }).click();
        const panel = page.getByRole('group', { name: '표시할 열' });
        for (const name of ['링크', '오류', '공급사 주문번호']) {
          await panel.getByRole('checkbox', { name }).check();
        }
        await page.keyboard.press('Escape');
        const scroller = page.locator('.data-table-scroll').first();
        const frame = page.locator('.data-table-frame').first();
        const overflows = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        if (overflows) {
          await expect(frame).toHaveAttribute('data-more-end', 'true');
          const shade = await page
            .locator('tbody td.data-table-sticky-end')
            .first()
            .evaluate((el) => getComputedStyle(el, '::before').backgroundImage);
          expect(shade, 'the pinned column shades what lies under it').toContain('gradient');
        }
        await expectMoneyClearOfActions(page);
        await page.screenshot({ path: join(SHOTS, `orders-${width}-${colorScheme}-all-columns.png`) });

        // Scrolled to the end, the last columns come out from under 작업.
        await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await expect(frame).not.toHaveAttribute('data-more-end', 'true');
        if (overflows) await expect(frame).toHaveAttribute('data-more-start', 'true');
        await page.screenshot({ path: join(SHOTS, `orders-${width}-${colorScheme}-scrolled.png`) });

        // The choice is remembered on the next visit.
        await page.reload();
        await consoleSettled(page, '주문');
        await expect(
          page
            .getByRole('table', { name: '주문 목록' })
            .getByRole('columnheader', { name: '공급사 주문번호' }),
        ).toBeVisible();
      });
    }
  });
}
