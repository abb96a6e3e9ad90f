import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { v2Rate } from '@smm/domain';
import type { PublicService, Service, V2Service } from '@smm/domain/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { creditMember } from './helpers/credit';
import { consoleSettled, signInOperator } from './helpers/operator';
import { signInNewMember } from './helpers/session';
import { expect, hidePopupsForToday, test } from './helpers/test';

/**
 * docs/product.md#member-grades-and-custom-rates and #referral-rewards-and-charge-bonuses, end to end:
 * the operator gives a member 골드 (5 %) on the member's 등급·단가 tab; the member sees the graded price
 * on the order form and is charged it, the public API lists it, /account names the grade, and /point
 * shows the demo's charge bonus (+3 % from ₩100,000) before the transfer.
 *
 * Hand-computed: the demo catalog's first product (인스타그램 한국인 팔로워) is ₩60 a follower, at least
 * 10; 5 % off is ₩57, so 10 cost ₩570. ₩100,000 at 3 % is a bonus of ₩3,000, ₩103,000 credited.
 */
const SHOTS = '/tmp/shots-member-pricing';

async function shot(page: Page, name: string, width: number) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

/** The operator, in a browser of their own at the member's width, pins 골드 on the member's tab. */
async function giveGold(browser: Browser, request: APIRequestContext, loginId: string, width: number) {
  const context = await browser.newContext({
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width, height: 900 },
  });
  try {
    await hidePopupsForToday(context, request);
    const page = await context.newPage();
    await signInOperator(page, request);
    await page.goto(`/admin/members/${loginId}`);
    await consoleSettled(page, new RegExp(loginId));
    await page.getByRole('tab', { name: '등급·단가' }).click();
    const form = page.getByRole('form', { name: '회원 등급' });
    const grade = form.getByLabel('회원 등급');
    const gold = await grade.locator('option', { hasText: '골드' }).getAttribute('value');
    await grade.selectOption(gold!);
    await form.getByLabel('수동 고정', { exact: false }).check();
    await form.getByLabel('메모').fill('리셀러 등급 (e2e)');
    await form.getByRole('button', { name: '등급 저장' }).click();
    await expect(page.getByText('회원 등급을 저장했습니다.')).toBeVisible();
    await shot(page, 'console-member-grade', width);
  } finally {
    await context.close();
  }
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`[PRICING][WALK] ${viewport.width} px: a member given 골드 sees and pays 5 % less on the form and in the API, and the charge bonus on /point`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const member = await signInNewMember(page, request);
    await creditMember(request, member.id, 10_000);
    await giveGold(browser, request, member.id, viewport.width);

    // The order form: the graded unit price and total, and the debit of exactly that.
    await page.goto('/order');
    const form = page.getByRole('region', { name: '주문하기' });
    await form.getByLabel('플랫폼').selectOption({ label: '인스타그램' });
    await expect(form.getByLabel('주문 수량')).toHaveValue('10');
    await expect(form.locator('.service-price strong')).toHaveText('₩57');
    await expect(form.locator('.service-list-price')).toHaveText('정가 ₩60');
    await expect(form.getByText('₩570', { exact: true })).toBeVisible();
    await shot(page, 'order-form-graded', viewport.width);
    await form.getByLabel('주문 링크').fill(`https://instagram.com/graded${member.id}`);
    await form.getByRole('button', { name: '주문하기' }).click();
    const card = page.getByRole('region', { name: '주문이 접수되었습니다' });
    await expect(card.getByText('₩570')).toBeVisible();
    await expect(page.locator('.greeting-balance strong')).toHaveText('₩9,430');

    // The public API with the member's key: REST and v2 list the same graded price; a guest's list does not.
    const issued = await request.post('/auth/api-key', {
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(issued.ok(), 'issue the API key').toBe(true);
    const { apiKey } = (await issued.json()) as { apiKey: string };
    const guestList = (await (await request.get('/service/services')).json()) as Service[];
    const first = guestList.find((s) => s.text.includes('한국인 팔로워'))!;
    expect(first.unitPriceMilli).toBe(60_000);
    const restList = (await (
      await request.get('/api/services', { headers: { 'api-key': apiKey } })
    ).json()) as PublicService[];
    expect(restList.find((s) => s.id === first.id)?.price).toBe(57);
    const v2 = (await (
      await request.post('/api/v2', { form: { key: apiKey, action: 'services' } })
    ).json()) as V2Service[];
    expect(v2.find((s) => s.service === first.id)?.rate).toBe(v2Rate(57_000));

    // /account: the grade and what it gives.
    await page.goto('/account');
    await expect(page.getByTestId('my-grade')).toHaveText('골드 (5% 할인)');
    await shot(page, 'account-grade', viewport.width);

    // /point: ₩100,000 shows the 3 % bonus and what is credited, before any transfer.
    await page.goto('/point');
    await page.getByLabel('입금자명').fill('홍길동');
    await page.getByLabel('충전금액', { exact: true }).fill('100000');
    const bonus = page.locator('.charge-bonus');
    await expect(bonus).toContainText('충전 보너스 +₩3,000 (3%)');
    await expect(bonus).toContainText('충전되는 포인트 ₩103,000');
    await expect(bonus).toContainText('보너스 포인트는 현금으로 환불되지 않습니다.');
    await bonus.scrollIntoViewIfNeeded();
    await shot(page, 'point-bonus', viewport.width);
  });
}
