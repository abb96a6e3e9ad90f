import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../shared/paths';
import { PGliteInThread } from './pglite-in-thread';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service decides where a transaction starts. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether an answered commit survives a power cut, and why: the server logs it at start (docs/deploy.md). */
  durability(): Promise<Durability>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: a connection of its own for LISTEN (the pool's connections come and go). */
  connectListener?: () => Promise<pg.Client>;
  /** PostgreSQL only: NOTIFY every process that LISTENs on `channel`. */
  notify?: (channel: string, payload: string) => Promise<void>;
}

export interface Durability {
  /** True when a commit is on disk before it answers. */
  onDisk: boolean;
  description: string;
}

export const MEMORY_DATABASE = 'memory://';

/** PGlite in `dataDir` (or in memory), or a PostgreSQL pool when a postgres:// URL is given. */
export function openDatabase(options: { dataDir: string; databaseUrl?: string }): Database {
  const url = options.databaseUrl;
  if (url && url !== MEMORY_DATABASE) return openPostgres(url);

  let client: PGlite;
  let durability: Durability;
  if (url === MEMORY_DATABASE) {
    client = new PGliteInThread(null).asClient();
    durability = {
      onDisk: false,
      description: 'PGlite in memory (tests): everything is lost when the process ends',
    };
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    // Acknowledged means on disk: PGlite's own NODEFS flushes nothing, the thread's flushes the WAL at
    // every commit (pglite-durability.ts).
    client = new PGliteInThread(join(options.dataDir, 'pgdata')).asClient();
    durability = {
      onDisk: true,
      description: 'PGlite flushes its WAL to disk (fdatasync) before a commit answers',
    };
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    durability: () => Promise.resolve(durability),
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any lasting problem.
  pool.on('error', () => undefined);
  // The same for a client that is checked out (pg-pool drops its own listener while a client is in
  // use): a connection killed mid-transaction fails that transaction's query, which the request
  // answers with a 500, instead of an unhandled 'error' event taking the whole process down.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async durability() {
      // PostgreSQL decides by its own settings: read them rather than assume them.
      const { rows } = await pool.query<{ fsync: string; synchronous_commit: string }>(
        "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
      );
      const { fsync, synchronous_commit } = rows[0]!;
      return {
        onDisk: fsync === 'on' && synchronous_commit !== 'off',
        description: `PostgreSQL with fsync=${fsync}, synchronous_commit=${synchronous_commit}`,
      };
    },
    async migrate() {
      // Several app processes may start at once against one server: serialise their migrations.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock(727100)');
        await migratePg(db, { migrationsFolder: migrationsDir });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock(727100)').catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async connectListener() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
  };
}

/** Postgres' SQLSTATE for a unique violation, read through Drizzle's error wrapper when present. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
