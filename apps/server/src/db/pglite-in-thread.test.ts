import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from './schema';
import { isUniqueViolation, MEMORY_DATABASE, openDatabase, type Database } from './database';
import { PGliteInThread } from './pglite-in-thread';
import { testDatabaseKind } from '../test/test-app';

/**
 * The embedded database runs on a thread of its own (docs/ARCHITECTURE.md#the-embedded-database): what
 * crosses the boundary must come back as PGlite in this thread would have answered it — PostgreSQL's
 * error fields, a transaction's all-or-nothing, the values Drizzle reads.
 */
describe.runIf(testDatabaseKind === 'pglite')('PGlite on its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = openDatabase({ dataDir: '/nonexistent', databaseUrl: MEMORY_DATABASE });
    await database.migrate();
  }, 120_000);
  afterAll(() => database?.close());

  const insert = (login: string) =>
    database.db.insert(accounts).values({ loginId: login, passwordHash: '!x', email: '', registerWhere: '' });

  it('an error keeps its SQLSTATE and fields, so a unique violation is still recognised', async () => {
    await insert('thread1');
    const error = await insert('thread1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toMatch(/login/);
  });

  it('a transaction that throws keeps nothing; one that returns keeps everything', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .insert(accounts)
          .values({ loginId: 'thread-gone', passwordHash: '!x', email: '', registerWhere: '' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const kept = await database.db.transaction(async (tx) => {
      await tx
        .insert(accounts)
        .values({ loginId: 'thread-kept', passwordHash: '!x', email: '', registerWhere: '' });
      return 'done';
    });
    expect(kept).toBe('done');
    const rows = (await database.db.execute(
      sql`SELECT login_id FROM accounts WHERE login_id LIKE ${'thread-%'} ORDER BY login_id`,
    )) as unknown as { rows: { login_id: string }[] };
    expect(rows.rows.map((r) => r.login_id)).toEqual(['thread-kept']);
  });

  it('a query asked for while a transaction is open waits for its end: it is not part of it', async () => {
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = database.db.transaction(async (tx) => {
      await tx
        .insert(accounts)
        .values({ loginId: 'thread-tx', passwordHash: '!x', email: '', registerWhere: '' });
      opened();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('roll back');
    });
    await open;
    // Sent while the transaction is open; had it joined it, the rollback would take it too.
    const alone = insert('thread-alone').execute();
    await expect(rolledBack).rejects.toThrow('roll back');
    await alone;
    const rows = (await database.db.execute(
      sql`SELECT login_id FROM accounts WHERE login_id IN ('thread-tx', 'thread-alone')`,
    )) as unknown as { rows: { login_id: string }[] };
    expect(rows.rows.map((r) => r.login_id)).toEqual(['thread-alone']);
  });

  it('values cross both ways as Drizzle reads them: timestamps as text, json, big integers, bytes', async () => {
    const at = new Date('2026-11-28T01:02:03.456Z');
    const { rows } = (await database.db.execute(
      sql`SELECT ${at.toISOString()}::timestamptz AS t, ${JSON.stringify({ a: [1, '둘'] })}::json AS j,
             ${'9007199254740993'}::bigint - 9007199254740000 AS n, '\\x00ff'::bytea AS b, NULL AS nul`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows[0]).toEqual({
      t: '2026-11-28 01:02:03.456+00',
      j: { a: [1, '둘'] },
      n: 993,
      b: new Uint8Array([0, 255]),
      nul: null,
    });
  });

  it('a query with parameters is planned once as a named statement, and prepared again when its table changes', async () => {
    const named = async () =>
      (
        (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${'%thread_probe%'}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    await database.db.execute(sql`CREATE TABLE thread_probe (id int PRIMARY KEY, a text)`);
    await database.db.execute(sql`INSERT INTO thread_probe VALUES (1, 'one')`);
    const read = async () =>
      (
        (await database.db.execute(sql`SELECT * FROM thread_probe WHERE id = ${1}`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    expect(await read()).toEqual([{ id: 1, a: 'one' }]);
    expect(await read()).toEqual([{ id: 1, a: 'one' }]);
    expect(await named()).toBe(1);
    // The kept plan's columns no longer fit: prepared again, not an error.
    await database.db.execute(sql`ALTER TABLE thread_probe ADD COLUMN b int DEFAULT 7`);
    expect(await read()).toEqual([{ id: 1, a: 'one', b: 7 }]);
    // A refusal by a kept statement leaves it usable.
    const insert = (id: number) =>
      database.db.execute(sql`INSERT INTO thread_probe (id, a) VALUES (${id}, ${'x'})`);
    await insert(2);
    await expect(insert(2)).rejects.toMatchObject({ cause: { code: '23505' } });
    await insert(3);
    expect(await read()).toHaveLength(1);
    await database.db.execute(sql`DROP TABLE thread_probe`);
  });

  it('a thread that has ended answers every call with an error, never leaves it waiting', async () => {
    const thread = new PGliteInThread(null);
    await thread.waitReady;
    await thread.close();
    await expect(thread.query('SELECT 1')).rejects.toThrow(/thread ended/);
  });
});
