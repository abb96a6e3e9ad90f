#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb + pg_ctl on a free loopback port,
// TEST_DATABASE_URL set for the command, cluster removed afterwards. Exits 3 when no PostgreSQL
// binaries are installed, so callers can tell "skipped" from "failed".
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBin } from './postgres-bin.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// initdb refuses to run as root: run the cluster as the postgres system user when we are root.
const asRoot = process.getuid?.() === 0;
function runAsOwner(bin, args) {
  const command = asRoot ? 'runuser' : bin;
  const fullArgs = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

async function main() {
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.error('usage: with-postgres.mjs <command …>');
    process.exit(2);
  }
  const bin = findPostgresBin();
  if (!bin) {
    console.error('with-postgres: no PostgreSQL binaries found (install Debian package postgresql)');
    process.exit(3);
  }
  const base = mkdtempSync(join(tmpdir(), 'smm-pg-'));
  chmodSync(base, 0o777);
  const dataDir = join(base, 'data');
  const socketDir = join(base, 'sock');
  mkdirSync(socketDir);
  chmodSync(socketDir, 0o777);
  if (asRoot) spawnSync('chown', ['-R', 'postgres', base]);
  const port = await freePort();
  // The benchmark asks for more (pgbench's clients beside every server process's pool).
  const maxConnections = Number(process.env.PG_MAX_CONNECTIONS ?? 200);
  // Tests run with fsync off (a throwaway cluster); PG_DURABLE=1 keeps PostgreSQL's production
  // durability (fsync and synchronous commit on), which the benchmark measures by default.
  const durable = process.env.PG_DURABLE === '1';

  let started = false;
  const stop = () => {
    if (started) {
      try {
        runAsOwner(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        /* already gone */
      }
      started = false;
    }
    rmSync(base, { recursive: true, force: true });
  };

  try {
    runAsOwner(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    writeFileSync(join(base, 'pg.log'), '');
    if (asRoot) spawnSync('chown', ['postgres', join(base, 'pg.log')]);
    runAsOwner(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      join(base, 'pg.log'),
      '-w',
      '-t',
      '60',
      'start',
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'} -c max_connections=${maxConnections}`,
    ]);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(
    `with-postgres: PostgreSQL from ${bin} on 127.0.0.1:${port}${durable ? ' (fsync on)' : ' (fsync off)'}`,
  );
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
    shell: false,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
