import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { consoleSettled, operatorToken, signInOperator } from './helpers/operator';
import { loginMember, registerMember } from './helpers/session';
import { restoreSettings, setSettings } from './helpers/settings';
import { test } from './helpers/test';

/**
 * The watch (확인 필요, docs/product.md#operator-console) in the built product: the operator lowers two
 * thresholds on the settings API so that what the demo has right now needs attention (a pending
 * charge lapses within 4 hours; the simulated provider's ₩1,000,000 is under a 2,000,000 minimum),
 * then sees both on the screen and on the dashboard's card, at 1440 and 390 px, light and dark.
 */
const shots = join(import.meta.dirname, '../../.tmp/screenshots');
mkdirSync(shots, { recursive: true });

/** Charges this spec asked for, rejected afterwards so that no later spec finds them waiting. */
const askedCharges: number[] = [];

test.afterEach(async ({ request }) => {
  await restoreSettings(request);
  const token = await operatorToken(request);
  for (const id of askedCharges.splice(0)) {
    const rejected = await request.post(`/admin/api/charges/${id}/reject`, {
      headers: { authorization: `Bearer ${token}` },
      data: { memo: 'e2e 정리' },
    });
    expect(rejected.ok(), `reject charge ${id}`).toBe(true);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[ADMIN][WATCH] ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const width of [1440, 390]) {
      test(`확인 필요 lists a lapsing charge and a low provider, linked to their screens, at ${width} px`, async ({
        page,
        request,
      }) => {
        const member = await registerMember(request);
        // Unique per run: two members may not wait for one depositor name and amount.
        const point = 10_000 + Math.floor(Math.random() * 90_000);
        const token = await loginMember(request, member.id, member.password);
        const charge = await request.post('/service/point', {
          headers: { authorization: `Bearer ${token}` },
          data: { name: `감시${width}${colorScheme}`, point, feeType: 2, feeValue: null },
        });
        expect(charge.ok(), await charge.text()).toBe(true);
        askedCharges.push(((await charge.json()) as { id: number }).id);
        await setSettings(request, {
          WATCH_CHARGE_LAPSE_MINUTES: '240',
          WATCH_PROVIDER_MIN_BALANCE: '2000000',
        });

        await page.setViewportSize({ width, height: 900 });
        await signInOperator(page, request);
        await page.goto('/admin');
        await consoleSettled(page, '대시보드');
        const card = page.getByRole('link', { name: /^확인 필요 \d+건$/ });
        await expect(card).toContainText('곧 만료되는 충전 신청');
        await expect(card).toContainText('공급사 점검');
        await card.screenshot({ path: join(shots, `admin-watch-card-${width}-${colorScheme}.png`) });
        await card.click();

        await consoleSettled(page, '확인 필요');
        await expect(page).toHaveURL(/\/admin\/watch$/);
        const charges = page.locator('section', {
          has: page.getByRole('heading', { name: '곧 만료되는 충전 신청' }),
        });
        const entry = charges.getByRole('listitem').filter({ hasText: member.id });
        await expect(entry).toContainText(`₩${point.toLocaleString('ko-KR')}`);
        await expect(entry).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 만료/);
        await expect(entry.getByRole('link', { name: '입금 내역 확인 후 수락' })).toHaveAttribute(
          'href',
          `/admin/charges?status=0&q=${member.id}`,
        );
        const providers = page.locator('section', {
          has: page.getByRole('heading', { name: '공급사 점검' }),
        });
        await expect(providers).toContainText('잔액 부족 (₩1,000,000)');

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(shots, `admin-watch-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        // At 1440 px, as admin-screens.spec.ts checks every screen (the phone layout's menu button is its own matter).
        if (width === 1440) {
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
          expect(
            results.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          ).toEqual([]);
        }

        await entry.getByRole('link', { name: `충전 신청 #`, exact: false }).first().click();
        await consoleSettled(page, '충전 신청');
        await expect(page.getByText(member.id).first()).toBeVisible();
      });
    }
  });
}
