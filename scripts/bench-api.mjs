#!/usr/bin/env node
// `npm run bench:api`: the public API (README "Public API for resellers") under load, on the embedded database
// (PGlite, a fresh temp DATA_DIR) and on a throwaway PostgreSQL cluster (scripts/with-postgres.mjs,
// fsync off as in the tests), one after the other in one run:
//   1. GET /api/status/{wId} with the `api-key` header: MEMBERS members, each with a key and one order,
//      so the load spreads over several keys and rows rather than one cached row;
//   2. POST /api/order at each service's minimum, the members credited by an operator adjustment.
// autocannon, BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10) s per case; the server runs
// with its background loop and the per-key rate limit off, so only the API itself is measured.
// Figures only: nothing here fails on a slow machine (a broken endpoint does fail, with what it said).
//
//   npm run bench:api [-- --pglite-only | --postgres-only]
//   BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_MEMBERS (20): load and setup size;
//   BENCH_CASES=status (or order): run one case only, e.g. for a profile of it alone;
//   BENCH_DATABASE_URL=postgres://…: an existing server (a database is created and dropped on it);
//   BENCH_PROFILE_DIR=<dir>: also writes a CPU profile of each server (node --cpu-prof) under <dir>.
// Prints a short table, then one JSON summary, also written to .tmp/bench-api.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { call, freePort } from './bench/lib.mjs';
import { OPERATOR, prepareMembers } from './bench/setup.mjs';
import { findPostgresBin } from './postgres-bin.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const CASES = (process.env.BENCH_CASES ?? 'status,order').split(',').map((c) => c.trim());
// What the status read should reach on PostgreSQL on the reference machine (2 cores, all on loopback).
const TARGETS = { statusReqPerSec: 5000, statusP99Ms: 20 };

const runPglite = !args.includes('--postgres-only');
const runPostgres = !args.includes('--pglite-only');
const pgBin = findPostgresBin();

// The PostgreSQL half needs a cluster: without one given, run this very script again inside a
// throwaway one (it sets TEST_DATABASE_URL). The PGlite half then runs in there too, which costs an
// idle cluster and keeps one process printing one summary.
const givenUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (runPostgres && !givenUrl && pgBin) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-postgres.mjs'), process.execPath, fileURLToPath(import.meta.url), ...args],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

const serverMain = join(root, 'apps/server/dist/main.js');
if (!existsSync(serverMain)) {
  spawnSync('npm', ['run', 'build', '-w', '@smm/server'], { cwd: root, stdio: 'inherit' });
}
// The built server is measured, not the sources: the summary says which build (rebuild to measure edits).
const builtAt = statSync(serverMain).mtime.toISOString();

const psql = (url, command) =>
  spawnSync(pgBin ? join(pgBin, 'psql') : 'psql', [url, '-qc', command], { stdio: 'inherit' });

