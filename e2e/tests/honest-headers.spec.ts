import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { consoleSettled, signInOperator } from './helpers/operator';
import { signInNewMember } from './helpers/session';
import { restoreSettings, setSettings } from './helpers/settings';

/**
 * Headers and banners that say what is true (docs/product.md#landing, #order-page, #operator-console):
 * the landing's account entries follow the real session, maintenance is one banner over a closed form,
 * and a console setting the server cannot make work says so.
 */

/** The landing header's account entries, once the landing has rendered. */
async function landingAccountEntries(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page.getByRole('navigation', { name: '계정' });
}

async function expectSignedOutEntries(page: Page) {
  const nav = await landingAccountEntries(page);
  await expect(nav.getByRole('link', { name: '로그인' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '회원가입' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '주문하기' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '로그아웃' })).toHaveCount(0);
}

/** No WCAG A/AA violation (contrast above all) in what `selectors` pick, in the light theme and then the dark. */
async function expectReadableInBothThemes(page: Page, selectors: string[]) {
  for (const theme of ['light', 'dark'] as const) {
    // The member site's toggle, or the console's.
    if (theme === 'dark')
      await page
        .getByRole('button', { name: /^(다크 모드|어두운 테마)로 전환$/ })
        .first()
        .click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
    for (const selector of selectors) axe = axe.include(selector);
    const results = await axe.analyze();
    expect(
      results.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
  }
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`[HONEST] ${viewport.width} px`, () => {
    test.use({ viewport });
    // Each test signs in (a member or the operator) and switches settings over the API before and after
    // its page loads: more than the default 30 s on a busy machine.
    test.describe.configure({ timeout: 90_000 });
    test.afterEach(async ({ request }) => restoreSettings(request));

    test('the landing offers 로그인 · 회원가입 to a visitor and to a guest back from 둘러보기', async ({
      page,
    }) => {
      await page.goto('/');
      await expectSignedOutEntries(page);

      await page.getByRole('button', { name: '둘러보기' }).first().click();
      await expect(page).toHaveURL(/\/order$/);
      await expect(page.getByText('둘러보기 모드', { exact: true })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedOutEntries(page);
      await expect(page.getByRole('link', { name: /주문하러 가기/ })).toHaveCount(0);
    });

    test('a signed-in member is offered 주문하기 · 로그아웃; right after deleting the account, 로그인 · 회원가입', async ({
      page,
      request,
    }) => {
      await signInNewMember(page, request);
      await page.goto('/');
      const nav = await landingAccountEntries(page);
      await expect(nav.getByRole('link', { name: '주문하기' })).toBeVisible();
      await expect(nav.getByRole('link', { name: '로그아웃' })).toBeVisible();
      await expect(nav.getByRole('link', { name: '로그인' })).toHaveCount(0);

      await page.goto('/account');
      const block = page.locator('section').filter({ has: page.getByRole('heading', { name: '회원탈퇴' }) });
      await block.getByRole('button', { name: '회원탈퇴' }).click();
      await block.getByRole('button', { name: '정말 탈퇴하시겠습니까?' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedOutEntries(page);
      expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    });

    test('maintenance: one banner, the maintenance notice; every field off, no total, nothing to press', async ({
      page,
      request,
    }) => {
      await setSettings(request, { ENABLE_SERVICE_CHECK: 'true' });
      await signInNewMember(page, request);
      await page.goto('/order');
      const form = page.locator('#order-form');
      // The catalog has rendered: a platform tile picks a platform, which fills the (closed) form.
      await page.getByRole('button', { name: '인스타그램' }).click();
      await expect(form.getByLabel('상품')).not.toHaveValue('');

      const status = page.getByTestId('service-status');
      await expect(status).toHaveCount(1);
      await expect(status).toContainText('서비스 점검 중');
      await expect(page.getByText('서비스 정상 가동 중')).toHaveCount(0);
      for (const label of ['플랫폼', '카테고리', '상품', '주문 링크', '주문 수량']) {
        await expect(form.getByLabel(label, { exact: true })).toBeDisabled();
      }
      await expect(form.getByTestId('order-total')).toHaveCount(0);
      await expect(form.getByText('총 금액')).toHaveCount(0);
      await expect(form.getByRole('button', { name: '주문하기' })).toHaveCount(0);
      await expect(form.getByTestId('order-closed')).toHaveText('점검 중에는 주문할 수 없어요.');
      await expectReadableInBothThemes(page, [
        '[data-testid="service-status"]',
        '[data-testid="order-closed"]',
      ]);

      // Maintenance over: the running strip alone, the total and the button back.
      await setSettings(request, { ENABLE_SERVICE_CHECK: 'false' });
      await page.reload();
      await page.getByRole('button', { name: '인스타그램' }).click();
      await expect(page.getByTestId('service-status')).toContainText('서비스 정상 가동 중');
      await expect(page.getByText('서비스 점검 중')).toHaveCount(0);
      await expect(form.getByTestId('order-total')).not.toHaveText('-');
      await expect(form.getByRole('button', { name: '주문하기' })).toBeEnabled();
    });

    test('the console says 적용 안 됨 beside a switch the server lacks the configuration for, and not beside one it has', async ({
      page,
      request,
    }) => {
      // This server (playwright.config.ts) has the fake Naver and Kakao and no SMTP: e-mail codes would
      // go to the development outbox, not to members. Remember the flag's value to put it back.
      await setSettings(request, { ENABLE_EMAIL_VERIFY: 'false' });
      await signInOperator(page, request);
      await page.goto('/admin/settings');
      await consoleSettled(page, '사이트 설정');

      const email = page.getByRole('switch', { name: '이메일 인증' });
      const emailField = page.locator('.setting-field').filter({ has: email });
      await expect(emailField.getByTestId('not-effective-ENABLE_EMAIL_VERIFY')).toHaveText(
        '켜도 인증 메일이 회원에게 가지 않음 — 서버에 SMTP_HOST, SMTP_FROM 설정 필요',
      );
      await email.click();
      await expect(emailField.getByText('저장됨')).toBeVisible();
      await expect(emailField.getByTestId('not-effective-ENABLE_EMAIL_VERIFY')).toHaveText(
        '인증 메일이 회원에게 가지 않음 — 서버에 SMTP_HOST, SMTP_FROM 설정 필요',
      );
      await expect(email).toHaveAccessibleDescription(/서버에 SMTP_HOST, SMTP_FROM 설정 필요/);

      // Naver and Kakao are configured here, and so are the deposit webhooks: nothing said of them.
      await expect(page.getByRole('switch', { name: '네이버 로그인' })).toBeVisible();
      await expect(page.getByTestId('not-effective-ENABLE_SNS_NAVER')).toHaveCount(0);
      await expect(page.getByTestId('not-effective-ENABLE_SNS_KAKAO')).toHaveCount(0);
      await expect(page.getByTestId('not-effective-BANKING_ACCOUNT_NUMBER')).toHaveCount(0);
      await expect(page.getByTestId('not-effective-ENABLE_PHONE_NUMBER')).toContainText(
        '서버에 SMS_WEBHOOK_URL, SMS_WEBHOOK_SECRET 설정 필요',
      );

      // The lines are readable in both themes: red (a switch on) and muted (a switch off).
      await expectReadableInBothThemes(page, ['.setting-not-effective']);
    });
  });
}
