import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { consoleSettled, signInOperator } from './helpers/operator';
import { uniqueMemberId } from './helpers/session';
import { restoreSettings, setSettings } from './helpers/settings';
import { test } from './helpers/test';

/**
 * Small things an operator notices, in the built product at 1440 and 390 px: a hand-entered
 * deposit lists the reason typed for it (as text), 지금 동기화 says it is running and then what it did,
 * a refused setting's error goes once the value is edited, and the console tables' headers and product
 * names are whole (wrapped, not cut, and not lying under the pinned 작업 column).
 */
const shots = join(import.meta.dirname, '../../.tmp/screenshots');
mkdirSync(shots, { recursive: true });

test.afterEach(async ({ request }) => {
  await restoreSettings(request);
});

/** Every header cell of the table shows its whole text: nothing clipped past its box. */
async function clippedHeaders(table: Locator): Promise<string[]> {
  return table
    .locator('thead th')
    .evaluateAll((cells) =>
      cells
        .filter(
          (cell) => cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1,
        )
        .map((cell) => cell.textContent ?? ''),
    );
}

/**
 * The header cells lying (partly) under the pinned 작업 column as the table stands: their name is cut
 * at its edge. None when nothing is pinned.
 */
async function headersUnderPinned(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const pinned = element.querySelector('thead th.data-table-sticky-end');
    if (!pinned) return [];
    const edge = pinned.getBoundingClientRect().left;
    return Array.from(element.querySelectorAll('thead th'))
      .filter((cell) => cell !== pinned && cell.getBoundingClientRect().right > edge + 0.5)
      .filter((cell) => cell.getBoundingClientRect().left < edge)
      .map((cell) => cell.textContent ?? '');
  });
}

/** The element at the centre of `cell` (scrolled into view) is the cell or inside it: nothing covers it. */
async function uncovered(page: Page, cell: Locator): Promise<boolean> {
  await cell.scrollIntoViewIfNeeded();
  return cell.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

for (const width of [1440, 390]) {
  test.describe(`[ADMIN][ISSUE32] at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('입금 내역 lists a hand-entered deposit with the reason typed for it, as text', async ({
      page,
      request,
    }) => {
      const token = await signInOperator(page, request);
      const suffix = uniqueMemberId('d').slice(-6);
      const name = `사유${suffix}`;
      const memo = `은행 알림 누락 <b>통장</b> 확인 ${width}`;
      const entered = await request.post('/admin/api/deposits', {
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-memo-${suffix}` },
        data: { depositorName: name, amount: 7_777, memo },
      });
      expect(entered.ok(), await entered.text()).toBe(true);
      const { deposit } = (await entered.json()) as { deposit: { reference: string } };

      await page.goto('/admin/deposits?status=UNMATCHED');
      await consoleSettled(page, '입금 내역');
      const table = page.getByRole('table', { name: '입금 목록' });
      const row = table.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText(`등록 사유 ${memo}`);
      await expect(row).not.toContainText(deposit.reference);
      await expect(row.locator('b')).toHaveCount(0);
      const note = row.getByTitle(memo);
      await note.scrollIntoViewIfNeeded();
      await expect(note).toBeVisible();

      // Headers whole on this table too, none under the pinned column at rest.
      expect(await clippedHeaders(table)).toEqual([]);
      expect(await headersUnderPinned(table)).toEqual([]);
      await page.screenshot({ path: join(shots, `issue32-deposits-${width}.png`), fullPage: true });
    });

    test('지금 동기화 shows it is running, then what it did', async ({ page, request }) => {
      await signInOperator(page, request);
      // The answer is held a moment, so the running state can be seen (the simulated provider is instant).
      let release: (() => void) | undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/admin/api/providers/*/sync', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/admin/providers');
      await consoleSettled(page, '공급사');
      const card = page.getByRole('article', { name: '시뮬레이션 공급사 (데모) 동기화' });
      const button = card.getByRole('button', { name: '시뮬레이션 공급사 (데모) 지금 동기화' });
      const result = card.getByRole('status', { name: '시뮬레이션 공급사 (데모) 동기화 결과' });
      await button.click();
      await expect(button).toBeDisabled();
      await expect(button).toHaveText('동기화 중…');
      await expect(result).toContainText('반영하는 중입니다');
      release!();
      await expect(result).toContainText(/동기화 완료: (바뀐 상품 없음|상품 \d+개 변경)/);
      await expect(result).toContainText(/아직 가져오지 않은 공급사 상품 \d+개/);
      await expect(button).toBeEnabled();
      await expect(button).toHaveText('지금 동기화');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `issue32-sync-${width}.png`) });
    });

    test("a refused setting's error goes once the value is edited, and 저장됨 after a good save", async ({
      page,
      request,
    }) => {
      await setSettings(request, { SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_e2e' });
      await signInOperator(page, request);
      await page.goto('/admin/settings');
      await consoleSettled(page, '사이트 설정');
      const input = page.getByRole('textbox', { name: '카카오톡 채널 주소' });
      const field = page.locator('form').filter({ has: input });
      await input.fill('pf.kakao.com/_nohttp');
      await field.getByRole('button', { name: '저장' }).click();
      await expect(field.getByRole('alert')).toBeVisible();
      await input.press('End');
      await input.pressSequentially('x');
      await expect(field.getByRole('alert')).toHaveCount(0);
      await input.fill('https://pf.kakao.com/_e2e2');
      await field.getByRole('button', { name: '저장' }).click();
      await expect(field.getByText('저장됨')).toBeVisible();
      await expect(field.getByRole('alert')).toHaveCount(0);
    });

    test('console tables: headers and product names whole, none under the pinned 작업 column', async ({
      page,
      request,
    }) => {
      await signInOperator(page, request);
      await page.goto('/admin/catalog');
      await consoleSettled(page, '플랫폼·상품');
      const table = page.locator('.data-table table').first();
      await expect(table.locator('tbody tr').first()).toBeVisible();
      expect(await clippedHeaders(table)).toEqual([]);
      const name = table.locator('tbody tr').first().locator('td').nth(1);
      // The product name wraps in its cell (never cut) and nothing lies over it once scrolled to.
      expect(await name.evaluate((cell) => cell.scrollWidth <= cell.clientWidth + 1)).toBe(true);
      expect(await uncovered(page, name)).toBe(true);
      const pinned = await table.locator('th.data-table-sticky-end').count();
      if (width === 390) {
        // On a phone the 작업 column is not pinned: it would leave a slit for everything else.
        expect(pinned).toBe(0);
      } else {
        expect(pinned).toBe(1);
        // Scrolled to the end, every header lies clear of the pinned column.
        await table.evaluate((element) => {
          const frame = element.closest('.data-table-scroll')!;
          frame.scrollLeft = frame.scrollWidth;
        });
        expect(await headersUnderPinned(table)).toEqual([]);
      }
      await page.screenshot({ path: join(shots, `issue32-catalog-${width}.png`), fullPage: true });
    });
  });
}
