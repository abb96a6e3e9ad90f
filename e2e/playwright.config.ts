import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built product (server bundle + web build) on a fresh embedded database, on loopback only.
const port = Number(process.env.E2E_PORT ?? 3199);
// Evaluated in every Playwright process, so no side effects here: the server command empties the folder.
const dataDir = join(import.meta.dirname, '../.tmp/e2e-data');
export const baseURL = `http://127.0.0.1:${port}`;
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
  webServer: {
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
      // Specs post signed deposits as a bank-notification relay would (tests/helpers/deposit.ts).
      DEPOSIT_WEBHOOK_SECRET: E2E_DEPOSIT_SECRET,
    },
  },
});
