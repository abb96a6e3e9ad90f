import { formatWon, orderCostWon, ORDER_MESSAGES } from '@smm/domain';
import type { Service } from '@smm/domain/contract';
import { expect, test } from './helpers/test';
import { creditMember } from './helpers/credit';
import { signInNewMember } from './helpers/session';

// docs/product.md#mass-order: five pasted lines, one of them bad; the four are placed, each its own order.
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`[MASS ORDER][MEMBER] ${viewport.width} px: five lines with one bad, four placed with their order numbers, CSV`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const member = await signInNewMember(page, request);
    await creditMember(request, member.id, 1_000_000);
    const services = (await (await request.get('/service/services')).json()) as Service[];
    const service = services.find((s) => s.type === 'default' && !s.isReadOnly);
    if (!service) throw new Error('no orderable demo service');
    const links = [1, 2, 3, 4].map((n) => `https://instagram.com/p/${member.id}-${n}`);
    const text = [
      ...links.slice(0, 2).map((l) => `${service.id} | ${l} | ${service.min}`),
      `${service.id} | https://instagram.com/p/${member.id}-bad | abc`,
      ...links.slice(2).map((l) => `${service.id}|${l}|${service.min}`),
    ].join('\n');
    const total = 4 * orderCostWon(service.unitPriceMilli, service.min, 0);

    await page.goto('/order');
    if (viewport.width >= 1280) {
      await page
        .getByRole('navigation', { name: '주요 메뉴' })
        .getByRole('link', { name: '대량 주문' })
        .click();
    } else {
      await page.goto('/mass-order');
    }
    await expect(page.getByRole('heading', { level: 1, name: '대량 주문' })).toBeVisible();
    await page.getByLabel('주문 목록').fill(text);
    await page.getByRole('button', { name: '확인하기' }).click();
    await expect(page.getByText('주문 가능 4줄 · 오류 1줄 · 총 금액')).toContainText(formatWon(total));
    await expect(page.getByRole('cell', { name: ORDER_MESSAGES.AMOUNT_NOT_INTEGER })).toBeVisible();

    await page.getByRole('button', { name: '4건 주문하기' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`4건을 ${formatWon(total)}에 주문합니다.`);
    await dialog.getByRole('button', { name: '주문하기' }).click();

    await expect(page.getByRole('heading', { name: '주문 결과' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^주문번호 #\d+$/ })).toHaveCount(4);
    await expect(page.getByRole('cell', { name: ORDER_MESSAGES.AMOUNT_NOT_INTEGER })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV 내려받기' }).click();
    expect((await download).suggestedFilename()).toMatch(/^대량주문_\d{8}-\d{4}\.csv$/);

    await page.goto('/order-history');
    for (const link of links) await expect(page.getByText(link).first()).toBeVisible();
  });
}
