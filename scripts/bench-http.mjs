#!/usr/bin/env node
// `npm run bench:http`: throughput and latency of the built server on loopback, next to a bare Fastify
// route measured in the same run (the ratio is what to read: absolute figures depend on the machine).
// Bounded: 10 connections, 5 seconds per case. Uses the embedded PGlite database in a temp folder;
// `npm run bench:http -- --postgres` runs the same against a throwaway PostgreSQL cluster (or the server at
// BENCH_DATABASE_URL). Prints a table and writes .tmp/bench-<database>.json. Figures only; nothing here can fail
// on a slow machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

// --postgres without a server given: run this very script again inside a throwaway cluster.
if (args.includes('--postgres') && !process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-postgres.mjs'), process.execPath, fileURLToPath(import.meta.url), ...args],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  spawnSync('npm', ['run', 'build', '-w', '@smm/server'], { cwd: root, stdio: 'inherit' });
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

const children = [];
function stopAll() {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

// The yardstick: Fastify with one JSON route and nothing else, same Node, same machine, same run.
const barePort = await freePort();
const bareSource = `
  const Fastify = require('fastify');
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  app.listen({ port: ${barePort}, host: '127.0.0.1' });
`;
children.push(
  spawn(process.execPath, ['-e', bareSource], { cwd: join(root, 'apps/server'), stdio: 'inherit' }),
);

const port = await freePort();
let dataDir;
let database;
if (databaseUrl) {
  // A fresh database per run so earlier runs' rows do not skew the figures.
  const name = `smm_bench_${Date.now()}`;
  const admin = new URL(databaseUrl);
  spawnSync('psql', [admin.toString(), '-qc', `CREATE DATABASE ${name}`], { stdio: 'inherit' });
  admin.pathname = `/${name}`;
  database = admin.toString();
}
dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-'));
const base = `http://127.0.0.1:${port}`;
children.push(
  spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database } : {}),
      // The benchmark signs up and logs in many times from one address on purpose.
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000',
      LOGIN_MAX_FAILURES_PER_ID: '1000000',
      SIGNUP_MAX_PER_ADDRESS: '1000000',
    },
    stdio: 'inherit',
  }),
);

const json = { 'content-type': 'application/json' };
try {
  await waitFor(`http://127.0.0.1:${barePort}/bare`);
  await waitFor(`${base}/service/settings`);
  const member = {
    id: 'benchmember',
    password: 'bench-pass-1',
    email: 'b@example.com',
    registerWhere: '기타',
  };
  await fetch(`${base}/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(member) });
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ id: member.id, password: member.password }),
  });
  const { accessToken } = await login.json();
  if (!accessToken) throw new Error('bench member could not log in');

  const cases = [
    {
      name: 'bare Fastify route (yardstick)',
      kind: 'bare',
      opts: { url: `http://127.0.0.1:${barePort}/bare` },
    },
    { name: 'GET /service/settings (cached)', kind: 'cached', opts: { url: `${base}/service/settings` } },
    { name: 'GET /service/services (cached)', kind: 'cached', opts: { url: `${base}/service/services` } },
    {
      name: 'GET /auth/profile (JWT + 1 query)',
      kind: 'query',
      opts: { url: `${base}/auth/profile`, headers: { authorization: `Bearer ${accessToken}` } },
    },
    {
      name: 'POST /auth/login (argon2id)',
      kind: 'login',
      opts: {
        url: `${base}/auth/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ id: member.id, password: member.password }),
      },
    },
  ];

  const rows = [];
  let bare = 0;
  for (const c of cases) {
    const result = await autocannon({ ...c.opts, connections: 10, duration: 5 });
    const rps = Math.round(result.requests.average);
    if (c.kind === 'bare') bare = rps;
    rows.push({
      case: c.name,
      'req/s': rps,
      'of bare': bare ? `${Math.round((rps / bare) * 100)} %` : '-',
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  const summary = {
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    connections: 10,
    secondsPerCase: 5,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    rows,
  };
  console.log(
    `\nbenchmark: ${summary.database}, 10 connections, 5 s each, ${summary.cpus} CPUs, Node ${process.version}`,
  );
  console.table(rows);
  mkdirSync(join(root, '.tmp'), { recursive: true });
  writeFileSync(
    join(root, '.tmp', `bench-${summary.database.toLowerCase()}.json`),
    JSON.stringify(summary, null, 2),
  );
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
