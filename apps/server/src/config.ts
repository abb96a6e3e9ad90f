import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { isAllowedLoginId, isMailboxAddress } from '@smm/domain';
import { z } from 'zod';
import { defaultWebDist } from './shared/paths';

const JWT_SECRET_MIN_LENGTH = 32;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. README's table mirrors this. */
export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    JWT_SECRET: z
      .string()
      .min(JWT_SECRET_MIN_LENGTH, `JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters`)
      .optional(),
    JWT_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    ADMIN_ID: z
      .string()
      .refine(isAllowedLoginId, 'ADMIN_ID must be 4–30 ASCII letters, digits, _ - or .')
      .optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    SEED_DEMO_DATA: flag.default(true),
    SEED_DEMO_MEMBERS: flag.default(false),
    LOGIN_MAX_FAILURES_PER_ID_IP: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_ID: z.coerce.number().int().min(1).default(20),
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    PROVIDER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
    PROVIDER_ALLOW_PRIVATE_ADDRESSES: flag.default(false),
    PROVIDER_BALANCE_SAMPLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    SIMULATED_PROVIDER_PARTIAL_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    SIMULATED_PROVIDER_CANCEL_PERCENT: z.coerce.number().int().min(0).max(100).default(5),
    SIMULATED_PROVIDER_REFILL_REJECT_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
    BACKGROUND_TICK_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    ORDER_STATUS_REFRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
    ORDER_MAX_SUBMIT_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    ORDER_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(120),
    ORDER_CLAIM_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    AUTO_ORDER_MINUTE_SECONDS: z.coerce.number().min(0.001).max(60).default(60),
    DEPOSIT_WEBHOOK_SECRET: z
      .string()
      .min(16, 'DEPOSIT_WEBHOOK_SECRET must be at least 16 characters')
      .optional(),
    CHARGE_MAX_WON: z.coerce.number().int().min(1000).max(100_000_000).default(5_000_000),
    CHARGE_MAX_PENDING: z.coerce.number().int().min(1).max(20).default(3),
    // An origin only: the site is served from the root, and every link is this origin and a path.
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .refine((value) => {
        const url = new URL(value);
        return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';
      }, "PUBLIC_URL must be the site's origin only (https://panel.example.kr), without a path")
      .optional(),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURE: flag.default(false),
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASSWORD: z.string().min(1).optional(),
    SMTP_FROM: z
      .string()
      .refine(
        (value) => isMailboxAddress(/<([^<>]*)>\s*$/.exec(value)?.[1] ?? value.trim()),
        "SMTP_FROM must be an address ('no-reply@panel.example.kr' or 'SMM 패널 <no-reply@panel.example.kr>')",
      )
      .optional(),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_WEBHOOK_SECRET: z.string().min(16, 'SMS_WEBHOOK_SECRET must be at least 16 characters').optional(),
    CODE_MAX_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
    CODE_MAX_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(30),
    NAVER_CLIENT_SECRET: z.string().min(1).optional(),
    NAVER_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://nid.naver.com'),
    NAVER_API_URL: z.url({ protocol: /^https?$/ }).default('https://openapi.naver.com'),
    KAKAO_API_URL: z.url({ protocol: /^https?$/ }).default('https://kapi.kakao.com'),
    KAKAO_APP_ID: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, 'TELEGRAM_BOT_TOKEN must be a bot token (123456:ABC…)')
      .optional(),
    TELEGRAM_CHAT_ID: z
      .string()
      .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, 'TELEGRAM_CHAT_ID must be a chat id or @channel')
      .optional(),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
    API_KEY_MAX_INVALID_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(20),
    API_KEY_INVALID_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    TRUST_PROXY: flag.default(false),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    // Off by default: the embedded database (PGlite) runs on the event loop, so a busy small machine
    // would shed its own members' requests; set it on a PostgreSQL deployment (docs/deploy.md).
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
    LOAD_SHED_MAX_HEAP_MB: z.coerce.number().int().min(0).max(1_048_576).default(0),
    LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', 'readable']).default('json'),
  })
  .refine((env) => (env.ADMIN_ID === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_ID and ADMIN_PASSWORD must be set together',
  })
  .refine((env) => (env.SMS_WEBHOOK_URL === undefined) === (env.SMS_WEBHOOK_SECRET === undefined), {
    message: 'SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET must be set together',
  })
  // Every e-mail's sender must be a mailbox the operator owns: an invented no-reply@<SMTP host> is
  // refused or filed as spam by the receiving servers, so operator notifications silently go nowhere.
  .refine((env) => env.SMTP_HOST === undefined || env.SMTP_FROM !== undefined, {
    message:
      "SMTP_FROM must be set when SMTP_HOST is set: the sender of every e-mail, a real address of your domain (e.g. 'SMM 패널 <no-reply@panel.example.kr>')",
    path: ['SMTP_FROM'],
  })
  .refine((env) => (env.TELEGRAM_BOT_TOKEN === undefined) === (env.TELEGRAM_CHAT_ID === undefined), {
    message: 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together',
  })
  // A send renews the lease for one provider call: a call that may outlast it could be taken over
  // (and held for an operator) while its answer is still on the way.
  .refine((env) => env.ORDER_LEASE_SECONDS >= 2 * env.PROVIDER_TIMEOUT_SECONDS, {
    message: 'ORDER_LEASE_SECONDS must be at least twice PROVIDER_TIMEOUT_SECONDS',
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database in `dataDir`. `memory://` is the in-memory form used by tests. */
  databaseUrl?: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  admin?: { id: string; password: string };
  seedDemoData: boolean;
  /** `npm start`'s demo members: inquiries, a reseller, a referral pair (db/seed/demo-members.ts). */
  seedDemoMembers?: boolean;
  loginLimits: {
    maxFailuresPerIdAndAddress: number;
    maxFailuresPerId: number;
    maxAttemptsPerAddress: number;
    windowSeconds: number;
  };
  /** Sign-ups per client address per window. */
  signupLimits: { maxPerAddress: number; windowSeconds: number };
  /** The background loop: seconds between ticks (0: off), status refresh, submit attempts. */
  background: {
    tickSeconds: number;
    statusRefreshSeconds: number;
    maxSubmitAttempts: number;
    autoOrderMinuteSeconds: number;
    /** How long a process holds the orders it claimed before another may take them over. */
    leaseSeconds: number;
    /** Orders one claim of a lane takes at most (a full claim claims again at once). */
    claimSize: number;
  };
  /**
   * Upstream calls; the built-in simulated provider's share of Partial and Canceled outcomes, and of
   * refills it rejects (20 when left out).
   */
  providers: {
    timeoutMs: number;
    simulatedPartialPercent: number;
    simulatedCancelPercent: number;
    simulatedRefillRejectPercent?: number;
    /** Minutes between two balance samples of a provider (docs/ARCHITECTURE.md#provider-health); 15 if left out. */
    balanceSampleMinutes?: number;
  };
  /**
   * Whether provider URLs may reach loopback, private and link-local addresses (off: public addresses
   * only, checked at connect time; the built-in simulated provider is reachable either way).
   */
  allowPrivateProviderAddresses: boolean;
  /**
   * Bank-transfer charges: the largest single charge, pending charges per member, and the shared
   * secret of the deposit webhooks (absent: the hooks are off).
   */
  charges: { maxWon: number; maxPending: number; depositWebhookSecret?: string };
  /**
   * The site's own address for every absolute link (e-mails, the Naver callback, the OpenAPI document,
   * what `npm start` prints): PUBLIC_URL, else listenUrl(HOST, PORT). Never the request's Host, which a
   * caller controls. Links are made from it with siteLink (@smm/domain).
   */
  publicUrl: string;
  /**
   * PUBLIC_URL only when the operator set it: operator notifications link to the console under it, and
   * leave links out without it (publicUrl's localhost default is right on no operator's phone).
   */
  configuredPublicUrl?: string;
  /**
   * Outgoing messages. Without `smtp` e-mails, and without `smsWebhook` text messages, go to the
   * development outbox (DATA_DIR/outbox, one JSON file a message) instead of a real recipient.
   */
  messaging: {
    smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
    smsWebhook?: { url: string; secret: string };
    outboxDir: string;
  };
  /** Verification codes a day per e-mail address or phone number, and per client address. */
  codeLimits: { perAddressPerDay: number; perClientPerDay: number };
  /** Social login: the providers' base URLs (tests point them at a local fake) and Naver's secret. */
  social: {
    naverClientSecret?: string;
    naverAuthUrl: string;
    naverApiUrl: string;
    kakaoApiUrl: string;
    /** Our Kakao app's id: only access tokens issued to it sign in (absent: Kakao login is off). */
    kakaoAppId?: number;
  };
  /**
   * Operator notifications' Telegram bot (docs/ARCHITECTURE.md#operator-notifications): the Bot API's
   * base URL (tests and the demo point it at a local fake), the bot's token (a secret) and the chat.
   * Without a token and chat the messages go to the development outbox. Absent: as unset.
   */
  telegram?: { apiUrl: string; botToken?: string; chatId?: string };
  /** Public API requests one key may make per minute in one process (0: no limit). */
  apiRateLimitPerMinute: number;
  /** Wrong API keys one client address may send per window before any key from it is refused (0: off). */
  invalidApiKeyLimits: { maxPerAddress: number; windowSeconds: number };
  trustProxy: boolean;
  /** The bearer token of `GET /metrics` (absent: /metrics answers 404). */
  metricsToken?: string;
  /**
   * Load shedding (@fastify/under-pressure): past any of these limits a request is answered 503 with
   * Retry-After instead of being queued behind others (0 or absent: that limit is off; all off: none).
   */
  loadShedding?: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapUsedBytes: number;
    retryAfterSeconds: number;
  };
  webDist: string;
  logLevel: string;
  /**
   * `json` (the default, production): one JSON line per event and per request. `readable` (`npm start`
   * sets it): a short line per notable event, no request lines below LOG_LEVEL=debug
   * (docs/ARCHITECTURE.md#the-first-start-and-the-log). Absent: json.
   */
  logFormat?: 'json' | 'readable';
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    jwtTtlSeconds: e.JWT_TTL_HOURS * 3600,
    admin: e.ADMIN_ID && e.ADMIN_PASSWORD ? { id: e.ADMIN_ID, password: e.ADMIN_PASSWORD } : undefined,
    seedDemoData: e.SEED_DEMO_DATA,
    seedDemoMembers: e.SEED_DEMO_MEMBERS,
    loginLimits: {
      maxFailuresPerIdAndAddress: e.LOGIN_MAX_FAILURES_PER_ID_IP,
      maxFailuresPerId: e.LOGIN_MAX_FAILURES_PER_ID,
      maxAttemptsPerAddress: e.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: e.LOGIN_WINDOW_MINUTES * 60,
    },
    signupLimits: { maxPerAddress: e.SIGNUP_MAX_PER_ADDRESS, windowSeconds: 3600 },
    providers: {
      timeoutMs: Math.round(e.PROVIDER_TIMEOUT_SECONDS * 1000),
      simulatedPartialPercent: e.SIMULATED_PROVIDER_PARTIAL_PERCENT,
      simulatedCancelPercent: e.SIMULATED_PROVIDER_CANCEL_PERCENT,
      simulatedRefillRejectPercent: e.SIMULATED_PROVIDER_REFILL_REJECT_PERCENT,
      balanceSampleMinutes: e.PROVIDER_BALANCE_SAMPLE_MINUTES,
    },
    allowPrivateProviderAddresses: e.PROVIDER_ALLOW_PRIVATE_ADDRESSES,
    background: {
      tickSeconds: e.BACKGROUND_TICK_SECONDS,
      statusRefreshSeconds: e.ORDER_STATUS_REFRESH_SECONDS,
      maxSubmitAttempts: e.ORDER_MAX_SUBMIT_ATTEMPTS,
      autoOrderMinuteSeconds: e.AUTO_ORDER_MINUTE_SECONDS,
      leaseSeconds: e.ORDER_LEASE_SECONDS,
      claimSize: e.ORDER_CLAIM_SIZE,
    },
    charges: {
      maxWon: e.CHARGE_MAX_WON,
      maxPending: e.CHARGE_MAX_PENDING,
      depositWebhookSecret: e.DEPOSIT_WEBHOOK_SECRET,
    },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : listenUrl(e.HOST, e.PORT),
    ...(e.PUBLIC_URL ? { configuredPublicUrl: new URL(e.PUBLIC_URL).origin } : {}),
    messaging: {
      // SMTP_FROM is present whenever SMTP_HOST is (the schema's rule): the sender is never invented.
      ...(e.SMTP_HOST && e.SMTP_FROM
        ? {
            smtp: {
              host: e.SMTP_HOST,
              port: e.SMTP_PORT,
              secure: e.SMTP_SECURE,
              ...(e.SMTP_USER ? { user: e.SMTP_USER } : {}),
              ...(e.SMTP_PASSWORD ? { password: e.SMTP_PASSWORD } : {}),
              from: e.SMTP_FROM,
            },
          }
        : {}),
      ...(e.SMS_WEBHOOK_URL && e.SMS_WEBHOOK_SECRET
        ? { smsWebhook: { url: e.SMS_WEBHOOK_URL, secret: e.SMS_WEBHOOK_SECRET } }
        : {}),
      outboxDir: join(dataDir, 'outbox'),
    },
    codeLimits: {
      perAddressPerDay: e.CODE_MAX_PER_ADDRESS_PER_DAY,
      perClientPerDay: e.CODE_MAX_PER_CLIENT_PER_DAY,
    },
    social: {
      ...(e.NAVER_CLIENT_SECRET ? { naverClientSecret: e.NAVER_CLIENT_SECRET } : {}),
      naverAuthUrl: e.NAVER_AUTH_URL.replace(/\/+$/, ''),
      naverApiUrl: e.NAVER_API_URL.replace(/\/+$/, ''),
      kakaoApiUrl: e.KAKAO_API_URL.replace(/\/+$/, ''),
      ...(e.KAKAO_APP_ID ? { kakaoAppId: e.KAKAO_APP_ID } : {}),
    },
    telegram: {
      apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
      ...(e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
        ? { botToken: e.TELEGRAM_BOT_TOKEN, chatId: e.TELEGRAM_CHAT_ID }
        : {}),
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    invalidApiKeyLimits: {
      maxPerAddress: e.API_KEY_MAX_INVALID_PER_ADDRESS,
      windowSeconds: e.API_KEY_INVALID_WINDOW_MINUTES * 60,
    },
    trustProxy: e.TRUST_PROXY,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.LOAD_SHED_MAX_HEAP_MB * 1024 * 1024,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
    },
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}

