import { deflateSync } from 'node:zlib';
import { formatWon } from '@smm/domain';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { creditMember } from './helpers/credit';
import { postDeposit } from './helpers/deposit';
import { consoleSettled, OPERATOR, operatorToken, signInOperator } from './helpers/operator';
import { loginMember, registerMember, storeTokenInPage } from './helpers/session';
import { expect, hidePopupsForToday, test } from './helpers/test';

/**
 * [ADMIN] The operator's day, end to end in the real browser: each change made in the console is seen
 * on the member site by a member in another browser context.
 */

/** A member signed in in a context of their own (the operator keeps the test's page). */
async function memberPage(
  browser: Browser,
  request: APIRequestContext,
  options: { hidePopups?: boolean } = {},
) {
  const { id, password } = await registerMember(request);
  const token = await loginMember(request, id, password);
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  if (options.hidePopups !== false) await hidePopupsForToday(context, request);
  const page = await context.newPage();
  await storeTokenInPage(page, token);
  return { id, token, page, close: () => context.close() };
}

async function settingValue(request: APIRequestContext, token: string, key: string): Promise<string> {
  const response = await request.get('/admin/api/settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await response.json()) as { key: string; value: string }[];
  return list.find((setting) => setting.key === key)?.value ?? '';
}

async function putSetting(request: APIRequestContext, token: string, key: string, value: string) {
  const response = await request.put(`/admin/api/settings/${key}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { value },
  });
  expect(response.ok(), `restore ${key}`).toBe(true);
}

async function memberBalance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/auth/profile', { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { point: number }).point;
}

/** A charge request as the member's /point form sends it (no receipt). */
async function requestCharge(request: APIRequestContext, token: string, name: string, point: number) {
  const response = await request.post('/service/point', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, point, feeType: 2, feeValue: null },
  });
  expect(response.ok(), `charge request ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number; payable: number };
}

/** A real 8×8 PNG (solid color): the server checks the bytes, not the name. */
function pngImage(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [225, 29, 72]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openConsole(page: Page, request: APIRequestContext, path: string, heading: string) {
  await signInOperator(page, request);
  await page.goto(path);
  await consoleSettled(page, heading);
}

test('[ADMIN][SETTINGS]: the operator logs in, changes SITE_MAIN_COLOR and ENABLE_QNA, and the member site shows both', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const token = await operatorToken(request);
  const before = {
    SITE_MAIN_COLOR: await settingValue(request, token, 'SITE_MAIN_COLOR'),
    ENABLE_QNA: await settingValue(request, token, 'ENABLE_QNA'),
  };
  try {
    // A real login on the login screen, then the console from the top bar.
    await page.goto('/login');
    await page.getByLabel('아이디', { exact: true }).fill(OPERATOR.id);
    await page.getByLabel('비밀번호', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /운영자 콘솔/ })
      .first()
      .click();
    await consoleSettled(page, '대시보드');
    await page
      .getByRole('navigation', { name: '콘솔 메뉴' })
      .getByRole('link', { name: '사이트 설정' })
      .click();
    await consoleSettled(page, '사이트 설정');

    const color = page
      .locator('form.setting-field')
      .filter({ has: page.getByLabel('대표 색상', { exact: true }) });
    await color.getByLabel('대표 색상', { exact: true }).fill('#e11d48');
    await color.getByRole('button', { name: '저장' }).click();
    await expect(color.getByText('저장됨')).toBeVisible();

    const qna = page.getByRole('switch', { name: 'FAQ 메뉴' });
    if (await qna.isChecked()) {
      // Start from off, so that turning it on is the change the member sees.
      await qna.click();
      await expect(qna).not.toBeChecked();
    }
    await qna.click();
    await expect(qna).toBeChecked();

    const member = await memberPage(browser, request);
    await member.page.goto('/order');
    await expect(member.page.getByRole('heading', { level: 1, name: '주문하기' })).toBeAttached();
    await expect
      .poll(() =>
        member.page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--main').trim(),
        ),
      )
      .toBe('#e11d48');
    await member.page.getByRole('banner').getByRole('link', { name: '자주 묻는 질문' }).first().click();
    await expect(member.page).toHaveURL(/\/qna$/);
    await expect(member.page.getByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeVisible();
    await member.close();

    // The audit log names the operator and both settings, by their Korean labels (the key is the cell's title).
    await page
      .getByRole('navigation', { name: '콘솔 메뉴' })
      .getByRole('link', { name: '감사 로그' })
      .click();
    await consoleSettled(page, '감사 로그');
    const log = page.getByRole('table');
    await expect(log.getByTitle('SITE_MAIN_COLOR').first()).toHaveText('대표 색상');
    await expect(log.getByTitle('ENABLE_QNA').first()).toHaveText('FAQ 메뉴');
  } finally {
    for (const [key, value] of Object.entries(before)) await putSetting(request, token, key, value);
  }
});

