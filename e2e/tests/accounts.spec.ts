import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { ACCOUNT_MESSAGES, BROWSE_ONLY_MESSAGE, maskLoginId } from '@smm/domain';
import { codeIn, latestMessageTo, resetLinkIn } from './helpers/outbox';
import { E2E_PASSWORD, registerMember, signInNewMember, uniqueMemberId } from './helpers/session';
import { publicSetting, restoreSettings, setSettings } from './helpers/settings';
import { kakaoAccessToken, signInAtNaver } from './helpers/social';
import { FAKE_NAVER_CLIENT_ID } from '../playwright.config';

// Accounts (docs/ARCHITECTURE.md#codes-and-recovery): codes from the development outbox, recovery, password change, deletion, guests.
// Settings are switched through the operator API and put back after each test (one shared server).

test.afterEach(async ({ request }) => {
  await restoreSettings(request);
});

async function expectLoginRefused(page: Page, id: string, password: string) {
  const response = await page.request.post('/auth/login', { data: { id, password } });
  expect(response.status(), `login of ${id} with that password is refused`).toBe(404);
}

async function logInThroughScreen(page: Page, id: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('아이디', { exact: true }).fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).last().click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('banner').getByText(`${id} 님`).first()).toBeVisible();
}

test('[MEMBER][SIGN_UP][EMAIL_CODE]: with e-mail verification on, the code from the mail completes sign-up; then login works', async ({
  page,
  request,
}) => {
  await setSettings(request, { ENABLE_EMAIL_VERIFY: 'true' });
  expect(await publicSetting(request, 'ENABLE_EMAIL_VERIFY'), 'the server offers e-mail verification').toBe(
    'true',
  );
  const id = uniqueMemberId('mail');
  const email = `${id}@example.com`;

  await page.goto('/register');
  await page.getByLabel('아이디', { exact: true }).fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('비밀번호 재입력').fill(E2E_PASSWORD);
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByLabel('가입경로').selectOption({ label: '지인 추천' });

  // Without a code the form stops at §5's step 8.
  await page.getByRole('button', { name: '회원가입' }).last().click();
  await expect(page.getByText('이메일 인증코드를 전송해주세요.')).toBeVisible();

  const sentAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: '인증코드 전송' }).click();
  await expect(page.getByText('인증코드가 발송되었습니다.')).toBeVisible();
  // Sent: the address and the button lock, the code field appears.
  await expect(page.getByLabel('이메일', { exact: true })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: '전송 완료' })).toBeVisible();
  await expect(page.getByRole('button', { name: '이메일 변경' })).toBeEnabled();
  const mail = await latestMessageTo(email, { since: sentAt, pattern: /\d{5}/ });
  expect(mail.channel).toBe('email');

  // A wrong code is refused by the server; the right one signs up.
  const code = codeIn(mail);
  const wrong = code === '00000' ? '11111' : '00000';
  await page.getByLabel('이메일 인증코드').fill(wrong);
  await page.getByRole('button', { name: '회원가입' }).last().click();
  await expect(page.getByText(ACCOUNT_MESSAGES.CODE_INVALID)).toBeVisible();
  await page.getByLabel('이메일 인증코드').fill(code);
  await page.getByRole('button', { name: '회원가입' }).last().click();
  await expect(page.getByText('회원가입에 성공했습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('아이디', { exact: true }).fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).last().click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('banner').getByText(`${id} 님`).first()).toBeVisible();
});

test('[MEMBER][FIND_ID]: the login screen links to find id, which shows the id masked and mails it whole', async ({
  page,
  request,
}) => {
  const { id } = await registerMember(request);
  const email = `${id}@example.com`;
  await setSettings(request, { ENABLE_EMAIL_VERIFY: 'true' });

  await page.goto('/login');
  await page.getByRole('link', { name: '아이디 찾기' }).click();
  await expect(page).toHaveURL(/\/find-id$/);
  const askedAt = new Date(Date.now() - 1000);
  await page.getByLabel('이메일').fill(email);
  await page.getByRole('button', { name: '아이디 찾기' }).click();

  await expect(page.getByRole('status').filter({ hasText: '가입된 아이디를 찾았습니다.' })).toContainText(
    maskLoginId(id),
  );
  const mail = await latestMessageTo(email, { since: askedAt, pattern: new RegExp(id) });
  expect(mail.text).toContain(id);

  // An address nobody registered is said so.
  await page.goto('/find-id');
  await page.getByLabel('이메일').fill(`nobody-${id}@example.com`);
  await page.getByRole('button', { name: '아이디 찾기' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.FIND_ID_NOT_FOUND)).toBeVisible();
});

