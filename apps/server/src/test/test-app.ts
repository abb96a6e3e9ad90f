import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { MEMORY_DATABASE } from '../db/database';
import { defaultWebDist } from '../shared/paths';
import { ManualClock } from '../shared/clock';

/**
 * The server suite runs on PGlite (in memory) by default and on a real PostgreSQL server when
 * TEST_DATABASE_URL is set (scripts/with-postgres.mjs does that): each app gets its own database.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  logs: () => string;
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
    loginLimits: { maxFailuresPerId: 5, maxAttemptsPerAddress: 20, windowSeconds: 900 },
    trustProxy: false,
    webDist: defaultWebDist,
    logLevel: 'info',
    ...overrides,
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const clock = new ManualClock(new Date('2026-11-22T09:00:00Z'));
  let logged = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));

  let dropDatabase = async () => {};
  let databaseUrl = MEMORY_DATABASE;
  if (adminUrl) {
    const name = `smm_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }

  const app = await buildApp(testConfig({ databaseUrl, ...overrides }), { clock, logStream });
  return {
    app,
    clock,
    logs: () => logged,
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
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
