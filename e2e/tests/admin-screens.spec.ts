import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { consoleSettled, signInOperator } from './helpers/operator';
import { registerMember } from './helpers/session';
import { test } from './helpers/test';

/**
 * Every console screen, after its data has rendered, in both themes: no serious or critical axe
 * violation, and a screenshot in .tmp/screenshots (1440 px; the dashboard also at 390 px) for a person
 * to look at.
 */
const SCREENS: [path: string, heading: string][] = [
  ['/admin', '대시보드'],
  ['/admin/charges', '충전 신청'],
  ['/admin/deposits', '입금 내역'],
  ['/admin/receipts', '증빙 발행'],
  ['/admin/orders', '주문'],
  ['/admin/inquiries', '1:1 문의'],
  ['/admin/members', '회원'],
  ['/admin/catalog', '플랫폼·상품'],
  ['/admin/providers', '공급사'],
  ['/admin/notices', '공지사항'],
  ['/admin/faq', 'FAQ'],
  ['/admin/popups', '팝업'],
  ['/admin/register-routes', '가입 경로'],
  ['/admin/saved-answers', '자주 쓰는 답변'],
  ['/admin/settings', '사이트 설정'],
  ['/admin/audit', '감사 로그'],
];

const shots = join(import.meta.dirname, '../../.tmp/screenshots');
mkdirSync(shots, { recursive: true });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Soft: every screen is still visited and photographed, and the report lists all of them at once.
  expect
    .soft(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
    .toEqual([]);
}

const slug = (path: string) => path.replace(/^\/admin\/?/, '').replace(/\//g, '-') || 'dashboard';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[ADMIN][SCREENS] ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('every console screen renders its data without serious accessibility violations', async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await signInOperator(page, request);
      for (const [path, heading] of SCREENS) {
        await page.goto(path);
        await consoleSettled(page, heading);
        await expect(page.getByRole('navigation', { name: '콘솔 메뉴' })).toBeVisible();
        await page.screenshot({
          path: join(shots, `admin-${slug(path)}-1440-${colorScheme}.png`),
          fullPage: true,
        });
        await test.step(path, () => expectNoSeriousViolations(page));
      }
    });

    test('the dashboard on a phone: menu behind a button, nothing wider than the screen', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInOperator(page, request);
      await page.goto('/admin');
      await consoleSettled(page, '대시보드');
      await expect(page.getByRole('navigation', { name: '콘솔 메뉴' })).not.toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shots, `admin-dashboard-390-${colorScheme}.png`), fullPage: true });
      await page.getByRole('button', { name: '메뉴 열기' }).click();
      await expect(page.getByRole('navigation', { name: '콘솔 메뉴' })).toBeInViewport();
      await page.getByRole('link', { name: '회원', exact: true }).click();
      await consoleSettled(page, '회원');
      await expect(page.getByRole('navigation', { name: '콘솔 메뉴' })).not.toBeInViewport();
    });

    test('a dialog that takes something away (suspend): its form and red submit have no serious violations', async ({
      page,
      request,
    }) => {
      const member = await registerMember(request);
      await signInOperator(page, request);
      await page.goto(`/admin/members/${member.id}`);
      await consoleSettled(page, member.id);
      await page.getByRole('button', { name: '정지', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '회원 정지' });
      await expect(dialog.getByLabel('사유')).toBeVisible();
      await page.screenshot({ path: join(shots, `admin-member-suspend-dialog-1440-${colorScheme}.png`) });
      await expectNoSeriousViolations(page);
    });
  });
}
