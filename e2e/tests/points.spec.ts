import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers/test';
import { postDeposit } from './helpers/deposit';
import { signInNewMember } from './helpers/session';

test('[POINT][MEMBER]: a member asks for ₩10,000 with a cash receipt, sees the transfer panel, and the deposit shows in the top bar and the history without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await signInNewMember(page, request);
  await page.goto('/point');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('₩0').first()).toBeVisible();
  await expect(page.getByText('충전내역이 없습니다')).toBeVisible();

  const depositor = `입금${member.id.slice(-6)}`;
  await page.getByLabel('입금자명').fill(depositor);
  await page.getByRole('button', { name: '+1만원' }).click();
  await expect(page.getByLabel('충전금액', { exact: true })).toHaveValue('10,000');
  await page.getByRole('button', { name: '충전금액 초기화' }).click();
  await expect(page.getByLabel('충전금액', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: '+1만원' }).click();
  await page.getByRole('radio', { name: '현금영수증' }).check();
  await page.getByLabel('현금영수증 휴대전화 번호').fill('010-1234-5678');
  await expect(page.getByText('입금하실 금액').locator('..').getByText('₩10,000')).toBeVisible();
  await page.getByRole('button', { name: '충전 신청하기' }).click();

  const panel = page.getByRole('status').filter({ hasText: '아래 정보를 확인해주세요.' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('123456-01-234567')).toBeVisible();
  await expect(panel.getByText(depositor)).toBeVisible();
  await expect(panel.getByText('₩10,000').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '충전 신청하기' })).toHaveCount(0);
  const row = page.getByRole('region', { name: '충전내역 표' }).getByRole('row').nth(1);
  await expect(row).toContainText('대기');

  const deposit = await postDeposit(request, {
    name: depositor,
    amount: 10_000,
    reference: `e2e-${member.id}`,
  });
  expect(deposit.status).toBe('MATCHED');
  // No reload: the page polls while the charge is pending.
  await expect(banner.getByText('₩10,000').first()).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('수락', { timeout: 15_000 });
  await expect(row).toContainText('₩10,000');
});

test('[POINT][GUEST]: a guest is asked to log in and nothing is sent', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  // Guest mode lives in memory: move by the menu, not by a reload.
  await page.getByRole('banner').getByRole('link', { name: '충전하기' }).first().click();
  await expect(page).toHaveURL(/\/point$/);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/service/point')) posted = true;
  });
  await page.getByLabel('입금자명').fill('홍길동');
  await page.getByRole('button', { name: '+1만원' }).click();
  await page.getByRole('button', { name: '충전 신청하기' }).click();
  await expect(
    page.getByText('둘러보기 모드에서는 충전할 수 없어요. 로그인 후 신청해 주세요.'),
  ).toBeVisible();
  expect(posted).toBe(false);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test(`[POINT][A11Y]: /point with invoice fields, panel and history has no serious violations, ${colorScheme} theme`, async ({
      page,
      request,
    }) => {
      await signInNewMember(page, request);
      await page.goto('/point');
      await expect(page.getByText('충전내역이 없습니다')).toBeVisible();
      await page.getByRole('radio', { name: '세금계산서' }).check();
      await expect(page.getByLabel('사업자등록번호')).toBeVisible();
      const axe = async () => {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      expect(await axe()).toEqual([]);
      await page.getByRole('radio', { name: '신청 안 함' }).check();
      await page.getByLabel('입금자명').fill(`접근성${colorScheme}`);
      await page.getByRole('button', { name: '+1만원' }).click();
      await page.getByRole('button', { name: '충전 신청하기' }).click();
      await expect(page.getByRole('region', { name: '충전내역 표' })).toBeVisible();
      // Toasts fade in (axe reads a half-transparent one as low contrast); they close after 2 s.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 6000 });
      expect(await axe()).toEqual([]);
    });
  });
}
