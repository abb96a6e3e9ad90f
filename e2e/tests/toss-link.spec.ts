import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { signInNewMember } from './helpers/session';
import { publicSetting, restoreSettings, setSettings } from './helpers/settings';

// The Toss link (docs/product.md#point-charge-page): with ENABLE_TOSS_PAYMENT on, a phone's transfer
// panel offers 토스로 송금하기 with the bank code, the account's digits and the amount filled in; a desktop
// does not. The copy buttons are there on both. Screenshots for a person to look at go to /tmp/shots-toss.
const SHOTS = '/tmp/shots-toss';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
// The demo settings' account (123456-01-234567) and bank code (국민은행, 004); a ₩10,000 charge.
const HREF = 'supertoss://send?bank=004&accountNo=12345601234567&amount=10000';
const NOTE = '토스 앱이 열리지 않으면 앱을 설치하거나 위 계좌로 직접 이체해주세요.';

test.afterEach(({ request }) => restoreSettings(request));

/** A new member's ₩10,000 request without a receipt, under a name no one else waits with (no extra won). */
async function requestCharge(page: Page, request: Parameters<typeof signInNewMember>[1]) {
  await setSettings(request, { ENABLE_TOSS_PAYMENT: 'true', BANKING_BANKING_CODE: '004' });
  expect(await publicSetting(request, 'ENABLE_TOSS_PAYMENT')).toBe('true');
  const member = await signInNewMember(page, request);
  await page.goto('/point');
  await page.getByLabel('입금자명').fill(`토스${member.id.slice(-6)}`);
  await page.getByRole('button', { name: '+1만원' }).click();
  const none = page.getByRole('radio', { name: '신청 안 함' });
  if (await none.isVisible()) await none.check();
  await page.getByRole('button', { name: '충전 신청하기' }).click();
  const panel = page.getByRole('status').filter({ hasText: '입금하실 금액' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: '계좌번호 복사' })).toBeVisible();
  await expect(panel.getByRole('button', { name: '금액 복사' })).toBeVisible();
  return panel;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[POINT][TOSS] iPhone 390×844, ${colorScheme} theme`, () => {
    test.use({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE,
      colorScheme,
    });

    test('the transfer panel offers 토스로 송금하기 with the bank, account and amount filled in, and says what to do without the app', async ({
      page,
      request,
    }) => {
      const panel = await requestCharge(page, request);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const link = panel.getByRole('link', { name: '토스로 송금하기' });
      await expect(link).toHaveAttribute('href', HREF);
      await expect(panel.getByText(NOTE)).toBeVisible();
      // A full-width, finger-sized target inside the 390 px screen.
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);

      mkdirSync(SHOTS, { recursive: true });
      // The request's toast closes after 2 s; it would cover the panel's top in the picture.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 6000 });
      await page.evaluate(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      });
      await panel.screenshot({ path: join(SHOTS, `transfer-panel-390-${colorScheme}.png`) });
      await page.screenshot({ path: join(SHOTS, `point-390-${colorScheme}.png`) });
      await page.screenshot({ path: join(SHOTS, `point-390-${colorScheme}-full.png`), fullPage: true });
    });
  });
}

test.describe('[POINT][TOSS] desktop 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('no 토스로 송금하기 on a desktop, even with the flag on; the copy buttons stay', async ({
    page,
    request,
  }) => {
    const panel = await requestCharge(page, request);
    await expect(panel.getByText('123456-01-234567')).toBeVisible();
    await expect(panel.getByRole('link', { name: '토스로 송금하기' })).toHaveCount(0);
    await expect(panel.getByText(NOTE)).toHaveCount(0);
  });
});
