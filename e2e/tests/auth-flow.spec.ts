import { GUEST_LABEL } from '@smm/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { signInNewMember } from './helpers/session';

// The one spec that drives the real sign-up and login screens; every other spec that needs a member
// seeds it through the API (helpers/session.ts).
// Each run uses its own fresh database (playwright.config.ts), but ids stay unique per test anyway.
const uniqueId = () => `e2e${Date.now().toString(36)}`;

async function expectSignedOutLanding(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: '둘러보기' }).first()).toBeVisible();
}

test('[MEMBER][SIGN_UP]: a visitor signs up, logs in, sees the order page with id and ₩0, and logs out', async ({
  page,
}) => {
  // It watches an error toast live out its reading time (4 s and more) on the way.
  test.setTimeout(60_000);
  const id = uniqueId();
  const password = 'e2e-pass-1234';

  await page.goto('/');
  await expectSignedOutLanding(page);
  await page.getByRole('link', { name: '회원가입' }).first().click();
  await expect(page).toHaveURL(/\/register$/);

  // The server's rules run in the form too: an empty submit is stopped with the first message.
  await page.getByRole('button', { name: '회원가입' }).last().click();
  await expect(page.getByText('아이디를 입력해주세요.')).toBeVisible();

  await page.getByLabel('아이디', { exact: true }).fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByLabel('비밀번호 재입력').fill(password);
  await page.getByLabel('이메일', { exact: true }).fill(`${id}@example.com`);
  await page.getByLabel('가입경로').selectOption({ label: '지인 추천' });
  await page.getByRole('button', { name: '회원가입' }).last().click();

  await expect(page.getByText('회원가입에 성공했습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('아이디', { exact: true }).fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: '로그인', exact: true }).last().click();
  const wrongPassword = page.getByText('아이디 또는 비밀번호가 다릅니다.');
  await expect(wrongPassword).toBeVisible();
  // An error toast stays its reading time, at least 4 s (lib/toast.ts; 2 s was too short to
  // read a longer one), then closes by itself.
  await page.waitForTimeout(2_500);
  await expect(wrongPassword).toBeVisible();
  await expect(wrongPassword).toBeHidden({ timeout: 6_000 });

  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).last().click();

  await expect(page).toHaveURL(/\/order$/);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByText(id).first()).toBeVisible();
  await expect(topBar.getByText('₩0').first()).toBeVisible();
  await expect(topBar.getByRole('link', { name: '충전하기' })).toBeVisible();

  // A reload keeps the session: the token is in localStorage and the profile is fetched again.
  await page.reload();
  await expect(page.getByRole('banner').getByText(id).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();

  await page.getByRole('banner').getByRole('link', { name: '로그아웃' }).click();
  await expectSignedOutLanding(page);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});

test('[GUEST][BROWSE]: the landing browse button enters guest mode on /order', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  const topBar = page.getByRole('banner');
  await expect(topBar.getByText(GUEST_LABEL).first()).toBeVisible();
  await expect(topBar.getByText('₩0').first()).toBeVisible();
  // Guests have no server identity: no token was stored.
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});

test('[SESSION][401]: a forged token is dropped and the visitor is signed out', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('jwt', 'forged.token.value'));
  await page.goto('/account');
  // /account is a signed-in route: after the 401 the signed-out group redirects to /order.
  await expect(page).toHaveURL(/\/order$/);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: '로그인' }).first()).toBeVisible();
});

for (const [entry, menuEntry, from, to] of [
  ['로그인', '포인트 충전', '/point', '/login'],
  ['회원가입', '링크 입력 가이드', '/guide', '/register'],
] as const) {
  test(`[GUEST][LEAVE]: a guest pressing ${entry} on ${from} lands on ${to}`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '둘러보기' }).first().click();
    await expect(page).toHaveURL(/\/order$/);
    await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: menuEntry }).click();
    await expect(page).toHaveURL(new RegExp(`${from}$`));

    await page.getByRole('banner').getByRole('link', { name: entry, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByLabel('아이디', { exact: true })).toBeVisible();
  });
}

test('[SESSION][5xx]: a failing profile call at start-up keeps the token; the next load signs the member in', async ({
  page,
  request,
}) => {
  const member = await signInNewMember(page, request);
  let failures = 0;
  await page.route('**/auth/profile', (route) => {
    failures += 1;
    return route.fulfill({ status: 503, json: { message: '점검 중입니다.', code: 'INTERNAL' } });
  });
  await page.goto('/order');
  // Retried with back-off, then signed out for this page load with a notice, the token kept.
  await expect(page.getByText('서버에 연결할 수 없습니다. 잠시 후 새로고침해 주세요.')).toBeVisible({
    timeout: 10_000,
  });
  expect(failures).toBeGreaterThan(1);
  await expect(page.getByRole('banner').getByRole('button', { name: '둘러보기' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBe(member.accessToken);

  await page.unroute('**/auth/profile');
  await page.reload();
  await expect(page.getByRole('banner').getByText(`${member.id} 님`).first()).toBeVisible();
});