test('[MEMBER][RESET_PASSWORD]: find password mails a link; the link sets a new password that logs in', async ({
  page,
  request,
}) => {
  const { id } = await registerMember(request);
  const email = `${id}@example.com`;
  const newPassword = 'reset-pass-5678';
  await setSettings(request, { ENABLE_EMAIL_VERIFY: 'true' });

  await page.goto('/login');
  await page.getByRole('link', { name: '비밀번호 찾기' }).click();
  await expect(page).toHaveURL(/\/find-password$/);
  const askedAt = new Date(Date.now() - 1000);
  await page.getByLabel('이메일').fill(email);
  await page.getByRole('button', { name: '재설정 링크 받기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '재설정 링크' })).toContainText(
    ACCOUNT_MESSAGES.FIND_PASSWORD_SENT,
  );

  const link = resetLinkIn(await latestMessageTo(email, { since: askedAt, pattern: /reset-password/ }));
  expect(new URL(link).origin, 'the link points at the site (PUBLIC_URL)').toBe(new URL(page.url()).origin);
  await page.goto(link);
  await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 확인').fill('something-else-1');
  await page.getByRole('button', { name: '비밀번호 재설정' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.PASSWORD_RE_DIFFERS)).toBeVisible();
  await page.getByLabel('새 비밀번호 확인').fill(newPassword);
  await page.getByRole('button', { name: '비밀번호 재설정' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.PASSWORD_RESET)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await expectLoginRefused(page, id, E2E_PASSWORD);
  await logInThroughScreen(page, id, newPassword);

  // The link works once.
  const reuse = await request.post('/service/reset-password', {
    data: { token: new URL(link).searchParams.get('token'), password: 'another-pass-9' },
  });
  expect(reuse.status()).toBe(400);
});

test('[VISITOR][RESET_PASSWORD]: a link whose token is missing, unreadable or expired says why on the page', async ({
  page,
}) => {
  const expired = [
    Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url'),
    Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url'),
    'signature',
  ].join('.');
  for (const query of ['', '?token=not-a-token', `?token=${expired}`]) {
    await page.goto('/login');
    await page.goto(`/reset-password${query}`);
    // Going back once lost the toast with the reason; the page itself says it now.
    await expect(page.getByRole('alert'), `reset-password${query}`).toHaveText(
      /비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다\./,
    );
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(page.getByLabel('새 비밀번호', { exact: true })).toHaveCount(0);
  }
});

test('[MEMBER][CHANGE_PASSWORD]: changing the password logs the member out; only the new one works', async ({
  page,
  request,
}) => {
  const member = await signInNewMember(page, request);
  const newPassword = 'changed-pass-4321';
  await page.goto('/account');
  await expect(page.getByLabel('아이디', { exact: true })).toHaveValue(member.id);

  await page.getByLabel('현재 비밀번호').fill('not-my-password');
  await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 재입력').fill(newPassword);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG)).toBeVisible();

  await page.getByLabel('현재 비밀번호').fill(member.password);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.PASSWORD_CHANGED)).toBeVisible();
  // /logout drops the token and reloads the site root.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: '둘러보기' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

  await expectLoginRefused(page, member.id, member.password);
  await logInThroughScreen(page, member.id, newPassword);
});

