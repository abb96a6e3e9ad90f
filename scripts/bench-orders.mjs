#!/usr/bin/env node
// `npm run bench:orders`: order placement against PostgreSQL's own yardstick, in one run on one
// throwaway cluster (scripts/with-postgres.mjs; fsync off, as in the test suite):
//   1. `pgbench -N` (simple-update: one UPDATE, one SELECT, one INSERT) with 50 clients for 10 s;
//   2. the built server on the same cluster, 50 members each placing orders in a loop through
//      POST /service/order for 10 s (the background loop off, so only placement is measured).
// BENCH_PROFILE_DIR=<dir> also writes a CPU profile of the server.
// Prints one JSON summary (orders/s, pgbench tps, their ratio, p50/p99) and writes .tmp/bench-orders.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin } from './postgres-bin.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

if (!process.env.TEST_DATABASE_URL) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-postgres.mjs'), process.execPath, fileURLToPath(import.meta.url)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
const adminUrl = process.env.TEST_DATABASE_URL;
const bin = findPostgresBin();
if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  spawnSync('npm', ['run', 'build', '-w', '@smm/server'], { cwd: root, stdio: 'inherit' });
}

function databaseUrl(name) {
  spawnSync(join(bin, 'psql'), [adminUrl, '-qc', `CREATE DATABASE ${name}`], { stdio: 'inherit' });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// 1. pgbench -N
const pgbenchUrl = databaseUrl('pgbench_yardstick');
spawnSync(join(bin, 'pgbench'), ['-i', '-q', '-s', '10', pgbenchUrl], { stdio: 'ignore' });
const pgbench = spawnSync(
  join(bin, 'pgbench'),
  ['-N', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), pgbenchUrl],
  { encoding: 'utf8' },
);
const pgbenchTps = Number(/tps = ([\d.]+)/.exec(pgbench.stdout)?.[1] ?? 0);

// 2. orders through HTTP
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-orders-'));
// BENCH_PROFILE_DIR=… writes a CPU profile of the server (node --cpu-prof) for the order path.
const profileArgs = process.env.BENCH_PROFILE_DIR
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
  : [];
const server = spawn(process.execPath, [...profileArgs, join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl('smm_bench_orders'),
    LOG_LEVEL: 'warn',
    ADMIN_ID: 'benchoperator',
    ADMIN_PASSWORD: 'bench-operator-1',
    BACKGROUND_TICK_SECONDS: '0',
    SIGNUP_MAX_PER_ADDRESS: '100000',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
  },
  stdio: 'inherit',
});

const json = { 'content-type': 'application/json' };
const post = async (path, body, headers = {}) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/service/settings`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 150) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const operator = (await post('/auth/login', { id: 'benchoperator', password: 'bench-operator-1' })).body
    .accessToken;
  const services = await (await fetch(`${base}/service/services`)).json();
  const service = services.find((s) => !s.isReadOnly);
  const [route] = await (await fetch(`${base}/service/register-where`)).json();
  const tokens = [];
  for (let i = 0; i < CLIENTS; i++) {
    const id = `bench${i}`;
    await post('/auth/register', {
      id,
      password: 'bench-pass-1',
      email: `${id}@example.com`,
      registerWhere: route.text,
    });
    await post(
      `/admin/api/members/${id}/point-adjustments`,
      { delta: 100_000_000, memo: 'bench' },
      { authorization: `Bearer ${operator}` },
    );
    tokens.push((await post('/auth/login', { id, password: 'bench-pass-1' })).body.accessToken);
  }

  const latencies = [];
  let ok = 0;
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      let n = 0;
      while (Date.now() < until) {
        const started = performance.now();
        const { status } = await post(
          '/service/order',
          { serviceId: service.id, link: `https://example.com/p/${i}/${n++}`, amount: service.min },
          { authorization: `Bearer ${token}` },
        );
        latencies.push(performance.now() - started);
        if (status === 200) ok += 1;
        else failed += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1));
  const ordersPerSecond = Number((ok / SECONDS).toFixed(0));
  const summary = {
    clients: CLIENTS,
    seconds: SECONDS,
    cpus: cpus().length,
    node: process.version,
    pgbenchSimpleUpdateTps: Math.round(pgbenchTps),
    ordersPerSecond,
    ratio: pgbenchTps ? Number((ordersPerSecond / pgbenchTps).toFixed(2)) : null,
    failedOrders: failed,
    p50ms: pct(0.5),
    p99ms: pct(0.99),
  };
  console.log(JSON.stringify(summary, null, 2));
  mkdirSync(join(root, '.tmp'), { recursive: true });
  writeFileSync(join(root, '.tmp/bench-orders.json'), JSON.stringify(summary, null, 2));
} finally {
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
