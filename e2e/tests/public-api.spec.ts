import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import {
  API_KEY_PLACEHOLDER,
  EXAMPLE_ORDER_ID,
  maskApiKey,
  REST_EXAMPLES,
  REST_STATUS_TEXTS,
  V2_ERRORS,
  V2_STATUS_TEXTS,
} from '@smm/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { baseURL } from '../playwright.config';
import { creditMember } from './helpers/credit';
import { signInNewMember } from './helpers/session';

/** smm_<8 hex>_<43 base64url>: 256 random bits. */
const API_KEY_FORMAT = /^smm_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

/** Runs a shell command as a reader would paste it (curl from scripts/setup-system.sh). */
function runShell(command: string): unknown {
  const output = execFileSync('bash', ['-c', command], { encoding: 'utf8', timeout: 15_000 });
  return JSON.parse(output) as unknown;
}

/** Opens one of the v2 examples (each is a disclosure, closed at first), as a reader would. */
async function openV2Example(page: Page, title: string): Promise<void> {
  const summary = page.locator('summary').filter({ hasText: title });
  await summary.click();
  await expect(summary.locator('..')).toHaveAttribute('open', '');
}

/** The text of a code block on /api, found by its accessible name. */
async function codeOf(page: Page, name: string): Promise<string> {
  return (await page.getByRole('figure', { name }).locator('code').textContent()) ?? '';
}

/** Reads the key shown once after an issue; `previous` is the key shown before (a renewal). */
async function readNewKey(page: Page, previous?: string): Promise<string> {
  const field = page.getByRole('textbox', { name: '새 API 키' });
  if (previous) await expect(field).not.toHaveValue(previous);
  await expect(field).toHaveValue(API_KEY_FORMAT);
  const key = await field.inputValue();
  // The profile was read again: the page shows the new key's masked form.
  await expect(page.getByText(maskApiKey(key.slice(0, 12), key.slice(-4)), { exact: true })).toBeVisible();
  return key;
}

/** 발급 on /account for a member without a key. */
async function issueFirstKey(page: Page): Promise<string> {
  await expect(page.getByText('발급된 API 키가 없습니다')).toBeVisible();
  await page.getByRole('button', { name: '발급', exact: true }).click();
  return readNewKey(page);
}

