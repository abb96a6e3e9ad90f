import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();

describe('the PostgreSQL pool', () => {
  // PGlite has no connections to lose; on PostgreSQL a failover or a restart kills them.
  it.runIf(testDatabaseKind === 'postgres')(
    'survives a connection killed in the middle of a transaction: that query fails, the process serves on',
    async () => {
      const { db } = t.app.database;
      const attempt = db.transaction(async (tx) => {
        const result = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const pid = result.rows[0]!.pid;
        // Another connection of the pool ends this one, as a server restart would.
        await db.execute(sql`SELECT pg_terminate_backend(${pid})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(attempt).rejects.toThrow();
      const health = await t.app.inject({ method: 'GET', url: '/service/settings' });
      expect(health.statusCode).toBe(200);
      const again = (await db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };
      expect(again.rows[0]?.one).toBe(1);
    },
  );
});

describe('PGlite and the event loop', () => {
  // One connection inside this process: queued work must leave room for I/O (a new connection, a
  // request arriving) between any two queries, not only once the whole queue has drained.
  it.runIf(testDatabaseKind === 'pglite')(
    'the event loop turns between queued queries and transactions, which still run in order',
    async () => {
      const { db } = t.app.database;
      const finished: number[] = [];
      let finishedWhenTheLoopTurned: number | undefined;
      const queued = Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0
          ? db.execute(sql`SELECT ${i}::int AS i`)
          : db.transaction((tx) => tx.execute(sql`SELECT ${i}::int AS i`))
        ).then(() => finished.push(i)),
      );
      // What an I/O callback would see: scheduled after all forty were asked for.
      setImmediate(() => (finishedWhenTheLoopTurned = finished.length));
      await Promise.all(queued);
      expect(finished).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect(finishedWhenTheLoopTurned).toBeLessThan(5);
    },
  );
});
