#!/usr/bin/env node
// `npm run bench`: the figures docs/performance.md reports, in one bounded run on this machine.
//   Orders: POST /service/order by 50 and 200 concurrent members (each its own member, on its own
//     keep-alive connection, ordering back to back), on PGlite and on PostgreSQL with 1, 2 and N
//     server processes (N = cores), next to `pgbench -N` at the same client count on the same
//     throwaway cluster, measured immediately before and after each orders case; orders/s as a ratio
//     of their mean, printed only when before and after agree within 15 % (else the machine was too
//     noisy, and the table says so); p50/p99, and the load average before each case.
//   PostgreSQL runs with production durability (fsync and synchronous commit on); --fsync-off runs
//     it as the tests do, for comparison.
//   Reads and the public API, 50 members each on its own keep-alive connection: SMM API v2 `add`,
//     `status` of one order and of `orders=` (MULTI_IDS ids), REST GET /api/status/{wId}, and the
//     member's order history (GET /service/order-history); each with the CPU it cost a request (the
//     server process with its database thread, plus PostgreSQL's processes on PostgreSQL), and a
//     table of PGlite beside PostgreSQL.
//   Deposit webhooks: POST /hooks/deposit deposits/s (signed; the first ones match pending charges
//     and credit them, the rest are kept unmatched for an operator).
//   Web: the first-load gzip bytes per route (scripts/size.mjs).
// The server's background loop and per-key API limit are off, so only the request path is measured.
// Figures only: nothing here fails on a slow machine; a broken endpoint or a dead server does fail.
//
//   npm run bench [-- --pglite-only | --postgres-only] [-- --profile] [-- --fsync-off]
//   BENCH_SECONDS (10) per case; BENCH_CLIENTS (50,200); BENCH_PROCESSES (1,2,<cores>);
//   BENCH_CASES (orders,api,deposits): which groups of cases run;
//   BENCH_SERVER_MAIN=<path to a built main.js>: measure that build instead (a before/after).
//   BENCH_KEYED=1: every order sends an Idempotency-Key, as the site's form does (a key per order).
//   BENCH_GRADED=1: every member has a grade and every other one an own rate on the ordered service.
//   --profile: one more PostgreSQL orders case (1 process, first client count) under `node --cpu-prof`,
//     summarised by kind of code and busiest functions; the .cpuprofile is kept in .tmp/profile/.
// Prints a table, writes the whole summary to .tmp/bench.json.
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin } from '../postgres-bin.mjs';
import { measureCpu } from './cpu.mjs';
import { call, closedLoop, inBatches, root, startServer } from './lib.mjs';
import { summariseProfile } from './profile.mjs';
import { yardstickOf } from './yardstick.mjs';
import {
  cheapestService,
  gradeMembers,
  OPERATOR,
  prepareApiKeys,
  prepareCharges,
  prepareMembers,
} from './setup.mjs';

const args = new Set(process.argv.slice(2));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '50,200').split(',').map(Number);
const CORES = availableParallelism();
const PROCESS_COUNTS = process.env.BENCH_PROCESSES
  ? process.env.BENCH_PROCESSES.split(',').map(Number)
  : [...new Set([1, 2, CORES])];
const API_CLIENTS = 50;
/** Orders named by one `orders=` status call: each API member has this many. */
const MULTI_IDS = 20;
const CASES = new Set((process.env.BENCH_CASES ?? 'orders,api,deposits').split(',').map((c) => c.trim()));
const CHARGES_PER_MEMBER = 5;
const WEBHOOK_SECRET = randomBytes(24).toString('hex');
const pgBin = findPostgresBin();
const runPglite = !args.has('--postgres-only');
const runPostgres = !args.has('--pglite-only') && pgBin !== null;

// PostgreSQL comes from a throwaway cluster (scripts/with-postgres.mjs, durable unless --fsync-off):
// without one given, run this very script again inside one, with room for pgbench's clients and
// every server process's pool.
const durable = !args.has('--fsync-off');