test('[API][MEMBER]: a member issues a key on /account, and the curl examples copied from /api run as they are with it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await signInNewMember(page, request);
  expect(await creditMember(request, member.id, 10_000)).toBe(10_000);

  await page.goto('/account');
  await expect(page.getByLabel('아이디')).toHaveValue(member.id);
  const key = await issueFirstKey(page);
  await expect(page.getByText('다시 볼 수 없습니다', { exact: false })).toBeVisible();

  await page.getByRole('link', { name: 'API 문서 보기' }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API 문서' })).toBeVisible();
  const baseRow = page.getByRole('region', { name: '기본 정보' }).getByRole('row', { name: /Base URL/ });
  await expect(baseRow.getByRole('cell')).toContainText(`${baseURL}/api`);
  await expect(page.getByRole('figure', { name: '서비스 목록 응답 예시' })).toContainText(
    REST_EXAMPLES.services[0]?.text ?? '',
  );

  // Get Services: copied with the page's button, the placeholder swapped for the key, run in a shell.
  await page.getByRole('button', { name: '서비스 목록 요청 예시 복사' }).click();
  await expect(page.getByText('복사되었습니다.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`curl -s '${baseURL}/api/services' -H 'api-key: ${API_KEY_PLACEHOLDER}'`);
  const services = runShell(copied.replaceAll(API_KEY_PLACEHOLDER, key)) as { id: number }[];
  expect(Array.isArray(services)).toBe(true);
  expect(services.map((s) => s.id)).toContain(1);
  // The page's example is the demo catalog's first product, as the server lists it.
  expect(services).toContainEqual(REST_EXAMPLES.services[0]);

  // Order Services: 100 followers at 60 won from the credited balance.
  const orderCommand = await codeOf(page, '주문하기 요청 예시');
  expect(orderCommand).toContain(API_KEY_PLACEHOLDER);
  const order = runShell(orderCommand.replaceAll(API_KEY_PLACEHOLDER, key)) as { wId: number };
  expect(order.wId).toEqual(expect.any(Number));

  // Order Status, with the order just placed in place of the example's id.
  const statusCommand = await codeOf(page, '주문 상태 요청 예시');
  expect(statusCommand).toContain(`/api/status/${EXAMPLE_ORDER_ID}'`);
  const status = runShell(
    statusCommand
      .replaceAll(API_KEY_PLACEHOLDER, key)
      .replace(`/api/status/${EXAMPLE_ORDER_ID}'`, `/api/status/${order.wId}'`),
  ) as { status: string; remains: number };
  expect(REST_STATUS_TEXTS).toContain(status.status);
  expect(status.remains).toEqual(expect.any(Number));

  // SMM API v2: the balance shows the order's 6,000 won gone, and the same order reads in v2 terms.
  await openV2Example(page, '잔액 (balance)');
  await openV2Example(page, '주문 상태 (status)');
  const balance = runShell(
    (await codeOf(page, 'v2 잔액 (balance) 요청 예시')).replaceAll(API_KEY_PLACEHOLDER, key),
  );
  expect(balance).toEqual({ balance: '4000.00', currency: 'KRW' });
  const v2Status = runShell(
    (await codeOf(page, 'v2 주문 상태 (status) 요청 예시'))
      .replaceAll(API_KEY_PLACEHOLDER, key)
      .replace(`order=${EXAMPLE_ORDER_ID}`, `order=${order.wId}`),
  ) as { status: string; charge: string; currency: string };
  expect(V2_STATUS_TEXTS).toContain(v2Status.status);
  expect(v2Status).toMatchObject({ charge: '6000.00', currency: 'KRW' });
});

test('[API][RENEW]: renewing the key on /account makes the old key answer 401 at once', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request);
  await page.goto('/account');
  const oldKey = await issueFirstKey(page);
  const withKey = (key: string) => request.get('/api/services', { headers: { 'api-key': key } });
  expect((await withKey(oldKey)).status()).toBe(200);

  await page.getByRole('button', { name: '재발급', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('즉시 사용할 수 없습니다');
  // Nothing happens before the second press: the old key still works.
  expect((await withKey(oldKey)).status()).toBe(200);
  await page.getByRole('button', { name: '정말 재발급할까요?' }).click();
  const newKey = await readNewKey(page, oldKey);
  expect(newKey).not.toBe(oldKey);
  await expect(page.getByText('이전 API 키는 지금부터 사용할 수 없습니다', { exact: false })).toBeVisible();

  const refused = await withKey(oldKey);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'API_KEY_INVALID' });
  const v2 = await request.post('/api/v2', { form: { key: oldKey, action: 'balance' } });
  expect(await v2.json()).toEqual({ error: V2_ERRORS.INVALID_KEY });
  expect((await withKey(newKey)).status()).toBe(200);
});

test('[API][GUEST]: a guest reads /api and is refused a key on /account without a request', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  // Guest mode lives in memory: move by links, not by a reload.
  await page.getByRole('banner').getByRole('link', { name: '계정설정' }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/auth/api-key')) posted = true;
  });
  await page.getByRole('button', { name: '발급', exact: true }).click();
  await expect(page.getByText('둘러보기 모드에서는 불가능합니다.')).toBeVisible();
  expect(posted).toBe(false);

  await page.getByRole('link', { name: 'API 문서 보기' }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole('figure', { name: '서비스 목록 요청 예시' })).toContainText(
    `${baseURL}/api/services`,
  );
});

test.describe('[API][PHONE] 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('/api and /account stay 390 px wide; code blocks scroll inside their frame', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await page.goto('/account');
    await issueFirstKey(page);
    for (const path of ['/account', '/api']) {
      if (path === '/api') {
        await page.goto('/api');
        await openV2Example(page, '자동주문 (add + runs, interval)');
      }
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(innerWidth).toBe(390);
      expect(scrollWidth, `${path} scrollWidth`).toBeLessThanOrEqual(innerWidth);
    }
    const orderCode = page.getByRole('figure', { name: '주문하기 요청 예시' }).locator('pre');
    const { scrollWidth, clientWidth } = await orderCode.evaluate((pre) => ({
      scrollWidth: pre.scrollWidth,
      clientWidth: pre.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test(`[API][A11Y]: /api with an example open and /account with a new key have no serious violations, ${colorScheme} theme`, async ({
      page,
      request,
    }) => {
      const axe = async () => {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      await signInNewMember(page, request);
      await page.goto('/account');
      await issueFirstKey(page);
      await page.getByRole('button', { name: '재발급', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      // Toasts fade in (axe reads a half-transparent one as low contrast); they close after 2 s.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 6000 });
      expect(await axe()).toEqual([]);

      await page.goto('/api');
      await openV2Example(page, '잔액 (balance)');
      await expect(page.getByRole('figure', { name: 'v2 잔액 (balance) 응답 예시' })).toBeVisible();
      expect(await axe()).toEqual([]);
    });
  });
}
