import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ensureOperator } from '../accounts/ensure-operator';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { MEMORY_DATABASE, openDatabase, type Database } from '../db/database';
import * as schema from '../db/schema';
import { seedDemoData } from '../db/seed/seed-demo-data';
import { defaultWebDist } from '../shared/paths';
import { ManualClock } from '../shared/clock';

/**
 * The server suite runs on PGlite (in memory) by default and on a real PostgreSQL server when
 * TEST_DATABASE_URL is set (scripts/with-postgres.mjs does that). A test file builds one app — one
 * migrated database — in `beforeAll` and calls `reset()` before each test: every table is emptied and
 * the demo data and operator put back, which costs milliseconds where a fresh migration costs a second.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
/** The deposit webhooks' shared secret in tests (test/factories signs with it). */
export const TEST_DEPOSIT_SECRET = 'test-deposit-webhook-secret-0123';
const START = new Date('2026-11-22T09:00:00Z');

export interface TestApp {
  app: FastifyInstance;
  /** The database this app runs on, so a second app (a second "process") can share it on PostgreSQL. */
  databaseUrl: string;
  clock: ManualClock;
  logs: () => string;
  /** Back to the state right after start: seeded tables only, caches dropped, clock at its start. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: MEMORY_DATABASE,
    jwtSecret: 'test-secret-test-secret-test-secret-0123',
    jwtTtlSeconds: 3600,
    seedDemoData: true,
    loginLimits: {
      maxFailuresPerIdAndAddress: 5,
      maxFailuresPerId: 5,
      maxAttemptsPerAddress: 20,
      windowSeconds: 900,
    },
    signupLimits: { maxPerAddress: 10, windowSeconds: 3600 },
    // Tests call the worker's tick() themselves, with the manual clock.
    background: {
      tickSeconds: 0,
      statusRefreshSeconds: 30,
      maxSubmitAttempts: 3,
      autoOrderMinuteSeconds: 60,
      leaseSeconds: 120,
      claimSize: 100,
    },
    providers: { timeoutMs: 2000, simulatedPartialPercent: 10, simulatedCancelPercent: 5 },
    // The suite's fake providers listen on 127.0.0.1; the SSRF tests turn this off themselves.
    allowPrivateProviderAddresses: true,
    charges: { maxWon: 5_000_000, maxPending: 3, depositWebhookSecret: TEST_DEPOSIT_SECRET },
    publicUrl: 'http://panel.test',
    // Tests read what was sent from the outbox transport in memory (app.services.outbox).
    messaging: { outboxDir: join(tmpdir(), `smm-test-outbox-${randomBytes(6).toString('hex')}`) },
    codeLimits: { perAddressPerDay: 10, perClientPerDay: 30 },
    social: {
      naverClientSecret: 'test-naver-secret',
      naverAuthUrl: 'http://127.0.0.1:9/naver-auth',
      naverApiUrl: 'http://127.0.0.1:9/naver-api',
      kakaoApiUrl: 'http://127.0.0.1:9/kakao-api',
      kakaoAppId: 1000001,
    },
    apiRateLimitPerMinute: 0,
    invalidApiKeyLimits: { maxPerAddress: 20, windowSeconds: 900 },
    trustProxy: false,
    webDist: defaultWebDist,
    logLevel: 'info',
    ...overrides,
  };
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const tableNames = tables.map((table) => `"${getTableConfig(table).name}"`).join(', ');

/**
 * Starting PGlite costs 1–3 s (Postgres boots inside WebAssembly), far more than all the tests of a
 * file. The server project runs with `isolate: false`, so this module lives for the whole worker and
 * every test file of the worker borrows the same in-memory database; `reset()` gives each file and
 * test a clean one. Closing an app leaves the shared database open for the next file.
 */
let sharedPglite: Promise<Database> | undefined;
function borrowSharedPglite(): Promise<Database> {
  sharedPglite ??= (async () => {
    const database = openDatabase({ dataDir: '/nonexistent', databaseUrl: MEMORY_DATABASE });
    await database.migrate();
    return database;
  })();
  return sharedPglite.then((database) => ({ ...database, close: async () => {} }));
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const clock = new ManualClock(START);
  let logged = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
  let dropDatabase = async () => {};
  let databaseUrl = MEMORY_DATABASE;
  if (adminUrl && overrides.databaseUrl === undefined) {
    const name = `smm_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  const config = testConfig({ databaseUrl, ...overrides });
  const shared = config.databaseUrl === MEMORY_DATABASE ? await borrowSharedPglite() : undefined;
  const app = await buildApp(config, { clock, logStream, ...(shared ? { database: shared } : {}) });
  const { db } = app.database;
  const testApp: TestApp = {
    app,
    databaseUrl: config.databaseUrl ?? MEMORY_DATABASE,
    clock,
    logs: () => logged,
    reset: async () => {
      // Messages a test's requests answered before sending (recovery mails, sign-up codes) go out after
      // the answer: wait for them here, or they land in the next test's outbox and database.
      await app.services.messagesSettled();
      await db.execute(sql.raw(`TRUNCATE ${tableNames} RESTART IDENTITY CASCADE`));
      if (config.seedDemoData) await seedDemoData(db);
      // The demo's bonus tier would add a CHARGE_BONUS entry to every large charge a test counts: tests
      // start without tiers, and a test of bonuses sets its own.
      await db.execute(sql`UPDATE site_settings SET value = '' WHERE key = 'CHARGE_BONUS_TIERS'`);
      if (config.admin) await ensureOperator(db, config.admin);
      app.services.cacheBus.invalidateAll();
      app.services.outbox.clear();
      clock.set(START);
      logged = '';
    },
    close: async () => {
      await app.close();
      await dropDatabase();
      // The outbox's files of this app (a temporary folder unless a test chose its own).
      if (overrides.messaging === undefined) {
        await rm(config.messaging.outboxDir, { recursive: true, force: true });
      }
    },
  };
  // A borrowed database still holds the previous file's rows.
  if (shared) await testApp.reset();
  return testApp;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const testDatabaseKind = adminUrl ? 'postgres' : 'pglite';

/**
 * The usual file setup: one app for the file (`prepare` may add probe routes before the first
 * request), `reset()` before each test, closed after the last. The returned object forwards to that
 * app, so tests write `t.app`, `t.clock`, `t.logs()` as usual.
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  prepare?: (app: FastifyInstance) => void,
): TestApp {
  let current: TestApp | undefined;
  const get = (): TestApp => {
    if (!current) throw new Error('useTestApp(): the app exists from beforeAll on');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(overrides);
    prepare?.(current.app);
  });
  beforeEach(() => get().reset());
  afterAll(() => get().close());
  return {
    get app() {
      return get().app;
    },
    get databaseUrl() {
      return get().databaseUrl;
    },
    get clock() {
      return get().clock;
    },
    logs: () => get().logs(),
    reset: () => get().reset(),
    close: () => get().close(),
  };
}