async function waitFor(url, exited) {
  for (let i = 0; i < 300; i++) {
    if (exited()) throw new Error(`the server ${exited()} while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up within 60 s`);
}

/**
 * Members ready for the load: registered, credited, logged in, with an API key and one order each.
 * Every step goes through the public HTTP API, so a broken endpoint shows here, before any figure.
 */
async function prepare(base) {
  const members = await prepareMembers(base, MEMBERS);
  for (const member of members) {
    const { apiKey } = await call(base, 'POST', '/auth/api-key', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    if (!/^smm_/.test(apiKey ?? '')) {
      throw new Error(`POST /auth/api-key answered ${JSON.stringify(apiKey)}`);
    }
    member.apiKey = apiKey;
  }

  const services = await call(base, 'GET', '/api/services', { headers: { 'api-key': members[0].apiKey } });
  if (!Array.isArray(services) || services.length === 0) {
    throw new Error(`GET /api/services listed nothing to order: ${JSON.stringify(services)}`);
  }
  // The cheapest order at its minimum, so the credit lasts; any orderable service would do.
  const service = services.reduce((a, b) => (b.price * b.min < a.price * a.min ? b : a));

  for (const [i, member] of members.entries()) {
    const { wId } = await call(base, 'POST', '/api/order', {
      body: {
        serviceId: service.id,
        link: `https://www.instagram.com/p/benchsetup${i}/`,
        amount: service.min,
      },
      headers: { 'api-key': member.apiKey },
    });
    await call(base, 'GET', `/api/status/${wId}`, { headers: { 'api-key': member.apiKey } });
    member.wId = wId;
  }
  return { members, service };
}

/**
 * One autocannon run, reduced to the figures the summary keeps, plus what went wrong if anything did:
 * the status codes, the first few distinct non-2xx answers and the socket errors by code.
 */
async function load(base, requests, { warmup = false } = {}) {
  const failures = new Set();
  const onResponse = (status, body) => {
    if ((status < 200 || status > 299) && failures.size < 3) failures.add(`${status} ${body.slice(0, 300)}`);
  };
  const errorCodes = {};
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: requests.map((request) => ({ ...request, onResponse })),
    // JIT and the database pool warmed up first, not counted.
    ...(warmup ? { warmup: { connections: CONNECTIONS, duration: 1 } } : {}),
  });
  run.on('reqError', (error) => {
    const code = error.code ?? error.message;
    errorCodes[code] = (errorCodes[code] ?? 0) + 1;
  });
  const result = await run;
  const figures = {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  };
  if (failures.size > 0) figures.non2xxSamples = [...failures];
  if (Object.keys(errorCodes).length > 0) figures.errorCodes = errorCodes;
  return figures;
}

