import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig, type AppConfig } from './config';
import { serverRoot } from './shared/paths';

const tempDir = () => mkdtempSync(join(tmpdir(), 'smm-config-'));

describe('loadConfig', () => {
  it('has safe embedded defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.jwtTtlSeconds).toBe(7 * 24 * 3600);
  });

  it('generates a JWT secret once, keeps it in the data directory and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  // Each variable of README's table, set to a value other than its default, must change the config:
  // a documented variable that does nothing (or a read variable nobody documented) fails here.
  it('reads every variable README documents, and README documents every variable it reads', () => {
    const dataDir = tempDir();
    const samples: Record<string, [string, (c: AppConfig) => unknown, unknown]> = {
      PORT: ['4100', (c) => c.port, 4100],
      HOST: ['0.0.0.0', (c) => c.host, '0.0.0.0'],
      DATA_DIR: [dataDir, (c) => c.dataDir, dataDir],
      DATABASE_URL: [
        'postgres://u:p@127.0.0.1:5432/smm',
        (c) => c.databaseUrl,
        'postgres://u:p@127.0.0.1:5432/smm',
      ],
      JWT_SECRET: ['x'.repeat(40), (c) => c.jwtSecret, 'x'.repeat(40)],
      JWT_TTL_HOURS: ['2', (c) => c.jwtTtlSeconds, 7200],
      ADMIN_ID: ['boss', (c) => c.admin?.id, 'boss'],
      ADMIN_PASSWORD: ['boss-password', (c) => c.admin?.password, 'boss-password'],
      SEED_DEMO_DATA: ['false', (c) => c.seedDemoData, false],
      SEED_DEMO_MEMBERS: ['true', (c) => c.seedDemoMembers, true],
      LOGIN_MAX_FAILURES_PER_ID_IP: ['4', (c) => c.loginLimits.maxFailuresPerIdAndAddress, 4],
      LOGIN_MAX_FAILURES_PER_ID: ['7', (c) => c.loginLimits.maxFailuresPerId, 7],
      SIGNUP_MAX_PER_ADDRESS: ['3', (c) => c.signupLimits?.maxPerAddress, 3],
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: ['9', (c) => c.loginLimits.maxAttemptsPerAddress, 9],
      LOGIN_WINDOW_MINUTES: ['3', (c) => c.loginLimits.windowSeconds, 180],
      TRUST_PROXY: ['true', (c) => c.trustProxy, true],
      METRICS_TOKEN: ['metrics-token-0123456789', (c) => c.metricsToken, 'metrics-token-0123456789'],
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: ['250', (c) => c.loadShedding?.maxEventLoopDelayMs, 250],
      LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: ['0.95', (c) => c.loadShedding?.maxEventLoopUtilization, 0.95],
      LOAD_SHED_MAX_HEAP_MB: ['512', (c) => c.loadShedding?.maxHeapUsedBytes, 512 * 1024 * 1024],
      LOAD_SHED_RETRY_AFTER_SECONDS: ['3', (c) => c.loadShedding?.retryAfterSeconds, 3],
      API_RATE_LIMIT_PER_MINUTE: ['60', (c) => c.apiRateLimitPerMinute, 60],
      API_KEY_MAX_INVALID_PER_ADDRESS: ['0', (c) => c.invalidApiKeyLimits.maxPerAddress, 0],
      API_KEY_INVALID_WINDOW_MINUTES: ['5', (c) => c.invalidApiKeyLimits.windowSeconds, 300],
      PUBLIC_URL: ['https://panel.example.kr/', (c) => c.publicUrl, 'https://panel.example.kr'],
      SMTP_HOST: ['smtp.example.kr', (c) => c.messaging.smtp?.host, 'smtp.example.kr'],
      SMTP_PORT: ['465', (c) => c.messaging.smtp?.port, 465],
      SMTP_SECURE: ['true', (c) => c.messaging.smtp?.secure, true],
      SMTP_USER: ['mailer', (c) => c.messaging.smtp?.user, 'mailer'],
      SMTP_PASSWORD: ['mail-pass', (c) => c.messaging.smtp?.password, 'mail-pass'],
      SMTP_FROM: ['패널 <help@example.kr>', (c) => c.messaging.smtp?.from, '패널 <help@example.kr>'],
      SMS_WEBHOOK_URL: [
        'https://sms.example.kr/send',
        (c) => c.messaging.smsWebhook?.url,
        'https://sms.example.kr/send',
      ],
      SMS_WEBHOOK_SECRET: [
        'sms-secret-0123456789',
        (c) => c.messaging.smsWebhook?.secret,
        'sms-secret-0123456789',
      ],
      CODE_MAX_PER_ADDRESS_PER_DAY: ['4', (c) => c.codeLimits.perAddressPerDay, 4],
      CODE_MAX_PER_CLIENT_PER_DAY: ['12', (c) => c.codeLimits.perClientPerDay, 12],
      NAVER_CLIENT_SECRET: ['naver-secret', (c) => c.social.naverClientSecret, 'naver-secret'],
      NAVER_AUTH_URL: ['http://127.0.0.1:7001', (c) => c.social.naverAuthUrl, 'http://127.0.0.1:7001'],
      NAVER_API_URL: ['http://127.0.0.1:7002', (c) => c.social.naverApiUrl, 'http://127.0.0.1:7002'],
      KAKAO_API_URL: ['http://127.0.0.1:7003', (c) => c.social.kakaoApiUrl, 'http://127.0.0.1:7003'],
      KAKAO_APP_ID: ['123456', (c) => c.social.kakaoAppId, 123456],
      TELEGRAM_API_URL: ['http://127.0.0.1:7004/', (c) => c.telegram?.apiUrl, 'http://127.0.0.1:7004'],
      TELEGRAM_BOT_TOKEN: [
        '123456:telegram-token-0123456789',
        (c) => c.telegram?.botToken,
        '123456:telegram-token-0123456789',
      ],
      TELEGRAM_CHAT_ID: ['-100123456', (c) => c.telegram?.chatId, '-100123456'],
      DEPOSIT_WEBHOOK_SECRET: [
        'relay-secret-0123456789',
        (c) => c.charges.depositWebhookSecret,
        'relay-secret-0123456789',
      ],
      CHARGE_MAX_WON: ['2000000', (c) => c.charges.maxWon, 2_000_000],
      CHARGE_MAX_PENDING: ['5', (c) => c.charges.maxPending, 5],
      PROVIDER_TIMEOUT_SECONDS: ['2.5', (c) => c.providers.timeoutMs, 2500],
      PROVIDER_ALLOW_PRIVATE_ADDRESSES: ['true', (c) => c.allowPrivateProviderAddresses, true],
      PROVIDER_BALANCE_SAMPLE_MINUTES: ['5', (c) => c.providers.balanceSampleMinutes, 5],
      SIMULATED_PROVIDER_PARTIAL_PERCENT: ['30', (c) => c.providers.simulatedPartialPercent, 30],
      SIMULATED_PROVIDER_CANCEL_PERCENT: ['20', (c) => c.providers.simulatedCancelPercent, 20],
      SIMULATED_PROVIDER_REFILL_REJECT_PERCENT: ['35', (c) => c.providers.simulatedRefillRejectPercent, 35],
      BACKGROUND_TICK_SECONDS: ['0', (c) => c.background.tickSeconds, 0],
      ORDER_STATUS_REFRESH_SECONDS: ['7', (c) => c.background.statusRefreshSeconds, 7],
      ORDER_MAX_SUBMIT_ATTEMPTS: ['3', (c) => c.background.maxSubmitAttempts, 3],
      ORDER_LEASE_SECONDS: ['300', (c) => c.background.leaseSeconds, 300],
      ORDER_CLAIM_SIZE: ['20', (c) => c.background.claimSize, 20],
      AUTO_ORDER_MINUTE_SECONDS: ['0.05', (c) => c.background.autoOrderMinuteSeconds, 0.05],
      WEB_DIST: [dataDir, (c) => c.webDist, dataDir],
      LOG_LEVEL: ['warn', (c) => c.logLevel, 'warn'],
      LOG_FORMAT: ['readable', (c) => c.logFormat, 'readable'],
    };
    const readme = readFileSync(join(serverRoot, '../../README.md'), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)? /gm)].flatMap((m) =>
      [m[1], m[2]].filter((v): v is string => Boolean(v)),
    );
    const read = Object.keys(envSchema.shape);
    expect(new Set(documented)).toEqual(new Set(read));
    expect(new Set(Object.keys(samples))).toEqual(new Set(read));

    const env = Object.fromEntries(Object.entries(samples).map(([name, [value]]) => [name, value]));
    const all = loadConfig(env);
    const defaults = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'y'.repeat(40) });
    for (const [name, [, pick, expected]] of Object.entries(samples)) {
      expect(pick(all), name).toEqual(expected);
      expect(pick(defaults), `${name} default`).not.toEqual(expected);
    }
  });

  it('stops with a readable list of every bad value', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', DATA_DIR: tempDir() });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/);
  });

  it('requires ADMIN_ID and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_ID: 'boss', DATA_DIR: tempDir() })).toThrow(
      /ADMIN_ID and ADMIN_PASSWORD/,
    );
  });

  it('refuses SMTP_HOST without SMTP_FROM instead of inventing a sender, and an SMTP_FROM with no address', () => {
    const attempt = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(attempt({ SMTP_HOST: 'smtp.example.kr' })).toThrow(ConfigError);
    expect(attempt({ SMTP_HOST: 'smtp.example.kr' })).toThrow(
      /- SMTP_FROM: SMTP_FROM must be set when SMTP_HOST is set/,
    );
    expect(attempt({ SMTP_HOST: 'smtp.example.kr', SMTP_FROM: 'SMM 패널' })).toThrow(
      /SMTP_FROM must be an address/,
    );
    for (const from of ['no-reply@panel.example.kr', 'SMM 패널 <no-reply@panel.example.kr>'])
      expect(attempt({ SMTP_HOST: 'smtp.example.kr', SMTP_FROM: from })().messaging.smtp?.from).toBe(from);
    // no SMTP at all: the development outbox, no sender needed
    expect(attempt({})().messaging.smtp).toBeUndefined();
  });

  it("keeps PUBLIC_URL as set for the notifications' console links, and nothing when it is unset", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).configuredPublicUrl).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://panel.example.kr/' }).configuredPublicUrl,
    ).toBe('https://panel.example.kr');
  });

  it('refuses an order lease a provider call could outlast', () => {
    expect(() =>
      loadConfig({ ORDER_LEASE_SECONDS: '15', PROVIDER_TIMEOUT_SECONDS: '10', DATA_DIR: tempDir() }),
    ).toThrow(/ORDER_LEASE_SECONDS must be at least twice PROVIDER_TIMEOUT_SECONDS/);
    expect(
      loadConfig({ ORDER_LEASE_SECONDS: '20', PROVIDER_TIMEOUT_SECONDS: '10', DATA_DIR: tempDir() })
        .background.leaseSeconds,
    ).toBe(20);
  });
});
