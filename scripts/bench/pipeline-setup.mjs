// The pieces of `npm run bench:pipeline` that set up and look at the world around the panel: the fake
// provider's process, the providers and services registered through the console's API, members with
// API keys, and the rows a status sweep starts from, written straight into the tables (as
// scripts/bench/loop.mts does for the simulated provider).
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { FAKE_PROVIDER_KEY, FAKE_SERVICE } from './fake-provider.mjs';
import { call, inBatches, root } from './lib.mjs';

/** The fake provider as its own process, so its answers do not wait on the load generator's loop. */
export async function startFakeProvider(latencyMs) {
  const child = spawn(process.execPath, [join(root, 'scripts/bench/fake-provider.mjs'), '0'], {
    env: { ...process.env, BENCH_PROVIDER_LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited;
  child.once(
    'exit',
    (code, signal) => (exited = signal ? `killed by ${signal}` : `exited with code ${code}`),
  );
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.once('exit', () => reject(new Error(`the fake provider ${exited} while starting`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const get = async (path, method = 'GET') => {
    const response = await fetch(`${base}${path}`, { method });
    if (!response.ok) throw new Error(`fake provider ${path}: HTTP ${response.status}`);
    return response.json();
  };
  return {
    base,
    exited: () => exited,
    stats: () => get('/_bench/stats'),
    arrivals: () => get('/_bench/arrivals'),
    startSweep: (from, count) => get(`/_bench/sweep?from=${from}&count=${count}`, 'POST'),
    resetPeaks: () => get('/_bench/reset-peaks', 'POST'),
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The fake registered twice through the console, as an operator would: a provider with multi-status
 * (/multi) and one without (/single), each with the fake's service imported into the first category,
 * and its 동시 호출 수 set to `concurrency` (setConcurrency).
 * → { multi: { providerId, serviceId }, single: { providerId, serviceId } }
 */
export async function registerFakeProviders(base, operatorToken, fakeBase, concurrency) {
  const headers = { authorization: `Bearer ${operatorToken}` };
  const categories = await call(base, 'GET', '/admin/api/categories', { headers });
  if (categories.length === 0) throw new Error('GET /admin/api/categories lists no category to import into');
  const registered = {};
  for (const mode of ['multi', 'single']) {
    const { provider } = await call(base, 'POST', '/admin/api/providers', {
      headers,
      body: { name: `bench ${mode}-status`, apiUrl: `${fakeBase}/${mode}/api/v2`, apiKey: FAKE_PROVIDER_KEY },
    });
    const imported = await call(base, 'POST', `/admin/api/providers/${provider.id}/import`, {
      headers,
      body: {
        categoryId: categories[0].id,
        markupPercent: 0,
        visible: true,
        items: [{ providerServiceId: String(FAKE_SERVICE.service), text: `Bench ${mode}` }],
      },
    });
    const created = imported.created[0];
    if (!created)
      throw new Error(`import from the fake provider created nothing: ${JSON.stringify(imported)}`);
    registered[mode] = { providerId: provider.id, serviceId: created.serviceId };
    await setConcurrency(base, headers, provider, concurrency);
  }
  return registered;
}

/**
 * The provider's 동시 호출 수 (calls in flight from each process), in an edit of its own: a build
 * without the field refuses it or drops it, and the bench goes on with that build's default, saying so.
 */
async function setConcurrency(base, headers, provider, concurrency) {
  const response = await fetch(`${base}/admin/api/providers/${provider.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      name: provider.name,
      apiUrl: provider.apiUrl,
      apiKey: '',
      maxConcurrency: concurrency,
    }),
  });
  const text = await response.text();
  const saved = response.ok ? JSON.parse(text).provider?.maxConcurrency : undefined;
  if (saved === concurrency) return;
  console.log(
    `${provider.name}: 동시 호출 수 ${concurrency} not set (HTTP ${response.status}${
      response.ok ? ', the field is not known to this build' : `: ${text.slice(0, 200)}`
    }); its lanes use the build's default`,
  );
}

/** An API key for each member (they place v2 orders with it). */
export async function issueApiKeys(base, members) {
  await inBatches(members, 10, async (member) => {
    const { apiKey } = await call(base, 'POST', '/auth/api-key', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    member.apiKey = apiKey;
  });
  return members;
}

/** psql on `url`: the rows of `command` as text lines (ON_ERROR_STOP: any error stops the run). */
export function psql(pgBin, url, command) {
  const r = spawnSync(join(pgBin, 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-qtAc', command], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`psql ${command.slice(0, 80)}: ${r.stderr}`);
  return r.stdout.split('\n').filter((line) => line !== '');
}

/** A database of its own on the cluster of TEST_DATABASE_URL: its URL. */
export function createDatabase(pgBin, name) {
  psql(pgBin, process.env.TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** pgbench -N (the orders' yardstick, docs/performance.md "How it is measured"): tps. */
export function pgbench(pgBin, url, clients, seconds) {
  const r = spawnSync(
    join(pgBin, 'pgbench'),
    [
      '-N',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, availableParallelism())),
      '-T',
      String(seconds),
      url,
    ],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
  if (!Number.isFinite(tps)) throw new Error(`pgbench -N -c ${clients} failed: ${r.stderr}`);
  return { tps: Math.round(tps) };
}

/**
 * Every open order's next check a day away: what an earlier phase left open (unsent or not yet
 * checked) neither sends nor is asked about during the next, so each phase measures its own work.
 */
export function parkOpenOrders(pgBin, url) {
  // The loop is still writing a batch's statuses in one statement meanwhile, its rows locked in its
  // own order: PostgreSQL may end this statement as a deadlock, and it is simply run again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      psql(
        pgBin,
        url,
        `UPDATE orders SET next_check_at = now() + interval '1 day' WHERE status IN (0, 1, 4)`,
      );
      return;
    } catch (error) {
      if (attempt >= 5 || !/deadlock detected/.test(String(error))) throw error;
    }
  }
}

/**
 * `count` orders its provider already took (ids from … from+count−1, which the fake holds), In progress
 * and all due now, as the panel would hold them after sending: the rows a status sweep starts from.
 */
export function insertSweepOrders(pgBin, url, { accountLogin, target, from, count, tag }) {
  const [account] = psql(pgBin, url, `SELECT id FROM accounts WHERE login_id = '${accountLogin}'`);
  if (!account) throw new Error(`no account ${accountLogin}`);
  const f = Math.trunc(from);
  psql(
    pgBin,
    url,
    `INSERT INTO orders (account_id, service_id, link, link_key, amount, unit_price_milli, cost, status,
                         provider_id, provider_service_id, provider_order_id, next_check_at, progress_at)
     SELECT ${Number(account)}, ${Math.trunc(target.serviceId)},
            'https://www.instagram.com/p/${tag}-' || g || '/', 'instagram.com/p/${tag}-' || g,
            100, 1000, 100, 1, ${Math.trunc(target.providerId)}, '${FAKE_SERVICE.service}',
            (${f} + g - 1)::text, now() - interval '1 second', now()
     FROM generate_series(1, ${Math.trunc(count)}) g;
     ANALYZE orders;`,
  );
}
