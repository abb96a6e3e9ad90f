import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext } from '@playwright/test';
import { creditMember } from './helpers/credit';
import { consoleSettled, operatorToken, signInOperator } from './helpers/operator';
import { loginMember, registerMember } from './helpers/session';
import { test } from './helpers/test';

/**
 * Provider health (공급사 → 상태, docs/product.md#operator-console) in the built product: the operator runs
 * the demo's simulated provider dry from the console, a member's order is refused and the refusal shows
 * in the provider's last errors; 신규 주문 전송 중지 holds the next order back (counted as waiting) until
 * the switch is off again. At 1440 and 390 px, light and dark; nothing wider than the screen; axe.
 */
const shots = join(import.meta.dirname, '../../.tmp/screenshots');
mkdirSync(shots, { recursive: true });

async function simulatedProviderId(request: APIRequestContext, token: string): Promise<number> {
  const list = await request.get('/admin/api/providers', { headers: { authorization: `Bearer ${token}` } });
  const providers = (await list.json()) as { id: number; apiUrl: string }[];
  return providers.find((p) => p.apiUrl === 'builtin:simulated')!.id;
}

// The simulator's switches and the stop-sending switch are shared by every spec: always put them back.
test.afterEach(async ({ request }) => {
  const token = await operatorToken(request);
  const headers = { authorization: `Bearer ${token}` };
  await request.put('/admin/api/simulated-provider/mode', { headers, data: { dry: false, silent: false } });
  const id = await simulatedProviderId(request, token);
  await request.put(`/admin/api/providers/${id}/sending`, { headers, data: { paused: false } });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[ADMIN][PROVIDER-HEALTH] ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const width of [1440, 390]) {
      test(`상태 shows a dry provider's refusals and holds orders while sending is stopped, at ${width} px`, async ({
        page,
        request,
      }) => {
        const member = await registerMember(request);
        await creditMember(request, member.id, 100_000);
        const memberToken = await loginMember(request, member.id, member.password);
        const order = async (link: string) => {
          const placed = await request.post('/service/order', {
            headers: { authorization: `Bearer ${memberToken}` },
            data: { serviceId: 1, link, amount: 10 },
          });
          expect(placed.ok(), await placed.text()).toBe(true);
          return ((await placed.json()) as { orderId: number }).orderId;
        };

        await page.setViewportSize({ width, height: 900 });
        await signInOperator(page, request);
        await page.goto('/admin/providers');
        await consoleSettled(page, '공급사');
        const card = page.getByRole('article', { name: '시뮬레이션 공급사 (데모) 상태' });
        await expect(card).toBeVisible();

        // 잔액 소진: the simulator refuses the next order; the console shows the refusal.
        const demo = card.getByRole('group', { name: '데모 공급사 장애 조작' });
        await demo.getByRole('switch', { name: '잔액 소진' }).click();
        await expect(demo.getByRole('switch', { name: '잔액 소진' })).toHaveAttribute('aria-checked', 'true');
        await order(`https://instagram.com/p/dry${width}${colorScheme}${Date.now()}`);
        await expect
          .poll(
            async () => {
              await page.reload();
              return card
                .getByRole('table', { name: '최근 오류' })
                .textContent({ timeout: 5000 })
                .catch(() => '');
            },
            { timeout: 20_000 },
          )
          .toContain('Not enough funds on balance');
        await expect(card.getByRole('table', { name: '최근 오류' })).toContainText('주문 전송');
        await demo.getByRole('switch', { name: '잔액 소진' }).click();
        await expect(demo.getByRole('switch', { name: '잔액 소진' })).toHaveAttribute(
          'aria-checked',
          'false',
        );

        // 신규 주문 전송 중지: the next order waits, counted, until the switch is off.
        const stop = card.getByRole('switch', { name: '신규 주문 전송 중지' });
        await stop.click();
        await expect(stop).toHaveAttribute('aria-checked', 'true');
        await expect(card.getByText('전송 중지됨')).toBeVisible();
        await order(`https://instagram.com/p/wait${width}${colorScheme}${Date.now()}`);
        await page.waitForTimeout(2500); // a few of the loop's 1 s ticks: it is not sent
        await page.reload();
        const waitingWhileStopped = card.getByText(/전송을 기다리는 주문 [1-9]\d*건/);
        await expect(waitingWhileStopped).toBeVisible();
        // The dry provider's refused order is counted too: it waits with back-off, it is not refunded.
        const stoppedCount = Number(
          /주문 (\d+)건/.exec((await waitingWhileStopped.textContent()) ?? '')?.[1],
        );

        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await card.screenshot({ path: join(shots, `admin-provider-health-${width}-${colorScheme}.png`) });
        if (width === 1440) {
          const results = await new AxeBuilder({ page })
            .include('.health-section')
            .withTags(['wcag2a', 'wcag2aa'])
            .analyze();
          expect(results.violations).toEqual([]);
        }

        await stop.click();
        await expect(stop).toHaveAttribute('aria-checked', 'false');
        await expect
          .poll(
            async () => {
              await page.reload();
              const text = await card
                .getByText(/공급사 전송 대기 주문 \d+건/)
                .textContent({ timeout: 5000 })
                .catch(() => '');
              return Number(/대기 주문 (\d+)건/.exec(text ?? '')?.[1] ?? Number.POSITIVE_INFINITY);
            },
            { timeout: 20_000 },
          )
          // The order held by the switch goes at once; the refused one follows after its back-off.
          .toBeLessThan(stoppedCount);
      });
    }
  });
}
