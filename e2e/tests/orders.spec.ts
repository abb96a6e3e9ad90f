import { formatWon } from '@smm/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { creditMember } from './helpers/credit';
import { signInNewMember } from './helpers/session';

// The demo catalog (apps/server/src/db/seed/demo-catalog.ts): 인스타그램 → its first category
// (인스타그램 팔로워) → its first product (인스타그램 한국인 팔로워, 60 원 a follower, at least 10).
const PLATFORM = '인스타그램';
const MIN_QUANTITY = 10;
const COST = 600;

async function pickFirstInstagramProduct(page: Page) {
  const form = page.getByRole('region', { name: '주문하기' });
  await form.getByLabel('플랫폼').selectOption({ label: PLATFORM });
  await expect(form.getByLabel('카테고리')).toHaveValue(/\d+/);
  await expect(form.getByLabel('주문 수량')).toHaveValue(String(MIN_QUANTITY));
  await expect(form.getByText('₩60', { exact: true })).toBeVisible();
  return form;
}

test('[ORDER][MEMBER]: a member with points orders, sees the result card and the lower balance, and finds the order in /order-history', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await signInNewMember(page, request);
  expect(await creditMember(request, member.id, 10_000)).toBe(10_000);

  await page.goto('/order');
  const balance = page.locator('.greeting-balance strong');
  await expect(balance).toHaveText('₩10,000');

  const form = await pickFirstInstagramProduct(page);
  const link = `https://instagram.com/${member.id}`;
  await form.getByLabel('주문 링크').fill(link);
  await expect(form.getByTestId('order-total')).toHaveText(formatWon(COST));
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/service/order'));
  await form.getByRole('button', { name: '주문하기' }).click();
  expect((await posted).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

  await expect(page.getByText('주문에 성공했습니다.')).toBeVisible();
  const card = page.getByRole('region', { name: '주문이 접수되었습니다' });
  await expect(card).toBeVisible();
  await expect(card.getByText(link)).toBeVisible();
  await expect(card.getByText(formatWon(COST))).toBeVisible();
  const orderId = (await card.locator('dt:text-is("주문번호") + dd').textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^\d+$/);

  // Balance refreshed from the server; the form is ready for the next order.
  await expect(balance).toHaveText('₩9,400');
  await expect(page.getByRole('banner').getByText('₩9,400').first()).toBeVisible();
  await expect(form.getByLabel('주문 링크')).toHaveValue('');
  await expect(form.getByLabel('주문 수량')).toHaveValue(String(MIN_QUANTITY));

  await card.getByRole('link', { name: '주문내역 보기' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: orderId, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: link })).toBeVisible();
  await expect(row.getByRole('cell', { name: formatWon(COST) })).toBeVisible();
  // A fresh order: accepted, or already moved on by the background loop.
  await expect(row.getByRole('cell', { name: /주문접수|주문대기|가동중|주문완료/ })).toBeVisible();

  // The background loop (ticks of 1 s in e2e) moves it on through the simulated provider.
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell', { name: '주문완료' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();

  // The filter lives in the URL: nothing is cancelled yet, and back returns to the full list.
  await page.getByRole('button', { name: '주문취소 및 전액 환불' }).click();
  await expect(page).toHaveURL(/\?status=5$/);
  await expect(page.getByText('이 상태의 주문이 없습니다')).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();
});

test('[ORDER][AUTO]: an auto-order of 3 runs is paid up front and counts 1/3 → 3/3 in /auto-order-history', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await signInNewMember(page, request);
  await creditMember(request, member.id, 10_000);
  await page.goto('/order');
  const form = await pickFirstInstagramProduct(page);
  const link = `https://instagram.com/auto${member.id}`;
  await form.getByLabel('주문 링크').fill(link);
  await form.getByRole('checkbox', { name: '자동주문' }).check();
  await form.getByLabel('자동주문 횟수').fill('3');
  await form.getByLabel('자동주문 간격(분)').fill('60');
  await expect(form.getByTestId('order-total')).toHaveText(formatWon(COST * 3));
  await form.getByRole('button', { name: '주문하기' }).click();

  const card = page.getByRole('region', { name: '자동주문이 접수되었습니다' });
  await expect(card).toBeVisible();
  await expect(page.locator('.greeting-balance strong')).toHaveText('₩8,200');
  await card.getByRole('link', { name: '자동주문내역 보기' }).click();
  await expect(page).toHaveURL(/\/auto-order-history$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: link }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: formatWon(COST * 3) })).toBeVisible();
  // 1회 수량 10, interval 60, final quantity 10 × 3 (a number cell: the order number may be 30 too).
  await expect(row.locator('td.col-num').filter({ hasText: /^30$/ })).toBeVisible();
  await expect(row.getByRole('cell', { name: /^[0-3] \/ 3$/ })).toBeVisible();

  // AUTO_ORDER_MINUTE_SECONDS makes 60 minutes a few seconds in e2e.
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell', { name: '3 / 3' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
});

test('[ORDER][MEMBER]: an order the balance cannot cover is refused on the form with 포인트가 부족합니다.', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request);
  await page.goto('/order');
  await expect(page.locator('.greeting-balance strong')).toHaveText('₩0');
  const form = await pickFirstInstagramProduct(page);
  await form.getByLabel('주문 링크').fill('https://instagram.com/someone');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/service/order')) posted = true;
  });
  await form.getByRole('button', { name: '주문하기' }).click();
  await expect(page.getByText('포인트가 부족합니다.')).toBeVisible();
  expect(posted).toBe(false);
});

test('[ORDER][GUEST]: a guest pressing order is asked to log in and nothing is sent', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  const form = await pickFirstInstagramProduct(page);
  await form.getByLabel('주문 링크').fill('https://instagram.com/someone');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/service/order')) posted = true;
  });
  await form.getByRole('button', { name: '주문하기' }).click();
  const prompt = form.getByRole('alert');
  await expect(prompt).toContainText('로그인이 필요합니다');
  expect(posted).toBe(false);

  await prompt.getByRole('link', { name: '로그인하러 가기' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('[HISTORY][GUEST]: the history screens explain that a guest has none and offer the login', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  let historyCalls = 0;
  page.on('request', (r) => {
    // API calls only: the screen's own code chunk (auto-order-history-….js) is fetched too.
    if (r.resourceType() === 'fetch' && r.url().includes('order-history')) historyCalls += 1;
  });
  // Guest mode is not stored, so a reload would leave it: go there through the menu.
  await page
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '자동주문내역' })
    .click();
  await expect(page).toHaveURL(/\/auto-order-history$/);
  await expect(page.getByText('로그인하면 자동주문내역을 볼 수 있어요')).toBeVisible();
  expect(historyCalls).toBe(0);
});
