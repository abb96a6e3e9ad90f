#!/usr/bin/env node
// `npm run bench:pipeline`: the whole pipeline end to end (docs/performance.md, "The pipeline, end to
// end"): orders taken through SMM API v2, sent on to a provider, and their statuses brought back.
// The built server, one process, background loop on, on a throwaway durable PostgreSQL (fsync on), with
// a local fake provider (fake-provider.mjs, BENCH_PROVIDER_LATENCY_MS = 50 ms a call) registered through
// the console's API twice: with multi-status and without, each with its 동시 호출 수 set to
// BENCH_PROVIDER_CONCURRENCY (32; a build without the setting keeps its default, and says so). Only stable interfaces are used (the HTTP API,
// environment variables, the tables), so the same script measures any build of the server.
//   A, sends: v2 `add` at BENCH_PIPELINE_RATE (500) a second for BENCH_PIPELINE_SECONDS (20), an open
//     loop; orders taken per second beside pgbench -N on the same cluster (before, and after the
//     backlog drained); from each member's 200 to the order's `add` at the provider, p50/p99; sends a
//     second sustained beside the fake's own ceiling at the panel's peak calls in flight; orders not
//     sent when the drain bound (BENCH_PIPELINE_DRAIN_SECONDS, 120) ran out.
//   B, status sweep: BENCH_SWEEP_ORDERS (100,000) open orders the fake already holds, put straight into
//     the tables, all due: time until every one was asked once, with multi-status, then (a fresh set)
//     at the provider without; each bounded by BENCH_SWEEP_SECONDS (900), printing how far it got.
// Figures only: nothing fails on a slow machine; a broken endpoint or a dead server fails the run.
//
//   --pglite: then phase A again on the embedded database (its tables are inside the server process,
//     out of psql's reach, so no sweep there; no pgbench beside it).
//   BENCH_PIPELINE_PHASES (sends,sweep): which phases run, comma-separated: `sends` (A), `sweep` (B, both
//     providers), or `sweep-multi` / `sweep-single` (B at one of them); e.g. BENCH_PIPELINE_PHASES=sweep
//     measures the sweeps alone (`--pglite` runs only with `sends`).
//   --profile: the server on PostgreSQL under the V8 profiler (slower), its busiest functions printed.
//   npm run bench:pipeline [-- --fsync-off] [-- --pglite] [-- --profile]   BACKGROUND_TICK_SECONDS as set (else the default);
//   BENCH_SERVER_MAIN=<built main.js>: measure that build. Writes .tmp/bench-pipeline.json.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin } from '../postgres-bin.mjs';
import { epochMs, FAKE_SERVICE } from './fake-provider.mjs';
import { closedLoop, percentiles, root, send, startServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';
import {
  createDatabase,
  insertSweepOrders,
  issueApiKeys,
  parkOpenOrders,
  pgbench,
  registerFakeProviders,
  startFakeProvider,
} from './pipeline-setup.mjs';
import { printPipelineSummary } from './pipeline-report.mjs';
import { summariseProfile } from './profile.mjs';
import { OPERATOR, operatorToken, prepareMembers } from './setup.mjs';
import { yardstickOf } from './yardstick.mjs';

const numberEnv = (name, fallback) => Number(process.env[name] ?? fallback);
const RATE = numberEnv('BENCH_PIPELINE_RATE', 500);
const SECONDS = numberEnv('BENCH_PIPELINE_SECONDS', 20);
const DRAIN_SECONDS = numberEnv('BENCH_PIPELINE_DRAIN_SECONDS', 120);
const MEMBERS = numberEnv('BENCH_PIPELINE_MEMBERS', 20);
const LATENCY_MS = numberEnv('BENCH_PROVIDER_LATENCY_MS', 50);
/** The fake providers' 동시 호출 수: at 50 ms a call, 500 sends a second need about 25 in flight. */
const PROVIDER_CONCURRENCY = numberEnv('BENCH_PROVIDER_CONCURRENCY', 32);
const SWEEP_ORDERS = numberEnv('BENCH_SWEEP_ORDERS', 100_000);
const SWEEP_SECONDS = numberEnv('BENCH_SWEEP_SECONDS', 900);
const PHASES = new Set(
  (process.env.BENCH_PIPELINE_PHASES ?? 'sends,sweep')
    .split(',')
    .map((p) => p.trim())
    .flatMap((p) => (p === 'sweep' ? ['sweep-multi', 'sweep-single'] : [p])),
);
for (const phase of PHASES) {
  if (!['sends', 'sweep-multi', 'sweep-single'].includes(phase)) {
    console.error(`BENCH_PIPELINE_PHASES: unknown phase ${phase} (sends, sweep, sweep-multi, sweep-single)`);
    process.exit(2);
  }
}
const PGBENCH_CLIENTS = 50;
const PGBENCH_SECONDS = Math.min(10, Math.max(3, SECONDS));
const CEILING_SECONDS = 5;
/** The load generator's own bound on requests in flight (skipped past it, and counted). */
const MAX_IN_FLIGHT = 2000;
const args = new Set(process.argv.slice(2));
const durable = !args.has('--fsync-off');
const pgBin = findPostgresBin();
if (!pgBin) {
  console.error('bench:pipeline needs PostgreSQL binaries (install Debian package postgresql)');
  process.exit(3);
}

// PostgreSQL from a throwaway cluster: without one given, run this script again inside one.
if (!process.env.TEST_DATABASE_URL) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts/with-postgres.mjs'), process.execPath, fileURLToPath(import.meta.url), ...args],
    { stdio: 'inherit', env: { ...process.env, PG_MAX_CONNECTIONS: '200', PG_DURABLE: durable ? '1' : '0' } },
  );
  process.exit(result.status ?? 1);
}
if (!process.env.BENCH_SERVER_MAIN) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@smm/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const loadAverage = () => Number(loadavg()[0].toFixed(2));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/** p50/p99 where an order never sent counts as slower than any sent: null then means "not sent". */
function latencyPercentiles(values) {
  const { p50Ms, p99Ms } = percentiles(values);
  return { p50Ms: round(p50Ms), p99Ms: round(p99Ms) };
}