test('[ADMIN][CATALOG]: the operator adds a service, and a member orders it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `E2E 테스트 좋아요 ${Date.now().toString(36)}`;
  await openConsole(page, request, '/admin/catalog', '플랫폼·상품');
  await page
    .getByRole('list', { name: '플랫폼 목록' })
    .getByRole('button', { name: /^인스타그램/ })
    .first()
    .click();
  await page
    .getByRole('list', { name: '카테고리 목록' })
    .getByRole('button', { name: /^인스타그램 좋아요 상품/ })
    .click();
  await page.getByRole('button', { name: '상품 추가' }).click();
  const dialog = page.getByRole('dialog', { name: '상품 추가' });
  await dialog.getByLabel('상품명').fill(name);
  // Above the simulated provider's ₩15 a unit for its service 3: the form refuses a price below cost.
  await dialog.getByLabel('단가 (원, 1개당)').fill('20');
  await dialog.getByLabel('최소 수량').fill('10');
  await dialog.getByLabel('최대 수량').fill('1000');
  await dialog.getByLabel('공급사', { exact: true }).selectOption({ label: '시뮬레이션 공급사 (데모)' });
  await dialog.getByLabel('공급사 상품 ID', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table').getByText(name)).toBeVisible();

  const member = await memberPage(browser, request);
  await creditMember(request, member.id, 1_000);
  await member.page.goto('/order');
  const form = member.page.getByRole('region', { name: '주문하기' });
  await form.getByLabel('플랫폼').selectOption({ label: '인스타그램' });
  await form.getByLabel('카테고리').selectOption({ label: '인스타그램 좋아요' });
  await form.getByLabel('상품').selectOption({ label: name });
  await form.getByLabel('주문 링크').fill(`https://www.instagram.com/p/${member.id}/`);
  await expect(form.getByTestId('order-total')).toHaveText(formatWon(200));
  await form.getByRole('button', { name: '주문하기' }).click();
  await expect(member.page.getByText('주문에 성공했습니다.')).toBeVisible();
  expect(await memberBalance(request, member.token)).toBe(800);
  await member.close();

  // The operator finds the order in the console by the member's id.
  await page.goto(`/admin/orders?member=${member.id}`);
  await consoleSettled(page, '주문');
  await expect(page.getByRole('table').getByText(name)).toBeVisible();
});

test('[ADMIN][CHARGES]: the operator accepts a pending charge and the member balance rises', async ({
  page,
  request,
  browser,
}) => {
  const member = await memberPage(browser, request);
  const depositor = `수락${member.id.slice(-6)}`;
  await requestCharge(request, member.token, depositor, 12_000);
  await member.page.goto('/point');
  await expect(member.page.getByRole('banner').getByText('₩0').first()).toBeVisible();

  await openConsole(page, request, '/admin/charges', '충전 신청');
  const row = page.getByRole('row').filter({ hasText: depositor });
  await row.getByRole('button', { name: '수락' }).click();
  const dialog = page.getByRole('dialog', { name: '충전 신청 수락' });
  await dialog.getByRole('button', { name: '수락하기' }).click();
  await expect(
    page.getByText(`충전 신청을 수락했습니다. ${member.id}님에게 ${formatWon(12_000)}이 충전되었습니다.`),
  ).toBeVisible();

  expect(await memberBalance(request, member.token)).toBe(12_000);
  // The member's open /point page polls while a charge is pending: the top bar rises without a reload.
  await expect(member.page.getByRole('banner').getByText('₩12,000').first()).toBeVisible({ timeout: 15_000 });
  await member.close();
});