if (runPostgres && !process.env.TEST_DATABASE_URL) {
  const maxClients = Math.max(...CLIENT_COUNTS);
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-postgres.mjs'), process.execPath, fileURLToPath(import.meta.url), ...args],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        PG_MAX_CONNECTIONS: String(maxClients + 20 * Math.max(...PROCESS_COUNTS) + 20),
        PG_DURABLE: durable ? '1' : '0',
      },
    },
  );
  process.exit(result.status ?? 1);
}

// Always the current sources (a stale build would measure old code), unless another build is named.
if (!process.env.BENCH_SERVER_MAIN) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@smm/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const maxClients = Math.max(...CLIENT_COUNTS);
const psql = (url, command) => {
  const r = spawnSync(join(pgBin, 'psql'), [url, '-qc', command], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql ${command}: ${r.stderr}`);
};
function databaseUrl(name) {
  psql(process.env.TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function serverEnv(dataDir, database) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // One secret for every process, so a member's token is good on each of them.
    JWT_SECRET: 'bench-jwt-secret-'.padEnd(48, 'x'),
    ADMIN_ID: OPERATOR.id,
    ADMIN_PASSWORD: OPERATOR.password,
    DEPOSIT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BACKGROUND_TICK_SECONDS: '0',
    API_RATE_LIMIT_PER_MINUTE: '0',
    CHARGE_MAX_PENDING: String(CHARGES_PER_MEMBER),
    // The setup signs up and logs in many members from one address on purpose.
    SIGNUP_MAX_PER_ADDRESS: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000',
  };
  if (database) env.DATABASE_URL = database;
  else delete env.DATABASE_URL;
  return env;
}

function pgbench(url, clients) {
  const cpu = measureCpu();
  const r = spawnSync(
    join(pgBin, 'pgbench'),
    ['-N', '-c', String(clients), '-j', String(Math.min(clients, CORES)), '-T', String(SECONDS), url],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
  if (!Number.isFinite(tps)) throw new Error(`pgbench -N -c ${clients} failed: ${r.stderr}`);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(r.stdout)?.[1] ?? NaN);
  return { tps: Math.round(tps), latencyAverageMs: latency, cpu: cpu() };
}

const loadAverage = () => Number(loadavg()[0].toFixed(2));

/** Members 0…clients-1 placing minimum orders, spread over the servers in turn. */
let orderCases = 0;
async function orderLoad(servers, members, clients, service) {
  // A link of its own per case: the orders stay open (no background loop), and the overlap rule
  // (docs/product.md#refill-and-cancellation) would refuse the next case's order for the same link.
  const caseId = ++orderCases;
  const cpu = measureCpu(servers.map((s) => s.pid));
  const figures = await closedLoop({
    clients: members.slice(0, clients).map((m, i) => ({ ...m, base: servers[i % servers.length].base })),
    seconds: SECONDS,
    next: (client, n) => ({
      path: '/service/order',
      body: {
        serviceId: service.id,
        link: `https://www.instagram.com/p/${client.id}x${n}c${caseId}/`,
        amount: service.min,
      },
      headers: {
        authorization: `Bearer ${client.token}`,
        ...(process.env.BENCH_KEYED ? { 'idempotency-key': `k${client.id}x${n}c${caseId}` } : {}),
      },
    }),
  });
  return { ...figures, cpu: cpu() };
}

/** Each API member's MULTI_IDS orders (the first placed by prepareApiKeys), for `orders=`. */
async function prepareStatusOrders(base, members, service) {
  const numbered = members.map((member, i) => ({ member, i }));
  await inBatches(numbered, 10, async ({ member, i }) => {
    member.orderIds = [member.wId];
    for (let k = 1; k < MULTI_IDS; k++) {
      const { order } = await call(base, 'POST', '/api/v2', {
        body: {
          key: member.apiKey,
          action: 'add',
          service: String(service.id),
          link: `https://www.instagram.com/p/benchmulti${i}x${k}/`,
          quantity: String(service.min),
        },
      });
      if (!order) throw new Error(`v2 add for the status orders answered no order`);
      member.orderIds.push(order);
    }
  });
}

