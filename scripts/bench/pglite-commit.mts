#!/usr/bin/env node
// `npm run bench:commit`: what "acknowledged means on disk" costs on PGlite (docs/performance.md,
// "Durability"). Commits a second on a file-backed PGlite in a throwaway directory beside DATA_DIR's
// default (the same disk as ./data), with PGlite's own NODEFS (flushes nothing) and with the server's
// DurableNodeFS (flushes the WAL at every commit): one row a transaction, as a lone order; and
// BENCH_COMMIT_GROUP (20) rows a transaction, as a group commit of that many orders. Figures only.
//
//   npm run bench:commit                   BENCH_COMMIT_SECONDS (5) per figure
//   BENCH_COMMIT_ONLY=nodefs|durable       one file system only, e.g. to count the flushes the kernel saw:
//   BENCH_COMMIT_ONLY=durable strace -f -c -e trace=fsync,fdatasync npm run bench:commit
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { DurableNodeFS } from '../../apps/server/src/db/pglite-durability.ts';

const SECONDS = Number(process.env.BENCH_COMMIT_SECONDS ?? 5);
const GROUP = Number(process.env.BENCH_COMMIT_GROUP ?? 20);
const ONLY = process.env.BENCH_COMMIT_ONLY;
const root = join(import.meta.dirname, '../..');

async function measure(name: string, fs: (dir: string) => NodeFS, rowsPerCommit: number): Promise<void> {
  const dir = mkdtempSync(join(root, '.bench-commit-'));
  try {
    const pg = new PGlite({ fs: fs(join(dir, 'pgdata')) });
    await pg.exec('CREATE TABLE t (id serial PRIMARY KEY, cost bigint NOT NULL, note text NOT NULL)');
    const values = Array.from({ length: rowsPerCommit }, (_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(
      ', ',
    );
    const params = Array.from({ length: rowsPerCommit }, (_, i) => [1000 + i, 'order']).flat();
    let commits = 0;
    const start = performance.now();
    const end = start + SECONDS * 1000;
    while (performance.now() < end) {
      await pg.transaction(async (tx) => {
        await tx.query(`INSERT INTO t (cost, note) VALUES ${values}`, params);
      });
      commits++;
    }
    const seconds = (performance.now() - start) / 1000;
    await pg.close();
    const perCommitMs = (seconds * 1000) / commits;
    console.log(
      `${name.padEnd(32)} ${rowsPerCommit.toString().padStart(3)} row(s)/commit  ` +
        `${(commits / seconds).toFixed(0).padStart(6)} commits/s  ` +
        `${((commits * rowsPerCommit) / seconds).toFixed(0).padStart(7)} rows/s  ` +
        `${perCommitMs.toFixed(2).padStart(6)} ms/commit`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const rows of [1, GROUP]) {
  if (ONLY !== 'durable') await measure("PGlite's NODEFS (no flush)", (dir) => new NodeFS(dir), rows);
  if (ONLY !== 'nodefs') await measure('DurableNodeFS (WAL flushed)', (dir) => new DurableNodeFS(dir), rows);
}
