import fs, { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from '../test/test-app';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsDir } from '../shared/paths';
import { openDatabase } from './database';
import { openEmbeddedPglite } from './pglite-durability';

/**
 * Acknowledged means on disk (docs/ARCHITECTURE.md#durability): PGlite on a data directory, opened as
 * the server's database thread opens it (openEmbeddedPglite), flushes the WAL holding a commit before
 * the commit answers. It runs here on the test's own thread, so the flushes can be counted where they
 * reach the kernel (node:fs), each named by the file it flushed.
 * The file-backed PGlite is what `npm start` runs whichever database the suite runs on: once is enough.
 */
describe.runIf(testDatabaseKind === 'pglite')('PGlite on a data directory', () => {
  let dir: string;
  let client: PGlite;
  let database: { db: ReturnType<typeof drizzle> };
  const events: string[] = [];

  /** The file behind a descriptor, relative to the data directory (Linux /proc). */
  const fileOf = (fd: number) => readlinkSync(`/proc/self/fd/${fd}`).replace(`${dir}/pgdata/`, '');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'smm-durable-'));
    client = openEmbeddedPglite(join(dir, 'pgdata'));
    database = { db: drizzle(client) };
    await migrate(database.db, { migrationsFolder: migrationsDir });
  }, 120_000);

  afterEach(() => {
    vi.restoreAllMocks();
    events.length = 0;
  });

  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const watchFlushes = () => {
    for (const name of ['fsyncSync', 'fdatasyncSync'] as const) {
      const original = fs[name];
      vi.spyOn(fs, name).mockImplementation((fd: number) => {
        original(fd);
        events.push(`${name} ${fileOf(fd)}`);
      });
    }
  };

  it('flushes the WAL before each commit answers, once a commit', async () => {
    watchFlushes();
    for (const login of ['durable1', 'durable2', 'durable3']) {
      events.push('commit');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO accounts (login_id, password_hash, email, role, register_where)
          VALUES (${login}, '!test', '', 'member', '')`);
      });
      events.push('answered');
    }
    // Between each commit and its answer: the flush of a WAL segment, and nothing else to wait for.
    const walFlush = /^fdatasyncSync pg_wal\/[0-9A-F]{24}$/;
    const rounds = events.join('\n').split('answered').slice(0, 3);
    expect(rounds).toHaveLength(3);
    for (const round of rounds) {
      const flushes = round.split('commit')[1]!.trim().split('\n');
      expect(flushes.filter((line) => walFlush.test(line))).toHaveLength(1);
    }
  });

  it('a read-only transaction flushes nothing (no WAL to make durable)', async () => {
    watchFlushes();
    await database.db.transaction((tx) => tx.execute(sql`SELECT count(*) FROM accounts`));
    expect(events).toEqual([]);
  });

  it('a checkpoint flushes the data files it wrote, directories and the control file', async () => {
    await database.db.execute(sql`UPDATE accounts SET email = 'x@example.com' WHERE login_id = 'durable1'`);
    watchFlushes();
    await database.db.execute(sql`CHECKPOINT`);
    expect(events).toContainEqual(expect.stringMatching(/^fsyncSync base\/\d+\/\d+$/));
    expect(events).toContain('fsyncSync global/pg_control');
    // A directory: its entries (a new or renamed file) last only once it is flushed too.
    expect(events).toContain('fsyncSync pg_logical/mappings');
  });

  it(
    'the server opens it so (on its database thread) and says it is durable',
    { timeout: 120_000 },
    async () => {
      const served = openDatabase({ dataDir: join(dir, 'served') });
      try {
        await served.migrate();
        expect(await served.durability()).toMatchObject({ onDisk: true });
      } finally {
        await served.close();
      }
    },
  );
});
