#!/usr/bin/env node
// `npm run bench`: throughput and latency of the built server on loopback, printed as a table.
// Bounded: 10 connections, 5 seconds per case. Uses the embedded PGlite database in a temp folder,
// or a PostgreSQL server when BENCH_DATABASE_URL is given. Figures only; nothing here can fail on a
// slow machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  spawnSync('npm', ['run', 'build', '-w', '@smm/server'], { cwd: root, stdio: 'inherit' });
}

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    // The benchmark logs in many times from one address on purpose.
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000',
    LOGIN_MAX_FAILURES_PER_ID: '1000000',
  },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/service/settings`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const json = { 'content-type': 'application/json' };
try {
  await waitForServer();
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

  const cases = [
    { name: 'GET /service/settings', opts: { url: `${base}/service/settings` } },
    { name: 'GET /service/services', opts: { url: `${base}/service/services` } },
    {
      name: 'GET /auth/profile (JWT + 1 query)',
      opts: { url: `${base}/auth/profile`, headers: { authorization: `Bearer ${accessToken}` } },
    },
    {
      name: 'POST /auth/login (argon2id)',
      opts: {
        url: `${base}/auth/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ id: member.id, password: member.password }),
      },
    },
  ];

  const rows = [];
  for (const c of cases) {
    const result = await autocannon({ ...c.opts, connections: 10, duration: 5 });
    rows.push({
      case: c.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  console.log(
    `\nbenchmark: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, 10 connections, 5 s each`,
  );
  console.table(rows);
} finally {
  // Let the server close its database before the folder goes away.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