/** The built server on `databaseUrl` (or PGlite when undefined): set up, both cases, stopped. */
async function benchDatabase(kind, databaseUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `smm-bench-api-${kind}-`));
  const profileDir = process.env.BENCH_PROFILE_DIR ? join(process.env.BENCH_PROFILE_DIR, kind) : undefined;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_ID: OPERATOR.id,
    ADMIN_PASSWORD: OPERATOR.password,
    // Only the API is measured: no order worker or charge loop competing for the cores.
    BACKGROUND_TICK_SECONDS: '0',
    // The per-key limit (1,200 a minute by default) would turn the load into 429s.
    API_RATE_LIMIT_PER_MINUTE: '0',
    // The setup signs up and logs in many members from one address on purpose.
    SIGNUP_MAX_PER_ADDRESS: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000',
  };
  // No DATABASE_URL is what selects PGlite, even when the caller's shell has one set.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = spawn(process.execPath, [...profileArgs, serverMain], { env, stdio: 'inherit' });
  // A server that dies under load (or is killed from outside) is named in the summary, not guessed at.
  let exited;
  server.once(
    'exit',
    (code, signal) => (exited = signal ? `killed by ${signal}` : `exited with code ${code}`),
  );
  try {
    await waitFor(`${base}/service/settings`, () => exited);
    const { members, service } = await prepare(base);
    const figures = { service: { id: service.id, min: service.min, price: service.price } };

    if (CASES.includes('status')) {
      // Static requests, one per member, each connection cycling through them: built once, so the
      // load generator (which shares the cores) spends nothing per request on building them.
      const requests = members.map((m) => ({
        method: 'GET',
        path: `/api/status/${m.wId}`,
        headers: { 'api-key': m.apiKey },
      }));
      figures.status = await load(base, requests, { warmup: true });
      if (exited) return { ...figures, serverExited: `${exited} during the status load` };
    }
    if (CASES.includes('order')) {
      // Every order a new link, the members taken in turn; built per request (a few hundred a second).
      let n = 0;
      const requests = [
        {
          method: 'POST',
          path: '/api/order',
          setupRequest: (request) => {
            const member = members[n % members.length];
            const link = `https://www.instagram.com/p/bench${n++}/`;
            return {
              ...request,
              headers: { ...request.headers, 'content-type': 'application/json', 'api-key': member.apiKey },
              body: JSON.stringify({ serviceId: service.id, link, amount: service.min }),
            };
          },
        },
      ];
      figures.order = await load(base, requests);
      if (exited) return { ...figures, serverExited: `${exited} during the order load` };
    }
    return figures;
  } finally {
    await new Promise((resolve) => {
      if (exited) return resolve();
      // A server stuck in shutdown is killed, so a run stays bounded in time.
      const kill = setTimeout(() => server.kill('SIGKILL'), 10_000);
      server.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A half that throws is reported as such and the other half still runs. */
async function attempt(run) {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const summary = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    platform: process.platform,
    // Server, database and load generator share the cores: anything else running skews the figures.
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  },
  settings: { seconds: SECONDS, connections: CONNECTIONS, members: MEMBERS, cases: CASES },
  serverBuiltAt: builtAt,
};
if (runPglite) summary.pglite = await attempt(() => benchDatabase('pglite', undefined));
if (runPostgres) {
  if (!givenUrl) {
    summary.postgres = { skipped: 'no PostgreSQL binaries found (install Debian package postgresql)' };
  } else {
    // A fresh database per run, so earlier runs' rows do not skew the figures; dropped afterwards.
    const name = `smm_bench_api_${Date.now()}`;
    const url = new URL(givenUrl);
    url.pathname = `/${name}`;
    summary.postgres = await attempt(async () => {
      if (psql(givenUrl, `CREATE DATABASE ${name}`).status !== 0) {
        throw new Error(`CREATE DATABASE ${name} failed`);
      }
      return benchDatabase('postgres', url.toString());
    });
    psql(givenUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
}
const pgStatus = summary.postgres?.status;
summary.targets = {
  ...TARGETS,
  // Only a clean run counts: fast failures (401s, 500s, refused connections) would flatter the figures.
  metOnPostgres: pgStatus
    ? pgStatus.reqPerSec >= TARGETS.statusReqPerSec &&
      pgStatus.p99Ms < TARGETS.statusP99Ms &&
      pgStatus.non2xx + pgStatus.errors === 0
    : null,
};

const rows = [];
for (const kind of ['pglite', 'postgres']) {
  const half = summary[kind];
  if (!half) continue;
  if (half.error || half.skipped) {
    // The whole message is in the JSON below; the table keeps its start.
    const why = half.error ? `failed: ${half.error}` : `skipped: ${half.skipped}`;
    rows.push({ database: kind, case: why.length > 100 ? `${why.slice(0, 99)}…` : why });
    continue;
  }
  for (const [name, label, unit] of [
    ['status', 'GET /api/status/{wId}', 'req/s'],
    ['order', 'POST /api/order', 'orders/s'],
  ]) {
    const f = half[name];
    if (!f) continue;
    rows.push({
      database: kind,
      case: label,
      'per s': `${f.reqPerSec} ${unit}`,
      'p50 ms': f.p50Ms,
      'p99 ms': f.p99Ms,
      non2xx: f.non2xx,
      errors: f.errors, // timeouts included
    });
  }
  if (half.serverExited) rows.push({ database: kind, case: `the server ${half.serverExited}` });
}
const { cpus: cpuCount, loadAverageAtStart } = summary.machine;
console.log(
  `\nbench:api: ${CONNECTIONS} connections, ${SECONDS} s a case, ${MEMBERS} members, ${cpuCount} CPUs, ` +
    `Node ${process.version}, load average ${loadAverageAtStart[0]} at start`,
);
console.table(rows);
const verdict = { true: 'met', false: 'not met', null: 'not measured' }[summary.targets.metOnPostgres];
console.log(
  `target on PostgreSQL, status ≥ ${TARGETS.statusReqPerSec} req/s with p99 < ${TARGETS.statusP99Ms} ms: ${verdict}`,
);
console.log(JSON.stringify(summary, null, 2));
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp/bench-api.json'), JSON.stringify(summary, null, 2));
// Figures never fail the run; a half that could not run, or whose server died, does.
const broken = (half) => Boolean(half?.error || half?.serverExited);
process.exitCode = broken(summary.pglite) || broken(summary.postgres) ? 1 : 0;