const form = (fields) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The read and public API cases: name → what one client sends next. */
function apiCases(service) {
  let seq = 0;
  return {
    'v2 add': (m, n) => ({
      path: '/api/v2',
      ...form({
        key: m.apiKey,
        action: 'add',
        service: String(service.id),
        link: `https://www.instagram.com/p/benchv2${m.id}x${n}y${seq++}/`,
        quantity: String(service.min),
      }),
    }),
    'v2 status': (m) => ({
      path: '/api/v2',
      ...form({ key: m.apiKey, action: 'status', order: String(m.wId) }),
    }),
    [`v2 status, orders= ${MULTI_IDS} ids`]: (m) => ({
      path: '/api/v2',
      ...form({ key: m.apiKey, action: 'status', orders: m.orderIds.join(',') }),
    }),
    'REST status': (m) => ({ method: 'GET', path: `/api/status/${m.wId}`, headers: { 'api-key': m.apiKey } }),
    'order history': (m) => ({
      method: 'GET',
      path: '/service/order-history',
      headers: { authorization: `Bearer ${m.token}` },
    }),
  };
}

/**
 * One read or API case: API_CLIENTS members on keep-alive connections. v2 answers a refusal with
 * HTTP 200 and `{ error }`, so its answers are read: any `error` stops the run with what it said.
 */
async function apiLoad(server, members, next, database) {
  const cpu = measureCpu([server.pid]);
  const figures = await closedLoop({
    clients: members.map((m) => ({ ...m, base: server.base })),
    seconds: SECONDS,
    next,
    check: (text) => !text.startsWith('{"error"'),
  });
  const used = cpu();
  // PostgreSQL's processes count on PostgreSQL only (on PGlite the database is the server's thread).
  const cores = used ? used.servers + (database ? used.postgres : 0) : null;
  return {
    ...figures,
    cpu: used,
    cpuMsPerRequest:
      cores === null || figures.perSecond === 0
        ? null
        : Number(((cores * 1000) / figures.perSecond).toFixed(2)),
  };
}

/** 50 relays posting signed deposits: the pending charges first (each matched once), then unmatched. */
function depositLoad(base, charges) {
  let next = 0;
  const run = `${Date.now()}`;
  return closedLoop({
    clients: Array.from({ length: 50 }, (_, i) => ({ base, i })),
    seconds: SECONDS,
    next: () => {
      const n = next++;
      const charge = charges[n] ?? { name: `미확인${n}`, amount: 12_345 };
      const body = JSON.stringify({
        name: charge.name,
        amount: charge.amount,
        depositedAt: new Date().toISOString(),
        reference: `bench-${run}-${n}`,
      });
      const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
      return { path: '/hooks/deposit', body, headers: { 'x-signature': `sha256=${signature}` } };
    },
  });
}