test('[ADMIN][DEPOSITS]: the operator attaches an unmatched deposit to the charge it pays for', async ({
  page,
  request,
  browser,
}) => {
  const member = await memberPage(browser, request);
  const depositor = `연결${member.id.slice(-6)}`;
  const charge = await requestCharge(request, member.token, depositor, 23_000);
  // The transfer arrives under another name (a family member's account): nothing matches it.
  const deposit = await postDeposit(request, {
    name: `가족${member.id.slice(-5)}`,
    amount: charge.payable,
    reference: `e2e-unmatched-${member.id}`,
  });
  expect(deposit.status).toBe('UNMATCHED');
  expect(await memberBalance(request, member.token)).toBe(0);
  await member.close();

  await openConsole(page, request, '/admin/deposits', '입금 내역');
  const row = page.getByRole('row').filter({ hasText: `가족${member.id.slice(-5)}` });
  await row.getByRole('button', { name: '충전에 연결' }).click();
  const dialog = page.getByRole('dialog', { name: '충전에 연결' });
  await dialog.getByRole('radio', { name: new RegExp(`#${charge.id} `) }).check();
  await dialog.getByLabel('메모 (선택)').fill('가족 명의 입금 확인');
  await dialog.getByRole('button', { name: '연결하고 충전하기' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => memberBalance(request, member.token)).toBe(23_000);
});

test('[ADMIN][POPUPS]: the operator uploads a popup image and a member sees it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  await openConsole(page, request, '/admin/popups', '팝업');
  await page
    .getByLabel('이미지 파일')
    .setInputFiles({ name: 'event.png', mimeType: 'image/png', buffer: pngImage() });
  const uploaded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/admin/api/popups'),
  );
  await page.getByRole('button', { name: '올리기' }).click();
  const { popup } = (await (await uploaded).json()) as { popup: { id: number; imageUrl: string } };
  expect(popup.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

  try {
    const member = await memberPage(browser, request, { hidePopups: false });
    await member.page.goto('/order');
    // Popups are stacked (the demo popup and this one): closing the one on top shows the next.
    const stack = member.page.getByRole('dialog', { name: /공지 팝업/ });
    await expect(stack).toHaveAccessibleName(/\(1\/2\)/);
    const image = member.page.locator(`img[src="${popup.imageUrl}"]`);
    if (!(await image.isVisible())) await stack.getByRole('button', { name: '닫기' }).click();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await member.close();
  } finally {
    // Other specs expect the demo popup alone.
    const token = await operatorToken(request);
    await request.delete(`/admin/api/popups/${popup.id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

test('[ADMIN][GUARD]: a member never downloads the console; /admin sends them to /order', async ({
  page,
  request,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    const match = /\/assets\/([^/?]+\.js)/.exec(r.url());
    if (match?.[1]) chunks.push(match[1]);
  });
  const { id, password } = await registerMember(request);
  await storeTokenInPage(page, await loginMember(request, id, password));
  await page.goto('/admin/members');
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: '주문하기' })).toBeAttached();
  expect(chunks.filter((file) => /admin|dashboard|members-screen/.test(file))).toEqual([]);
  const forbidden = await request.get('/admin/api/dashboard', {
    headers: { authorization: `Bearer ${await loginMember(request, id, password)}` },
  });
  expect(forbidden.status()).toBe(403);
});
