// The server's own code in this process, on a throwaway PostgreSQL (scripts/with-postgres.mjs), for the
// benchmarks that call its services directly (bench:loop, bench:explain).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Without a database given, runs `script` again inside a throwaway cluster and exits with its status
 * (durable when `durable`: fsync and synchronous commit on); with one, returns.
 */
export function insidePostgres(script: string, durable: boolean): void {
  if (process.env.TEST_DATABASE_URL) return;
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-postgres.mjs'), process.execPath, '--import', 'tsx', fileURLToPath(script)],
    { stdio: 'inherit', env: { ...process.env, PG_DURABLE: durable ? '1' : '0' } },
  );
  process.exit(result.status ?? 1);
}

/** The app built on that database with the demo data and no background loop, plus raw SQL reads. */
export async function serverApp(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `smm-bench-${name}-`));
  Object.assign(process.env, {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: `bench-${name}-jwt-secret-`.padEnd(48, 'x'),
    SEED_DEMO_DATA: 'true',
    BACKGROUND_TICK_SECONDS: '0',
    ...env,
  });
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const app = await buildApp(loadConfig());
  const db = app.database.db;
  return {
    app,
    db,
    rows: async <T,>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