/** Every case of one database: `database` undefined is PGlite (one process only: it is embedded). */
async function benchDatabase(kind, database) {
  const dataDir = mkdtempSync(join(tmpdir(), `smm-bench-${kind}-`));
  const env = serverEnv(dataDir, database);
  const servers = [await startServer({ env })];
  const result = { orders: [] };
  try {
    const first = servers[0].base;
    const started = Date.now();
    const members = await prepareMembers(first, CASES.has('orders') ? maxClients : API_CLIENTS);
    const service = await cheapestService(first);
    if (process.env.BENCH_GRADED) await gradeMembers(first, members, service);
    const apiMembers = members.slice(0, API_CLIENTS);
    if (CASES.has('api')) {
      await prepareApiKeys(first, apiMembers, service);
      await prepareStatusOrders(first, apiMembers, service);
    }
    const charges = CASES.has('deposits') ? await prepareCharges(first, members, CHARGES_PER_MEMBER) : [];
    result.setupSeconds = Math.round((Date.now() - started) / 1000);
    result.service = { id: service.id, min: service.min, price: service.price };

    const processCounts = !CASES.has('orders') ? [] : database ? PROCESS_COUNTS : [1];
    for (const processes of processCounts) {
      while (servers.length < processes) servers.push(await startServer({ env }));
      for (const clients of CLIENT_COUNTS) {
        const loadBefore = loadAverage();
        const before = database ? pgbench(pgbenchUrl, clients) : undefined;
        const figures = await orderLoad(servers.slice(0, processes), members, clients, service);
        const after = database ? pgbench(pgbenchUrl, clients) : undefined;
        const yardstick = before && after ? yardstickOf(before, after) : undefined;
        result.orders.push({
          processes,
          clients,
          loadAverageBefore: loadBefore,
          ...figures,
          ...(yardstick
            ? {
                pgbench: yardstick,
                ratio: yardstick.noisy ? null : Number((figures.perSecond / yardstick.mean).toFixed(2)),
              }
            : {}),
        });
        const dead = servers.find((s) => s.exited());
        if (dead) throw new Error(`a server ${dead.exited()} during the orders at ${clients} clients`);
      }
    }
    await Promise.all(servers.splice(1).map((s) => s.stop()));

    if (CASES.has('api')) {
      result.api = {};
      for (const [name, next] of Object.entries(apiCases(service))) {
        result.api[name] = {
          loadAverageBefore: loadAverage(),
          ...(await apiLoad(servers[0], apiMembers, next, database)),
        };
      }
    }
    if (CASES.has('deposits')) {
      result.depositWebhook = {
        loadAverageBefore: loadAverage(),
        ...(await depositLoad(first, charges)),
        pendingCharges: charges.length,
      };
    }

    if (database && args.has('--profile')) {
      for (const server of servers.splice(0)) await server.stop();
      const profileDir = join(root, '.tmp/profile');
      rmSync(profileDir, { recursive: true, force: true });
      const profiled = await startServer({ env, profileDir });
      servers.push(profiled);
      const figures = await orderLoad([profiled], members, CLIENT_COUNTS[0], service);
      await profiled.stop();
      result.profile = {
        clients: CLIENT_COUNTS[0],
        ordersPerSecond: figures.perSecond,
        ...summariseProfile(profileDir),
      };
    }
    return result;
  } catch (error) {
    console.error(error);
    return { ...result, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function webSizes() {
  const r = spawnSync(process.execPath, [join(root, 'scripts/size.mjs'), '--json-only'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const parsed = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
    return {
      routes: parsed.routes.map((x) => ({ path: x.path, jsBytes: x.jsBytes, cssBytes: x.cssBytes })),
      console: parsed.console,
    };
  } catch {
    return { error: `scripts/size.mjs answered: ${r.stdout.slice(0, 300)}` };
  }
}

const summary = {
  date: new Date().toISOString(),
  machine: {
    cores: CORES,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    postgres: pgBin
      ? spawnSync(join(pgBin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.trim()
      : null,
    // Server, database and load generator share the cores: anything else running skews the figures.
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  },
  settings: {
    secondsPerCase: SECONDS,
    clients: CLIENT_COUNTS,
    processes: PROCESS_COUNTS,
    postgresDurability: durable ? 'fsync on, synchronous_commit on' : 'fsync off (--fsync-off)',
  },
  server: process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist/main.js (built from the sources now)',
};
let pgbenchUrl;
if (runPostgres) {
  pgbenchUrl = databaseUrl('pgbench_yardstick');
  spawnSync(join(pgBin, 'pgbench'), ['-i', '-q', '-s', '10', pgbenchUrl], { stdio: 'ignore' });
  summary.postgres = await benchDatabase('postgres', databaseUrl('smm_bench'));
} else if (!args.has('--pglite-only')) {
  summary.postgres = { skipped: 'no PostgreSQL binaries found (install Debian package postgresql)' };
}
if (runPglite) summary.pglite = await benchDatabase('pglite', undefined);
summary.webFirstLoad = webSizes();

mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp/bench.json'), JSON.stringify(summary, null, 2));

const rows = [];
for (const kind of ['postgres', 'pglite']) {
  const half = summary[kind];
  if (!half) continue;
  if (half.error || half.skipped) rows.push({ case: `${kind}: ${half.error ?? half.skipped}`.slice(0, 100) });
  const cores = (c) => (c ? `${c.postgres} + ${c.servers} + ${c.loadGenerator} + ${c.rest}` : '');
  for (const o of half.orders ?? []) {
    const pg = o.pgbench;
    rows.push({
      case: `${kind} orders, ${o.processes} process${o.processes > 1 ? 'es' : ''}`,
      clients: o.clients,
      load: o.loadAverageBefore,
      'per s': o.perSecond,
      'p50 ms': o.p50Ms,
      'p99 ms': o.p99Ms,
      'not 2xx': o.notOk + o.errors,
      'pgbench -N before / after (mean)': pg ? `${pg.before} / ${pg.after} (${pg.mean})` : '',
      ratio: pg ? (pg.noisy ? 'too noisy' : o.ratio) : '',
      'cores: pg + app + load + rest': cores(o.cpu),
    });
  }
  for (const [name, f] of Object.entries(half.api ?? {})) {
    rows.push({
      case: `${kind} ${name}`,
      clients: API_CLIENTS,
      load: f.loadAverageBefore,
      'per s': f.perSecond,
      'p50 ms': f.p50Ms,
      'p99 ms': f.p99Ms,
      'not 2xx': f.notOk + f.errors,
      'CPU ms / request': f.cpuMsPerRequest,
      'cores: pg + app + load + rest': cores(f.cpu),
    });
  }
  for (const [name, label] of [['depositWebhook', 'deposit webhook']]) {
    const f = half[name];
    if (f) {
      rows.push({
        case: `${kind} ${label}`,
        clients: 50,
        load: f.loadAverageBefore,
        'per s': f.perSecond,
        'p50 ms': f.p50Ms,
        'p99 ms': f.p99Ms,
        'not 2xx': f.notOk + f.errors,
      });
    }
  }
}
console.log(
  `\nnpm run bench: ${SECONDS} s a case, ${CORES} cores (${summary.machine.cpuModel}), Node ${process.version}, ` +
    `load average ${summary.machine.loadAverageAtStart[0]} at start, ` +
    `PostgreSQL ${summary.settings.postgresDurability}`,
);
console.table(rows);
// The embedded default beside PostgreSQL, case by case: a regression on either shows as a ratio.
const apiNames = Object.keys(summary.pglite?.api ?? summary.postgres?.api ?? {});
if (apiNames.length > 0) {
  console.log(
    'PGlite beside PostgreSQL (the same run, 50 clients; CPU = server with its database thread, + PostgreSQL):',
  );
  console.table(
    apiNames.map((name) => {
      const lite = summary.pglite?.api?.[name];
      const pg = summary.postgres?.api?.[name];
      return {
        case: name,
        'PGlite per s': lite?.perSecond ?? '',
        'PostgreSQL per s': pg?.perSecond ?? '',
        'PGlite / PostgreSQL': lite && pg ? Number((lite.perSecond / pg.perSecond).toFixed(2)) : '',
        'PGlite CPU ms / req': lite?.cpuMsPerRequest ?? '',
        'PostgreSQL CPU ms / req': pg?.cpuMsPerRequest ?? '',
      };
    }),
  );
}
for (const kind of ['postgres']) {
  for (const o of summary[kind]?.orders ?? []) {
    if (o.pgbench?.noisy)
      console.log(`${kind} orders, ${o.processes} p, ${o.clients} clients: ${o.pgbench.noisy}`);
  }
}
if (summary.webFirstLoad.routes) {
  console.table(
    summary.webFirstLoad.routes.map((r) => ({
      route: r.path,
      'JS KB gzip': (r.jsBytes / 1000).toFixed(1),
      'CSS KB gzip': (r.cssBytes / 1000).toFixed(1),
    })),
  );
}
for (const kind of ['postgres', 'pglite']) {
  const p = summary[kind]?.profile;
  if (!p) continue;
  console.log(`CPU profile of one server process, ${kind}, ${p.clients} clients (${p.file}):`);
  console.table(p.byKind);
  console.table(p.topFunctions);
}
console.log('whole summary: .tmp/bench.json');
const broken = [summary.postgres, summary.pglite].some((h) => h?.error);
process.exitCode = broken ? 1 : 0;
