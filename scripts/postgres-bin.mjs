import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The newest Debian PostgreSQL bin directory (or PG_BIN), or undefined when none is installed. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(join(root, version, 'bin'));
    }
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}
