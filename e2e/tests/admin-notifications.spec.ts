import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { consoleSettled, signInOperator } from './helpers/operator';
import { latestMessageTo } from './helpers/outbox';
import { restoreSettings, setSettings } from './helpers/settings';
import { test } from './helpers/test';

/**
 * The console's 알림 screen (operator notifications, docs/ARCHITECTURE.md#operator-notifications) in the
 * built product: the operator chooses an address and Telegram and saves; the e2e server has no SMTP and
 * no bot, so the screen says so and the test message lands in the development outbox (e-mail and channel
 * 'telegram'); the simulated provider's ₩1,000,000 under a 2,000,000 minimum becomes a notification in
 * the list. At 1440 and 390 px, light and dark; nothing wider than the screen; axe at 1440.
 */
const shots = join(import.meta.dirname, '../../.tmp/screenshots');
mkdirSync(shots, { recursive: true });
const ADDRESS = 'ops-e2e@example.com';

test.afterEach(async ({ request }) => {
  await restoreSettings(request);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[ADMIN][NOTIFY] ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const width of [1440, 390]) {
      test(`알림: choose channels, send a test message, see a provider's notification, at ${width} px`, async ({
        page,
        request,
      }) => {
        test.setTimeout(90_000);
        // Remember the stored choices (put back afterwards), then start from none.
        await setSettings(request, {
          NOTIFY_EMAILS: '',
          NOTIFY_TELEGRAM: 'false',
          NOTIFY_KINDS: '',
          NOTIFY_LARGE_CHARGE_WON: '',
          WATCH_PROVIDER_MIN_BALANCE: '2000000',
        });
        await page.setViewportSize({ width, height: 900 });
        await signInOperator(page, request);
        await page.goto('/admin/notifications');
        await consoleSettled(page, '알림');
        await expect(page.getByText(/SMTP가 설정되지 않아/)).toBeVisible();
        await expect(page.getByText(/텔레그램 봇이 설정되지 않았습니다/)).toBeVisible();

        await page.getByLabel('알림 받을 이메일').fill(ADDRESS);
        await page.getByRole('switch', { name: '텔레그램 알림' }).check();
        await page.getByRole('button', { name: '저장', exact: true }).click();
        await expect(page.getByText('저장됨')).toBeVisible();

        if (width === 1440 && colorScheme === 'light') {
          // One test message per 30 s: this variant sends it.
          const since = new Date();
          await page.getByRole('button', { name: '테스트 메시지 보내기' }).click();
          await expect(page.getByText('테스트 메시지: 이메일 보냄 · 텔레그램 보냄')).toBeVisible();
          const mail = await latestMessageTo(ADDRESS, { since, pattern: /테스트 알림/ });
          expect(mail.subject).toBe('[SMM 패널] 테스트 알림');
          const telegram = await latestMessageTo('telegram', { since, pattern: /테스트 알림/ });
          expect(telegram.channel).toBe('telegram');
        }

        // The low provider is recorded within a scan (at most every 30 s) and listed.
        const notice = page.getByRole('listitem').filter({ hasText: '공급사 점검: 잔액 부족' }).first();
        await expect
          .poll(
            async () => {
              await page.reload();
              await consoleSettled(page, '알림');
              return notice.isVisible();
            },
            { timeout: 60_000, intervals: [2_000, 5_000] },
          )
          .toBe(true);
        await expect(notice).toContainText('잔액 부족 (₩1,000,000)');
        await expect(notice).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(shots, `admin-notifications-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        if (width === 1440) {
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
          expect(
            results.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          ).toEqual([]);
        }
      });
    }
  });
}
