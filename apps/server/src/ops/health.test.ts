import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { migrationsDir } from '../shared/paths';
import { testConfig, testDatabaseKind, useTestApp } from '../test/test-app';
import { missingMigrations, readJournal } from './readiness.service';

const t = useTestApp();

describe(`health probes on ${testDatabaseKind}`, () => {
  it('GET /healthz answers 200 {status: ok}, and a probe is not logged at info (a request is)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(t.logs()).not.toContain('/healthz');
    expect(t.logs()).not.toContain('/readyz');
    await t.app.inject({ method: 'GET', url: '/service/settings' });
    expect(t.logs()).toContain('/service/settings');
  });

  it('GET /readyz answers 200 when the database answers and every migration of the journal is applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('GET /readyz answers 503 migrations while a migration of the journal is not recorded as applied', async () => {
    const { db } = t.app.database;
    const latest = readJournal().at(-1)!;
    const removed = (await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${latest.when} RETURNING id, hash, created_at`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    expect(removed.rows).toHaveLength(1);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'failed' },
      });
      // The process itself is alive.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      const row = removed.rows[0]!;
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('GET /readyz answers 503 database once the database is closed; /healthz still 200', async () => {
    // An app of its own on a database of its own (the file's app keeps the shared one open).
    const database = openDatabase({ dataDir: '/nonexistent', databaseUrl: t.databaseUrl });
    let closed = false;
    const closeOnce = async () => {
      if (closed) return;
      closed = true;
      await database.close();
    };
    const app = await buildApp(testConfig({ databaseUrl: t.databaseUrl, seedDemoData: false }), {
      database: { ...database, close: closeOnce },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await closeOnce();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', migrations: 'skipped' },
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('GET /metrics is 404 when METRICS_TOKEN is unset, whatever the token', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('smm_');
    }
  });
});

describe('migration journal comparison', () => {
  const journal = [
    { tag: '0000_a', when: 1000 },
    { tag: '0001_b', when: 2000 },
    { tag: '0002_c', when: 3000 },
  ];

  it('names each journal entry whose time is not among the applied ones', () => {
    expect(missingMigrations(journal, ['1000', '2000', '3000'])).toEqual([]);
    expect(missingMigrations(journal, ['1000', '3000'])).toEqual(['0001_b']);
    expect(missingMigrations(journal, [])).toEqual(['0000_a', '0001_b', '0002_c']);
    // Applied migrations the build does not know (a newer build ran) do not make it unready.
    expect(missingMigrations(journal, ['1000', '2000', '3000', '4000'])).toEqual([]);
  });

  it('reads the journal of every migration file shipped', () => {
    const files = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'));
    expect(readJournal().map((entry) => `${entry.tag}.sql`)).toEqual(files.sort());
  });
});