/**
 * The site's address when PUBLIC_URL is unset: the address the server listens on. A loopback or
 * every-interface address (127.0.0.1, ::1, 0.0.0.0, ::) is named `localhost`, the one name that reaches
 * it from a browser on the same machine; any other address is named as it is. One name everywhere:
 * a Naver popup that comes back on 127.0.0.1 to a page opened on localhost cannot hand the login over.
 */
export function listenUrl(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const local =
    bare === 'localhost' || bare === '0.0.0.0' || bare === '::' || bare === '::1' || /^127\./.test(bare);
  const name = local ? 'localhost' : bare.includes(':') ? `[${bare}]` : bare;
  return `http://${name}:${port}`;
}

/**
 * Embedded mode needs no setup, yet tokens must survive a restart: generate a secret once and keep it
 * beside the data (readable by the owner only). A kept secret is held to JWT_SECRET's rule: an empty
 * file would fail every login, a short one would make tokens forgeable, so either stops the start.
 */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return checkedPersistedSecret(file);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written whole to a private temporary file, then linked into place: the link either creates the
  // file with its full content or fails because another process got there first (theirs wins, so all
  // processes share one secret). Nobody can read a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, secret, { mode: 0o600, flag: 'wx' });
  try {
    // On disk before any token signed with it (docs/ARCHITECTURE.md#durability): after a power cut an
    // empty file would stop the start.
    flushSync(temporary);
    linkSync(temporary, file);
    flushSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return checkedPersistedSecret(file);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
  return secret;
}

function flushSync(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function checkedPersistedSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `Invalid configuration:\n- ${file}: the kept JWT secret is ${secret.length === 0 ? 'empty' : 'too short'} ` +
        `(at least ${JWT_SECRET_MIN_LENGTH} characters). Delete the file to have a new one generated ` +
        `(signed-in members sign in again), or set JWT_SECRET.`,
    );
  }
  return secret;
}
