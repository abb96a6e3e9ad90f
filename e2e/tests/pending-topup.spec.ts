import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_PENDING_CHARGE_MESSAGE } from '@smm/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { signInNewMember } from './helpers/session';

// Never lost: a pending top-up's transfer instructions are found again after a reload — at
// the top of /point and from its history row — with both amounts when a tax invoice adds VAT, and asking
// again for the same name and amount offers the pending charge instead of a second one
// (docs/product.md#point-charge-page). Screenshots for a person to look at go to /tmp/shots-topup.
const SHOTS = '/tmp/shots-topup';

/** Valid tax-invoice details (220-81-62517 passes the business-number checksum). */
const INVOICE: [string, string][] = [
  ['상호(법인명)', '(주)테스트상사'],
  ['사업자등록번호', '220-81-62517'],
  ['대표자명', '김대표'],
  ['담당자 연락처', '02-123-4567'],
  ['업태', '서비스업'],
  ['종목', '광고대행'],
  ['사업장 주소', '서울특별시 강남구 테헤란로 1'],
  ['계산서 받을 이메일', 'tax@example.com'],
];

/** Fills the form for ₩20,000 of points with a tax invoice (₩22,000 to transfer) and sends it. */
async function askForCharge(page: Page, depositor: string) {
  await page.getByLabel('입금자명').fill(depositor);
  await page.getByLabel('충전금액', { exact: true }).fill('20000');
  await page.getByRole('radio', { name: '세금계산서' }).check();
  for (const [label, value] of INVOICE) await page.getByLabel(label, { exact: true }).fill(value);
  await expect(page.locator('.charge-total')).toContainText('₩22,000');
  await page.getByRole('button', { name: '충전 신청하기' }).click();
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'document.documentElement.scrollWidth').toBeLessThanOrEqual(width);
}

/** Serious or critical WCAG 2 A/AA violations on the page as it is now. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shot(page: Page, name: string, from?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  const top = from ? await from.evaluate((el) => el.getBoundingClientRect().top + window.scrollY - 72) : 0;
  await page.evaluate((y) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo({ top: y, behavior: 'instant' });
  }, top);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

for (const width of [1440, 390] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`[TOPUP] ${width} px, ${colorScheme} theme`, () => {
      test.use({
        viewport: { width, height: width === 390 ? 844 : 900 },
        colorScheme,
        ...(width === 390 ? { isMobile: true, hasTouch: true } : {}),
      });

      test('a pending tax-invoice charge is found again after a reload, at the top and from its history row; asking again offers it', async ({
        page,
        request,
        context,
      }) => {
        // Two forms with eight invoice fields each, a reload and two dialogs: generous for a busy machine.
        test.setTimeout(120_000);
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        const member = await signInNewMember(page, request);
        const depositor = `충전${member.id.slice(-6)}`;
        await page.goto('/point');
        // The first page of a cold server on a busy machine may take a while.
        await expect(page.getByText('충전내역이 없습니다')).toBeVisible({ timeout: 20_000 });
        await askForCharge(page, depositor);

        // The panel right after the request: the holder once, under its label (no "예금주 예금주 …").
        const panel = page.getByRole('status').filter({ hasText: '아래 정보를 확인해주세요.' });
        await expect(panel).toBeVisible();
        await expect(panel.getByText('(주)소셜부스트', { exact: true })).toBeVisible();
        await expect(panel).not.toContainText('예금주 (주)');
        await expect(panel.getByText('예금주', { exact: true })).toHaveCount(1);

        // A reload: the panel is gone, the instructions are at the top.
        await page.reload();
        const card = page.getByRole('region', { name: '입금 대기 중인 충전 1건' });
        await expect(card).toBeVisible();
        await expect(card).toContainText('국민은행');
        await expect(card).toContainText('123456-01-234567');
        await expect(card.getByText('(주)소셜부스트', { exact: true })).toBeVisible();
        await expect(card.getByText('예금주', { exact: true })).toHaveCount(1);
        const item = card.getByRole('listitem');
        await expect(item).toHaveCount(1);
        const chargeLabel = (await item.getAttribute('aria-label')) ?? '';
        expect(chargeLabel).toMatch(/^충전번호 \d+$/);
        await expect(item).toContainText('₩22,000');
        await expect(item).toContainText('₩20,000');
        await expect(item).toContainText('(세금계산서)');
        await expect(item).toContainText(depositor);
        // The lapse rule: 3 hours from the request, counted by the server; a few seconds have passed.
        await expect(item).toContainText(/(2시간 5\d분|3시간) 남음/);
        await expect(card.getByRole('button', { name: '계좌번호 복사' })).toBeVisible();
        // The new card and the history's second amount, in this theme: no contrast or naming problems.
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
        expect(await axeViolations(page)).toEqual([]);
        await item.getByRole('button', { name: '금액 복사' }).click();
        await expect(page.getByText('입금액을 복사했습니다.')).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('22000');
        await card.getByRole('button', { name: '계좌번호 복사' }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('123456-01-234567');
        if (width === 390) await expectNoHorizontalOverflow(page);
        await shot(page, `top-card-${width}-${colorScheme}`);

        // The history row: the points and, under them, the amount to transfer; 입금 안내 opens the instructions.
        const historyRow =
          width === 1440
            ? page.getByRole('region', { name: '충전내역 표' }).getByRole('row').nth(1)
            : page.getByRole('list', { name: '충전내역 목록' }).getByRole('listitem').first();
        await expect(historyRow).toContainText('₩20,000');
        await expect(historyRow).toContainText('입금액 ₩22,000');
        await historyRow.getByRole('button', { name: `${chargeLabel} 입금 안내` }).click();
        const dialog = page.getByRole('dialog', { name: `입금 안내 · ${chargeLabel}` });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText('123456-01-234567');
        await expect(dialog).toContainText('₩22,000');
        await expect(dialog).toContainText('₩20,000 (세금계산서)');
        await expect(dialog).toContainText(/(2시간 5\d분|3시간) 남음/);
        await expect(dialog.getByRole('button', { name: '계좌번호 복사' })).toBeVisible();
        await expect(dialog.getByRole('button', { name: '금액 복사' })).toBeVisible();
        await expect(dialog.getByText('예금주', { exact: true })).toHaveCount(1);
        await page.screenshot({ path: join(SHOTS, `row-dialog-${width}-${colorScheme}.png`) });
        await dialog.getByRole('button', { name: '닫기' }).click();
        await expect(dialog).toHaveCount(0);

        // Asking again with the same name and amount: refused, offering the pending charge.
        await askForCharge(page, depositor);
        const refusal = page.getByRole('alert').filter({ hasText: OWN_PENDING_CHARGE_MESSAGE });
        await expect(refusal).toBeVisible();
        await shot(page, `refusal-${width}-${colorScheme}`, refusal);
        await refusal.getByRole('button', { name: '신청한 충전 보기' }).click();
        const again = page.getByRole('dialog', { name: `입금 안내 · ${chargeLabel}` });
        await expect(again).toBeVisible();
        await expect(again).toContainText('₩22,000');
        // Still one pending charge: nothing new was asked for.
        await expect(page.getByRole('region', { name: '입금 대기 중인 충전 1건' })).toBeVisible();
      });
    });
  }
}