test('[MEMBER][DELETE_ACCOUNT]: deletion takes a second press, lands on / and the old credentials stop working', async ({
  page,
  request,
}) => {
  const member = await signInNewMember(page, request);
  await page.goto('/account');
  const block = page.locator('section').filter({ has: page.getByRole('heading', { name: '회원탈퇴' }) });
  await expect(block.getByText('보유한 포인트가 모두 사라지며')).toBeVisible();

  await block.getByRole('button', { name: '회원탈퇴' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await block.getByRole('button', { name: '정말 탈퇴하시겠습니까?' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.ACCOUNT_DELETED)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

  await expectLoginRefused(page, member.id, member.password);
  // The old token no longer reaches the profile either.
  const profile = await request.get('/auth/profile', {
    headers: { authorization: `Bearer ${member.accessToken}` },
  });
  expect(profile.status()).toBe(401);
});

test('[GUEST][ACCOUNT]: a guest pressing each account action sees the browse-only message and nothing is sent', async ({
  page,
  request,
}) => {
  await setSettings(request, { ENABLE_REFERRAL: 'true' });
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() !== 'GET') sent.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await page.goto('/');
  await page.getByRole('button', { name: '둘러보기' }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /계정설정/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account$/);

  const section = (name: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const presses = [
    [section('추천인 코드'), '추천인 코드 발급'],
    [section('비밀번호 변경'), '비밀번호 변경'],
    [section('API 키'), '발급'],
    [section('회원탈퇴'), '회원탈퇴'],
  ] as const;
  for (const [block, name] of presses) {
    await block.getByRole('button', { name, exact: true }).click();
    const message = page.getByText(BROWSE_ONLY_MESSAGE);
    await expect(message, `${name}: browse-only message`).toBeVisible();
    // Closed on its button (an error stays its reading time), so the next press shows its own.
    await page
      .locator('[data-sonner-toast]')
      .filter({ has: message })
      .getByRole('button', { name: '알림 닫기' })
      .click();
    await expect(message).toBeHidden({ timeout: 3_500 });
  }
  await expect(page.getByRole('button', { name: '정말 탈퇴하시겠습니까?' })).toHaveCount(0);
  expect(sent).toEqual([]);
});

/** Presses the Naver button and waits for the popup to come back from the provider and close. */
async function throughNaverPopup(page: Page, button: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close', { timeout: 10_000 });
}

test('[VISITOR][NAVER]: an unknown Naver account goes through the popup to /register/naver, signs up, then logs in', async ({
  page,
  request,
}) => {
  await setSettings(request, { ENABLE_SNS_NAVER: 'true', SNS_NAVER_CLIENT_ID: FAKE_NAVER_CLIENT_ID });
  expect(await publicSetting(request, 'ENABLE_SNS_NAVER'), 'the server offers Naver login').toBe('true');
  const naverId = uniqueMemberId('nv');
  await signInAtNaver(request, { id: naverId, email: `${naverId}@naver.example` });

  await page.goto('/login');
  await throughNaverPopup(page, '네이버로 로그인');
  await expect(page).toHaveURL(/\/register\/naver$/);
  await expect(page.getByRole('heading', { name: '네이버 회원가입' })).toBeVisible();
  await page.getByLabel('가입경로').selectOption({ label: '지인 추천' });
  await page.getByRole('button', { name: '회원가입' }).last().click();
  await expect(page.getByText('회원가입에 성공했습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await throughNaverPopup(page, '네이버로 로그인');
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.LOGIN_SUCCESS)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: '로그아웃' })).toBeVisible();

  // The register screen's Naver choice signs an existing member straight in.
  await page.getByRole('banner').getByRole('link', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: '환영합니다!' })).toBeVisible();
  await throughNaverPopup(page, '네이버로 가입하기');
  await expect(page).toHaveURL(/\/order$/);
});

test('[VISITOR][KAKAO]: the Kakao SDK token of an unknown account leads to /register/kakao, then to login', async ({
  page,
  request,
}) => {
  // The SDK is a script from Kakao's site: the page's Content-Security-Policy must admit it. Asked for
  // as a browser asks for a page (a JSON answer carries a policy that allows nothing).
  const loginPage = await request.get('/login', { headers: { accept: 'text/html' } });
  expect(loginPage.headers()['content-type']).toMatch(/^text\/html/);
  const csp = loginPage.headers()['content-security-policy'] ?? '';
  expect(csp, "the server's CSP admits the Kakao SDK script").toMatch(
    /script-src[^;]*developers\.kakao\.com/,
  );
  await setSettings(request, { ENABLE_SNS_KAKAO: 'true', SNS_KAKAO_TOKEN: 'e2e-kakao-javascript-key' });
  expect(await publicSetting(request, 'ENABLE_SNS_KAKAO'), 'the server offers Kakao login').toBe('true');
  const accessToken = await kakaoAccessToken(request, {
    id: Date.now(),
    email: `kakao${Date.now()}@example.com`,
  });
  // Kakao's SDK is not on this network: the same script URL answers with a stand-in whose sign-in
  // hands back a token the fake provider knows (what the real SDK gets from Kakao's popup).
  let initKey = '';
  await page.exposeFunction('reportKakaoInit', (key: string) => void (initKey = key));
  await page.route('https://developers.kakao.com/sdk/js/kakao.min.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Kakao = { _ready: false,
        init(key) { this._ready = true; window.reportKakaoInit(key); },
        isInitialized() { return this._ready; },
        Auth: { login(o) { setTimeout(() => o.success({ access_token: ${JSON.stringify(accessToken)} }), 50); } } };`,
    }),
  );

  await page.goto('/login');
  await page.getByRole('button', { name: '카카오로 로그인' }).click();
  await expect(page).toHaveURL(/\/register\/kakao$/);
  expect(initKey).toBe('e2e-kakao-javascript-key');
  await page.getByLabel('가입경로').selectOption({ label: '지인 추천' });
  await page.getByRole('button', { name: '회원가입' }).last().click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: '카카오로 로그인' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.LOGIN_SUCCESS)).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`[A11Y] account screens, ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const path of ['/find-id', '/find-password', '/account']) {
      test(path, async ({ page, request }) => {
        if (path === '/account') {
          await setSettings(request, { ENABLE_REFERRAL: 'true' });
          await signInNewMember(page, request);
        }
        await page.goto(path);
        await expect(page.getByRole('main').first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  });
}
