import type { Service } from '@smm/domain/contract';
import type { APIRequestContext, Browser } from '@playwright/test';
import { creditMember } from './helpers/credit';
import { consoleSettled, operatorToken, signInOperator } from './helpers/operator';
import { signInNewMember } from './helpers/session';
import { expect, hidePopupsForToday, test } from './helpers/test';

/**
 * docs/product.md#mass-order and #inquiries, end to end: a member pastes five lines with one bad and
 * places four; asks about one of them in a 1:1 문의; the operator refills that order from the inquiry and
 * answers with a saved answer (자주 쓰는 답변); the member sees the unread badge and the answer.
 */

/** A saved answer of the operator's, made over the console's API (its own screen is tested elsewhere). */
async function savedAnswer(request: APIRequestContext, title: string, text: string) {
  const token = await operatorToken(request);
  const response = await request.post('/admin/api/saved-answers', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, text },
  });
  expect(response.ok(), `saved answer ${await response.text()}`).toBe(true);
}

/** The operator in a browser context of their own, at the member's width. */
async function operatorPage(browser: Browser, request: APIRequestContext, width: number) {
  const context = await browser.newContext({
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width, height: 900 },
  });
  await hidePopupsForToday(context, request);
  const page = await context.newPage();
  await signInOperator(page, request);
  return { page, close: () => context.close() };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`[INQUIRY][WALK] ${viewport.width} px: mass order, an inquiry about one order, refilled and answered from the console, the member sees the answer`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const member = await signInNewMember(page, request);
    await creditMember(request, member.id, 100_000);
    // The demo catalogue's first orderable product (인스타그램 한국인 팔로워) has a 30-day refill; the e2e
    // server's simulated provider completes every order (playwright.config.ts).
    const services = (await (await request.get('/service/services')).json()) as Service[];
    const service = services.find((s) => s.type === 'default' && !s.isReadOnly);
    if (!service) throw new Error('no orderable demo service');
    const links = [1, 2, 3, 4].map((n) => `https://instagram.com/walk${member.id}-${n}`);
    const text = [
      ...links.slice(0, 2).map((l) => `${service.id} | ${l} | ${service.min}`),
      `${service.id} | https://instagram.com/walk${member.id}-bad | 0`,
      ...links.slice(2).map((l) => `${service.id} | ${l} | ${service.min}`),
    ].join('\n');

    // 1. Five lines, one bad: four placed, each its own order.
    await page.goto('/mass-order');
    await page.getByLabel('주문 목록').fill(text);
    await page.getByRole('button', { name: '확인하기' }).click();
    await expect(page.getByText('주문 가능 4줄 · 오류 1줄')).toBeVisible();
    await page.getByRole('button', { name: '4건 주문하기' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '주문하기' }).click();
    await expect(page.getByRole('cell', { name: /^주문번호 #\d+$/ })).toHaveCount(4);
    const orderCell = await page
      .getByRole('cell', { name: /^주문번호 #\d+$/ })
      .first()
      .textContent();
    const orderId = Number(/#(\d+)/.exec(orderCell ?? '')?.[1]);
    expect(orderId).toBeGreaterThan(0);

    // 2. An inquiry about the first one, from its row in 주문내역 once it is complete.
    await page.goto('/order-history');
    const row = (viewport.width >= 1280 ? page.getByRole('row') : page.getByRole('listitem')).filter({
      hasText: links[0]!,
    });
    await expect(async () => {
      await page.reload();
      await expect(row.getByText('주문완료')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    await row.getByRole('link', { name: '문의하기' }).click();
    await expect(page).toHaveURL(new RegExp(`/inquiries\\?orderId=${orderId}$`));
    await page.getByLabel('문의 유형').selectOption({ label: '주문 문제 · 리필' });
    await expect(page.getByLabel('주문번호')).toHaveValue(String(orderId));
    const title = `팔로워가 줄었어요 ${member.id}`;
    await page.getByLabel('제목').fill(title);
    await page.getByLabel('내용').fill('이틀 만에 팔로워가 절반으로 줄었습니다. 리필 부탁드립니다.');
    await page.getByRole('button', { name: '문의 남기기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('답변 대기')).toBeVisible();

    // 3. The operator: the queue, the thread with the linked order, a refill, a saved answer.
    const answer = `리필을 요청했습니다. 1~2일 안에 채워집니다. (${member.id})`;
    await savedAnswer(request, `리필 안내 ${member.id}`, answer);
    const operator = await operatorPage(browser, request, viewport.width);
    try {
      const console = operator.page;
      await console.goto('/admin/inquiries');
      await consoleSettled(console, '1:1 문의');
      await console.getByRole('link', { name: title }).click();
      await consoleSettled(console, title);
      const linked = console.getByRole('complementary', { name: '연결된 주문·충전' });
      await expect(linked.getByText(links[0]!)).toBeVisible();
      await linked.getByRole('button', { name: `주문 ${orderId} 리필 요청` }).click();
      const dialog = console.getByRole('dialog', { name: '리필 요청' });
      await dialog.getByRole('button', { name: '리필 요청' }).click();
      await expect(
        console.getByText(`주문 #${orderId}의 리필을 요청했습니다.`, { exact: false }),
      ).toBeVisible();
      await expect(linked.getByText(/리필/).first()).toBeVisible();

      await console.getByLabel('자주 쓰는 답변').selectOption({ label: `리필 안내 ${member.id}` });
      await expect(console.getByLabel('회원에게 보낼 답변')).toHaveValue(answer);
      await console.getByRole('button', { name: '답변 보내기' }).click();
      await expect(console.getByRole('list', { name: '대화' }).getByText(answer)).toBeVisible();
    } finally {
      await operator.close();
    }

    // 4. The member: the unread badge in the menu, 새 답변 on the order's row, the answer in the thread.
    await page.goto('/order');
    if (viewport.width >= 1280) {
      await expect(
        page.getByRole('navigation', { name: '주요 메뉴' }).getByLabel('읽지 않은 답변 1건'),
      ).toBeVisible();
    } else {
      await page.getByRole('button', { name: '메뉴 열기' }).click();
      await expect(
        page.getByRole('navigation', { name: '모바일 메뉴' }).getByLabel('읽지 않은 답변 1건'),
      ).toBeVisible();
      await page.getByRole('button', { name: '메뉴 닫기' }).click();
    }
    await page.goto('/order-history');
    await expect(row.getByRole('link', { name: '새 답변' })).toBeVisible();
    await row.getByRole('link', { name: '새 답변' }).click();
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page.getByRole('list', { name: '문의 내용' }).getByText(answer)).toBeVisible();
    await expect(page.getByText('답변 완료')).toBeVisible();
    // Read: the badge is gone.
    await page.goto('/order');
    await expect(page.getByLabel('읽지 않은 답변 1건')).toHaveCount(0);
  });
}
