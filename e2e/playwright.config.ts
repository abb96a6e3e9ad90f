import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built product (server bundle + web build) on a fresh embedded database, on loopback only.
const port = Number(process.env.E2E_PORT ?? 3199);
// Evaluated in every Playwright process, so no side effects here: the server command empties the folder.
const dataDir = join(import.meta.dirname, '../.tmp/e2e-data');
export const baseURL = `http://127.0.0.1:${port}`;
/** The server's development outbox: e-mails and texts as JSON files (tests/helpers/outbox.ts reads it). */
export const E2E_OUTBOX_DIR = join(dataDir, 'outbox');
/**
 * The local stand-in for Naver and Kakao (apps/server/src/test/fake-social-provider.ts), a second web
 * server; tests/helpers/social.ts drives it over its /_fake endpoints. Its defaults are the client id,
 * secret and Kakao app id below.
 */
const fakeSocialPort = Number(process.env.E2E_FAKE_SOCIAL_PORT ?? port - 1);
export const FAKE_SOCIAL_URL = `http://127.0.0.1:${fakeSocialPort}`;
export const FAKE_NAVER_CLIENT_ID = 'fake-naver-client-id';
const FAKE_NAVER_CLIENT_SECRET = 'test-naver-secret';
const FAKE_KAKAO_APP_ID = '1000001';
export const E2E_DEPOSIT_SECRET = 'e2e-deposit-webhook-secret-0123';

export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: [
    {
      command: `npx tsx ../apps/server/src/test/fake-social-provider.ts --port ${fakeSocialPort}`,
      port: fakeSocialPort,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node -e "require('fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && node ../apps/server/dist/main.js`,
      url: `${baseURL}/service/settings`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_ID: 'operator',
        ADMIN_PASSWORD: 'operator-pass-1',
        LOG_LEVEL: 'warn',
        // Every spec seeds its members through the API from 127.0.0.1.
        SIGNUP_MAX_PER_ADDRESS: '1000',
        LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
        // Orders move through the simulated provider within seconds, so specs can watch them progress.
        BACKGROUND_TICK_SECONDS: '1',
        ORDER_STATUS_REFRESH_SECONDS: '1',
        // An auto-order's 60-minute interval passes in 3 s, so a spec can watch 1/3 → 3/3.
        AUTO_ORDER_MINUTE_SECONDS: '0.05',
        // The e2e walks need an order to complete, and its refill too: no Partial, Canceled or Rejected.
        SIMULATED_PROVIDER_PARTIAL_PERCENT: '0',
        SIMULATED_PROVIDER_CANCEL_PERCENT: '0',
        SIMULATED_PROVIDER_REFILL_REJECT_PERCENT: '0',
        // refill-cancel.spec.ts adds a provider on a closed loopback port, so that an order stays open
        // (not yet at any provider) long enough for a member to cancel it.
        PROVIDER_ALLOW_PRIVATE_ADDRESSES: 'true',
        // Specs post signed deposits as a bank-notification relay would (tests/helpers/deposit.ts).
        DEPOSIT_WEBHOOK_SECRET: E2E_DEPOSIT_SECRET,
        // Links in e-mails (password reset) point at the address the specs browse.
        PUBLIC_URL: baseURL,
        // Naver and Kakao are the local fake (the site settings ENABLE_SNS_* stay off until a spec turns them on).
        NAVER_AUTH_URL: `${FAKE_SOCIAL_URL}/naver-auth`,
        NAVER_API_URL: `${FAKE_SOCIAL_URL}/naver-api`,
        NAVER_CLIENT_SECRET: FAKE_NAVER_CLIENT_SECRET,
        KAKAO_API_URL: `${FAKE_SOCIAL_URL}/kakao-api`,
        KAKAO_APP_ID: FAKE_KAKAO_APP_ID,
      },
    },
  ],
});
