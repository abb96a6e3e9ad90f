// Shared pieces of `npm run bench`: starting the built server, one HTTP call of a setup, and a load
// loop whose clients each keep one keep-alive connection and record every response's latency, so
// percentiles over several server processes are exact rather than averaged.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** BENCH_SERVER_MAIN: another build to measure (e.g. an older commit's, for a before/after). */
export const serverMain = process.env.BENCH_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * The built server as its own process. `exited()` names how it ended if it did, so a server that dies
 * under load is reported, not guessed at. `stop()` sends SIGTERM and SIGKILLs after 10 s.
 */
export async function startServer({ env, profileDir }) {
  const port = await freePort();
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...args, serverMain], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited;
  child.once(
    'exit',
    (code, signal) => (exited = signal ? `killed by ${signal}` : `exited with code ${code}`),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`the server ${exited} while starting`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error(`${base} did not become ready within 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    exited: () => exited,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** One HTTP call of a setup; any answer but `expected` stops the run with what the server said. */
export async function call(base, method, path, { body, headers = {}, expected = 200, what } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(
      `${what ?? `${method} ${path}`}: expected HTTP ${expected}, got ${response.status} ${text}`,
    );
  }
  return text ? JSON.parse(text) : null;
}

/** Runs `task` over `items`, `size` at a time (argon2 has four threads; more in flight only queue). */
export async function inBatches(items, size, task) {
  const results = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  }
  return results;
}

/** p50 and p99 in ms of an unsorted list of latencies, one decimal. */
export function percentiles(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1));
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

/**
 * `clients` loops, each one member on one keep-alive connection, sending `next(client, n)` back to back
 * for `seconds`. Answers other than 2xx, or that `check(text)` refuses (an API that says no with a 200),
 * are not counted as done (the first few are kept), never retried.
 */
export async function closedLoop({ clients, seconds, next, check = () => true }) {
  const agents = new Map();
  const agentFor = (base) => {
    if (!agents.has(base)) agents.set(base, new Agent({ keepAlive: true, maxSockets: Infinity }));
    return agents.get(base);
  };
  const latencies = [];
  const statusCodes = {};
  const samples = new Set();
  // The ten slowest requests and when they started: a tail from one stall shows as one moment.
  const slowest = [];
  let ok = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      const agent = agentFor(client.base);
      for (let n = 0; performance.now() < until; n++) {
        const { path, method = 'POST', body, headers } = next(client, n);
        const t0 = performance.now();
        try {
          const { status, text } = await send(agent, client.base, method, path, body, headers);
          const ms = performance.now() - t0;
          latencies.push(ms);
          slowest.push({ atSecond: Number(((t0 - started) / 1000).toFixed(2)), ms: Math.round(ms) });
          if (slowest.length > 20) slowest.sort((a, b) => b.ms - a.ms).splice(10);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          if (status >= 200 && status < 300 && check(text)) ok += 1;
          else if (samples.size < 3) samples.add(`${status} ${text.slice(0, 200)}`);
        } catch (error) {
          errors += 1;
          if (samples.size < 3) samples.add(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const agent of agents.values()) agent.destroy();
  return {
    perSecond: Math.round(ok / elapsed),
    ...percentiles(latencies),
    ok,
    notOk: latencies.length - ok,
    errors,
    statusCodes,
    slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 10),
    ...(samples.size > 0 ? { samples: [...samples] } : {}),
  };
}

/** One request on `agent`: its status and body text (lib.mjs's loops and the pipeline bench's open loop). */
export function send(agent, base, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}