/** A line every 30 s while a long phase runs, so a run of many minutes shows it is alive. */
function progress(phase) {
  const start = performance.now();
  let last = start;
  return (text) => {
    if (performance.now() - last < 30_000) return;
    last = performance.now();
    console.log(`${phase}: ${text} after ${Math.round((last - start) / 1000)} s`);
  };
}

function alive(server, fake) {
  if (server.exited()) throw new Error(`the server ${server.exited()}`);
  if (fake.exited()) throw new Error(`the fake provider ${fake.exited()}`);
}

/** Phase A: v2 `add` on a schedule, then the backlog drained (bounded), then the fake's ceiling. */
async function sends({ server, fake, members, target, pgbenchUrl }) {
  const loadAverageBefore = loadAverage();
  const before = pgbenchUrl ? pgbench(pgBin, pgbenchUrl, PGBENCH_CLIENTS, PGBENCH_SECONDS) : undefined;
  const addsBefore = (await fake.stats()).adds;
  await fake.resetPeaks();
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const tag = randomBytes(3).toString('hex');
  const loadStartedAt = epochMs();
  const loop = await openLoop({
    rate: RATE,
    seconds: SECONDS,
    maxInFlight: MAX_IN_FLIGHT,
    send: async (i) => {
      const member = members[i % members.length];
      const link = `https://www.instagram.com/p/pipe${tag}n${i}/`;
      const body = new URLSearchParams({
        key: member.apiKey,
        action: 'add',
        service: String(target.serviceId),
        link,
        quantity: String(FAKE_SERVICE.min),
      }).toString();
      const { status, text } = await send(agent, server.base, 'POST', '/api/v2', body, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      return { status, text, link, answeredAt: epochMs() };
    },
  });
  agent.destroy();
  const windowSeconds = loop.elapsedSeconds;
  const taken = [];
  const refusals = new Map();
  const memberLatencies = [];
  for (const r of loop.results) {
    const ok = r.value && r.value.status === 200 && /^\{"order":/.test(r.value.text);
    if (ok) {
      taken.push(r.value);
      // From the moment it was due (the open loop's clock is performance.now()), not when it could start.
      memberLatencies.push(r.value.answeredAt - (performance.timeOrigin + r.scheduledAt));
    } else {
      const why = r.error ? String(r.error) : `${r.value.status} ${r.value.text.slice(0, 120)}`;
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
    }
  }
  if (taken.length === 0) throw new Error(`v2 add took no order: ${[...refusals.keys()].join('; ')}`);
  alive(server, fake);

  // The backlog: wait until the fake has every order taken, or the bound runs out.
  const drainStart = performance.now();
  const drainProgress = progress('drain');
  while (performance.now() - drainStart < DRAIN_SECONDS * 1000) {
    const arrived = (await fake.stats()).adds - addsBefore;
    if (arrived >= taken.length) break;
    drainProgress(`${arrived} of ${taken.length} orders taken have reached the provider`);
    alive(server, fake);
    await sleep(250);
  }
  const stats = await fake.stats();
  const arrivals = await fake.arrivals();
  const toProvider = [];
  let lastArrival = loadStartedAt;
  let sentInWindow = 0;
  let sent = 0;
  for (const order of taken) {
    const at = arrivals[order.link];
    if (at === undefined) {
      toProvider.push(Infinity);
      continue;
    }
    sent += 1;
    toProvider.push(at - order.answeredAt);
    lastArrival = Math.max(lastArrival, at);
    if (at - loadStartedAt <= windowSeconds * 1000) sentInWindow += 1;
  }
  const after = before ? pgbench(pgBin, pgbenchUrl, PGBENCH_CLIENTS, PGBENCH_SECONDS) : undefined;
  const yardstick = before && after ? { clients: PGBENCH_CLIENTS, ...yardstickOf(before, after) } : null;

  // The fake's own ceiling: a plain client sending adds at the panel's peak calls in flight.
  const concurrency = Math.max(1, stats.peakInFlight.add);
  const ceilingLoad = loadAverage();
  const ceiling = await closedLoop({
    clients: Array.from({ length: concurrency }, (_, i) => ({ i, base: fake.base })),
    seconds: CEILING_SECONDS,
    check: (text) => text.startsWith('{"order"'),
    next: (client, n) => ({
      path: '/multi/api/v2',
      body: new URLSearchParams({
        key: 'bench-fake-provider-key',
        action: 'add',
        service: String(FAKE_SERVICE.service),
        link: `https://www.instagram.com/p/ceiling${tag}c${client.i}n${n}/`,
        quantity: String(FAKE_SERVICE.min),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  });
  const sendSeconds = (lastArrival - loadStartedAt) / 1000;
  const sendsPerSecond = sent > 0 && sendSeconds > 0 ? sent / sendSeconds : 0;
  return {
    loadAverageBefore,
    offeredPerSecond: RATE,
    seconds: SECONDS,
    answeredWithinSeconds: round(windowSeconds),
    scheduled: loop.scheduled,
    skippedByLoadGenerator: loop.skipped,
    maxInFlight: MAX_IN_FLIGHT,
    taken: taken.length,
    takenPerSecond: Math.round(taken.length / windowSeconds),
    refused: Object.fromEntries(refusals),
    memberAnswer: percentiles(memberLatencies),
    pgbench: yardstick,
    sent,
    notSent: taken.length - sent,
    drainBoundSeconds: DRAIN_SECONDS,
    sentDuringWindowPerSecond: Math.round(sentInWindow / windowSeconds),
    sendsPerSecondSustained: round(sendsPerSecond),
    sendSeconds: round(sendSeconds),
    orderToProvider: latencyPercentiles(toProvider),
    peakAddsInFlight: stats.peakInFlight.add,
    duplicateAdds: stats.duplicateAdds,
    fakeCeiling: {
      concurrency,
      loadAverageBefore: ceilingLoad,
      addsPerSecond: ceiling.perSecond,
      p50Ms: ceiling.p50Ms,
    },
    sendsOverCeiling: ceiling.perSecond > 0 ? round(sendsPerSecond / ceiling.perSecond, 2) : null,
  };
}

/** Phase B: `SWEEP_ORDERS` open orders at `target`, all due; the time until each was asked once. */
async function sweep({ server, fake, target, mode, from, pipelineUrl }) {
  parkOpenOrders(pgBin, pipelineUrl);
  await fake.startSweep(from, SWEEP_ORDERS);
  insertSweepOrders(pgBin, pipelineUrl, {
    accountLogin: 'bench0000',
    target,
    from,
    count: SWEEP_ORDERS,
    tag: `sweep-${mode}-${from}`,
  });
  await fake.resetPeaks();
  const loadAverageBefore = loadAverage();
  const start = await fake.stats();
  const t0 = performance.now();
  let firstAskSeconds = null;
  let halfSeconds = null;
  let now = start;
  const sweepProgress = progress(`sweep, ${mode === 'multi' ? 'multi-status' : 'single calls'}`);
  while (performance.now() - t0 < SWEEP_SECONDS * 1000) {
    await sleep(500);
    now = await fake.stats();
    const seconds = (performance.now() - t0) / 1000;
    if (firstAskSeconds === null && now.sweep.asked > 0) firstAskSeconds = round(seconds);
    if (halfSeconds === null && now.sweep.asked >= SWEEP_ORDERS / 2) halfSeconds = round(seconds);
    if (now.sweep.asked >= SWEEP_ORDERS) break;
    sweepProgress(`${now.sweep.asked} of ${SWEEP_ORDERS} asked about`);
    alive(server, fake);
  }
  const seconds = (performance.now() - t0) / 1000;
  const calls = now.statusCalls - start.statusCalls;
  return {
    mode,
    loadAverageBefore,
    orders: SWEEP_ORDERS,
    asked: now.sweep.asked,
    complete: now.sweep.asked >= SWEEP_ORDERS,
    seconds: round(seconds),
    boundSeconds: SWEEP_SECONDS,
    firstAskSeconds,
    halfSeconds,
    askedPerSecond: Math.round(now.sweep.asked / seconds),
    statusCalls: calls,
    multiStatusCalls: now.multiStatusCalls - start.multiStatusCalls,
    refusedMultiStatusCalls: now.refusedMulti - start.refusedMulti,
    idsPerCall: calls > 0 ? round((now.idsAsked - start.idsAsked) / calls) : null,
    peakStatusCallsInFlight: now.peakInFlight.status,
  };
}

const summary = {
  startedAt: new Date().toISOString(),
  machine: {
    cores: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
  },
  settings: {
    phases: [...PHASES],
    rate: RATE,
    seconds: SECONDS,
    members: MEMBERS,
    providerLatencyMs: LATENCY_MS,
    backgroundTickSeconds: process.env.BACKGROUND_TICK_SECONDS ?? 'default',
    sweepOrders: SWEEP_ORDERS,
    sweepBoundSeconds: SWEEP_SECONDS,
    drainBoundSeconds: DRAIN_SECONDS,
    postgresDurability: durable ? 'fsync on, synchronous_commit on' : 'fsync off (--fsync-off)',
  },
  server: process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist/main.js (built from the sources now)',
};

/**
 * The built server on `database` (PGlite when undefined) with the fake registered as its two providers
 * and MEMBERS members with API keys: { server, targets, members, stop }.
 */
async function startPanel(database) {
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-pipeline-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JWT_SECRET: 'bench-jwt-secret-'.padEnd(48, 'x'),
    ADMIN_ID: OPERATOR.id,
    ADMIN_PASSWORD: OPERATOR.password,
    DEPOSIT_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    API_RATE_LIMIT_PER_MINUTE: '0',
    // The fake listens on 127.0.0.1, which a production panel refuses (providers are untrusted).
    PROVIDER_ALLOW_PRIVATE_ADDRESSES: 'true',
    SIGNUP_MAX_PER_ADDRESS: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000000',
  };
  delete env.TEST_DATABASE_URL;
  if (database) env.DATABASE_URL = database;
  else delete env.DATABASE_URL;
  // --profile: the PostgreSQL panel runs under the V8 profiler; its top functions are printed at the end.
  const profileDir = database && args.has('--profile') ? join(root, '.tmp/profile-pipeline') : undefined;
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  const server = await startServer({ env, profileDir });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const operator = await operatorToken(server.base);
    const targets = await registerFakeProviders(server.base, operator, fake.base, PROVIDER_CONCURRENCY);
    const members = await issueApiKeys(server.base, await prepareMembers(server.base, MEMBERS));
    return { server, targets, members, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const fake = await startFakeProvider(LATENCY_MS);
let panel;
try {
  // The yardstick's tables only for the sends (the sweeps have none).
  const pgbenchUrl = PHASES.has('sends') ? createDatabase(pgBin, 'pgbench_yardstick') : undefined;
  if (pgbenchUrl)
    spawnSync(join(pgBin, 'pgbench'), ['-i', '-q', '-s', '10', pgbenchUrl], { stdio: 'ignore' });
  const pipelineUrl = createDatabase(pgBin, 'smm_pipeline');
  const started = Date.now();
  panel = await startPanel(pipelineUrl);
  summary.setupSeconds = Math.round((Date.now() - started) / 1000);
  const { server, targets, members } = panel;
  if (PHASES.has('sends'))
    summary.sends = await sends({ server, fake, members, target: targets.multi, pgbenchUrl });
  summary.sweeps = [];
  for (const [mode, from] of [
    ['multi', 1_000_000_000],
    ['single', 2_000_000_000],
  ]) {
    if (!PHASES.has(`sweep-${mode}`)) continue;
    summary.sweeps.push(await sweep({ server, fake, target: targets[mode], mode, from, pipelineUrl }));
  }
  alive(server, fake);
  await panel.stop();
  panel = undefined;
  if (args.has('--profile')) summary.profile = summariseProfile(join(root, '.tmp/profile-pipeline'));
  // The embedded database: the sends only (its tables are inside the server, out of psql's reach).
  if (args.has('--pglite') && PHASES.has('sends')) {
    panel = await startPanel(undefined);
    const lite = panel;
    summary.pgliteSends = await sends({
      server: lite.server,
      fake,
      members: lite.members,
      target: lite.targets.multi,
    });
    alive(lite.server, fake);
  }
} catch (error) {
  console.error(error);
  summary.error = String(error?.stack ?? error);
} finally {
  await panel?.stop();
  await fake.stop();
}

mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp/bench-pipeline.json'), JSON.stringify(summary, null, 2));
printPipelineSummary(summary);
if (summary.profile) {
  console.log(
    `server profile (PostgreSQL panel, ${summary.profile.seconds} s sampled): ${summary.profile.file}`,
  );
  console.table(summary.profile.byKind);
  console.table(summary.profile.topFunctions);
}
process.exitCode = summary.error ? 1 : 0;
