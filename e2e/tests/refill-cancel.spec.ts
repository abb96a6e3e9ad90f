import { formatWon } from '@smm/domain';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/test';
import { creditMember } from './helpers/credit';
import { operatorToken } from './helpers/operator';
import { signInNewMember } from './helpers/session';

// Refill and cancellation as a member meets them (docs/product.md#refill-and-cancellation). The demo
// catalog's first Instagram product (인스타그램 한국인 팔로워, 60 원 a follower, at least 10) has a
// 30-day refill and may be cancelled; the e2e server's simulated provider completes every order and
// every refill (playwright.config.ts: SIMULATED_PROVIDER_*_PERCENT 0).
const COST = 600;

async function memberBalance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/auth/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { point: number }).point;
}

test('[REFILL][MEMBER]: a member orders followers, the order completes, they ask for a refill and see it complete', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await signInNewMember(page, request);
  await creditMember(request, member.id, 10_000);

  await page.goto('/order');
  const form = page.getByRole('region', { name: '주문하기' });
  await form.getByLabel('플랫폼').selectOption({ label: '인스타그램' });
  await expect(form.getByLabel('주문 수량')).toHaveValue('10');
  // The product's terms beside its notice.
  await expect(form.getByText('리필 30일 보장')).toBeVisible();
  await expect(form.getByText('주문 취소 가능')).toBeVisible();
  const link = `https://instagram.com/refill${member.id}`;
  await form.getByLabel('주문 링크').fill(link);
  await expect(form.getByTestId('order-total')).toHaveText(formatWon(COST));
  await form.getByRole('button', { name: '주문하기' }).click();
  await expect(page.getByText('주문에 성공했습니다.')).toBeVisible();

  await page.goto('/order-history');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: link }) });
  // The simulated provider completes it within a few background ticks; then 리필 요청 appears.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('주문완료')).toBeVisible({ timeout: 1_000 });
    await expect(row.getByRole('button', { name: '리필 요청' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  // A completed order can no longer be cancelled.
  await expect(row.getByRole('button', { name: '주문 취소' })).toHaveCount(0);

  await row.getByRole('button', { name: '리필 요청' }).click();
  const dialog = page.getByRole('alertdialog', { name: '리필을 요청할까요?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '리필 요청' }).click();
  await expect(page.getByText('리필을 요청했습니다.', { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();
  // One request a day: the button is gone once a refill is open.
  await expect(row.getByRole('button', { name: '리필 요청' })).toHaveCount(0);
  await expect(row.getByText(/리필 (대기|진행중|완료)/)).toBeVisible();

  await expect(async () => {
    await page.reload();
    await expect(row.getByText('리필 완료')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  // Refills move no money.
  expect(await memberBalance(request, member.accessToken)).toBe(10_000 - COST);
});

test('[CANCEL][MEMBER]: a member cancels an open order its provider has not taken, and sees the refund', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A provider that refuses connections: the order stays open, not at any provider, retried later.
  const token = await operatorToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const provider = await request.post('/admin/api/providers', {
    headers: auth,
    data: {
      name: `E2E 닫힌 공급사 ${Date.now().toString(36)}`,
      apiUrl: 'http://127.0.0.1:1/api/v2',
      apiKey: 'e2e-key',
    },
  });
  expect(provider.ok(), await provider.text()).toBe(true);
  const providerId = ((await provider.json()) as { provider: { id: number } }).provider.id;
  const categories = (await (await request.get('/admin/api/categories', { headers: auth })).json()) as {
    id: number;
    text: string;
  }[];
  const category = categories.find((c) => c.text === '인스타그램 좋아요');
  expect(category, 'the demo category 인스타그램 좋아요').toBeDefined();
  const name = `E2E 취소 가능 좋아요 ${Date.now().toString(36)}`;
  const created = await request.post('/admin/api/services', {
    headers: auth,
    data: {
      categoryId: category!.id,
      text: name,
      unitPriceMilli: 5_000,
      min: 10,
      max: 1_000,
      notice: '',
      cancellable: true,
      providerId,
      providerServiceId: '1',
      // ₩5 a unit is below the simulated provider's ₩36: a test price, saved as a confirmed loss.
      lossConfirmed: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const serviceId = ((await created.json()) as { service: { id: number } }).service.id;

  const member = await signInNewMember(page, request);
  await creditMember(request, member.id, 1_000);
  const link = `https://www.instagram.com/p/cancel${member.id}/`;
  const placed = await request.post('/service/order', {
    headers: { authorization: `Bearer ${member.accessToken}` },
    data: { serviceId, link, amount: 10 },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  expect(await memberBalance(request, member.accessToken)).toBe(950);

  await page.goto('/order-history');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: name }) });
  await expect(row.getByRole('button', { name: '주문 취소' })).toBeVisible();
  await row.getByRole('button', { name: '주문 취소' }).click();
  const dialog = page.getByRole('alertdialog', { name: '주문을 취소할까요?' });
  // Nothing is sent until the member confirms.
  await expect(dialog).toBeVisible();
  await expect(async () => {
    // A background tick may hold the order for a moment while it tries the provider: ask again then.
    if (!(await dialog.isVisible())) await row.getByRole('button', { name: '주문 취소' }).click();
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    await expect(page.getByText(`주문을 취소했습니다. ${formatWon(50)}이 환불되었습니다.`)).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByText('주문취소 및 전액 환불')).toBeVisible();
  await expect(row.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  await expect(page.locator('.wallet-balance').first()).toHaveText(formatWon(1_000));
  expect(await memberBalance(request, member.accessToken)).toBe(1_000);

  await request.post(`/admin/api/providers/${providerId}/disable`, { headers: auth });
});
