#!/usr/bin/env node
// The upstream provider of `npm run bench:pipeline`: a plain node:http server on 127.0.0.1 speaking the
// trade's SMM API v2 (a form-encoded POST with `key` and `action` = services | balance | add | status),
// answering every call after BENCH_PROVIDER_LATENCY_MS (50), as a real provider across the internet
// would. Two providers in one: the first path segment says which.
//   /multi/…   `status` answers `order=<id>` and `orders=<ids>` (multi-status, up to 100 ids a call);
//   /single/…  `status` answers `order=<id>` only and refuses `orders=` with `{"error":"Incorrect
//              request"}`, as a provider without multi-status does (the panel reads a JSON `{ error }`
//              as the provider saying no, docs/ARCHITECTURE.md#upstream-providers).
// Orders are kept in memory: those taken by `add` (numbered from 1, answered Completed so they leave the
// panel's open orders after one status check) and a sweep's range of ids the bench put straight into
// the panel's tables (answered In progress, so they stay open). It records the moment each `add`
// arrives, by link, so the bench matches an order's 200 from the panel to its arrival here, and counts
// the distinct sweep ids asked about, the adds for a link it already had (an order sent twice), and
// the calls in flight at once.
//
// Control, for the bench only (never under /multi or /single):
//   GET  /_bench/stats                  counters (adds, status calls, ids asked, peaks in flight)
//   GET  /_bench/arrivals               { link: epoch ms of its `add`'s arrival }
//   POST /_bench/sweep?from=F&count=N   the sweep's ids are F … F+N−1 (resets the sweep's counters)
//   POST /_bench/reset-peaks            peaks in flight back to 0
//
//   node scripts/bench/fake-provider.mjs [port]   (prints {"port": …} once listening)
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

export const FAKE_PROVIDER_KEY = 'bench-fake-provider-key';
/** Its one service: 1 KRW per 1,000 (a price the import copies), quantities 10 … 1,000,000. */
export const FAKE_SERVICE = {
  service: 1,
  name: 'Bench likes',
  type: 'Default',
  category: 'Bench',
  rate: '1.00',
  min: 10,
  max: 1_000_000,
  refill: false,
  cancel: false,
};
/** The most ids one multi-status call may name, as the trade's panels allow. */
export const MULTI_STATUS_MAX = 100;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** The fake's state and its request handler, without a socket (the tooling test drives it directly). */
export function createFakeProvider({ latencyMs = 50 } = {}) {
  const arrivals = new Map();
  const addOrders = new Map();
  let nextId = 1;
  let sweep = { from: 0, count: 0, asked: new Uint8Array(0), distinct: 0 };
  const stats = {
    adds: 0,
    duplicateAdds: 0,
    statusCalls: 0,
    multiStatusCalls: 0,
    idsAsked: 0,
    refusedMulti: 0,
    inFlight: { add: 0, status: 0 },
    peakInFlight: { add: 0, status: 0 },
  };

  const wait = () => new Promise((resolve) => setTimeout(resolve, latencyMs));

  function statusOf(id) {
    const n = Number(id);
    if (Number.isSafeInteger(n) && n >= sweep.from && n < sweep.from + sweep.count) {
      const i = n - sweep.from;
      if (sweep.asked[i] === 0) {
        sweep.asked[i] = 1;
        sweep.distinct += 1;
      }
      return { charge: '0.1', start_count: '0', status: 'In progress', remains: '100', currency: 'KRW' };
    }
    const order = addOrders.get(id);
    if (!order) return { error: 'Incorrect order ID' };
    return {
      charge: ((order.quantity * Number(FAKE_SERVICE.rate)) / 1000).toFixed(5),
      start_count: '0',
      status: 'Completed',
      remains: '0',
      currency: 'KRW',
    };
  }

  /** One API v2 call: its JSON answer (the latency is waited by the caller). */
  function answer(mode, params) {
    if (params.get('key') !== FAKE_PROVIDER_KEY) return { error: 'Invalid API key' };
    switch (params.get('action')) {
      case 'services':
        return [FAKE_SERVICE];
      case 'balance':
        return { balance: '1000000000.00', currency: 'KRW' };
      case 'add': {
        const link = params.get('link') ?? '';
        const quantity = Number(params.get('quantity'));
        if (params.get('service') !== String(FAKE_SERVICE.service)) return { error: 'Incorrect service ID' };
        if (!link || !Number.isInteger(quantity) || quantity < FAKE_SERVICE.min) {
          return { error: 'Incorrect request' };
        }
        const id = String(nextId++);
        addOrders.set(id, { link, quantity });
        return { order: Number(id) };
      }
      case 'status': {
        stats.statusCalls += 1;
        const many = params.get('orders');
        if (many !== null) {
          if (mode !== 'multi') {
            stats.refusedMulti += 1;
            return { error: 'Incorrect request' };
          }
          const ids = many.split(',').map((id) => id.trim());
          if (ids.length > MULTI_STATUS_MAX) return { error: `Too many orders (max ${MULTI_STATUS_MAX})` };
          stats.multiStatusCalls += 1;
          stats.idsAsked += ids.length;
          return Object.fromEntries(ids.map((id) => [id, statusOf(id)]));
        }
        const one = params.get('order');
        if (one === null) return { error: 'Incorrect request' };
        stats.idsAsked += 1;
        return statusOf(one.trim());
      }
      default:
        return { error: 'Incorrect request' };
    }
  }

  function control(request, url) {
    if (url.pathname === '/_bench/stats') {
      return {
        ...stats,
        inFlight: { ...stats.inFlight },
        peakInFlight: { ...stats.peakInFlight },
        sweep: { from: sweep.from, count: sweep.count, asked: sweep.distinct },
      };
    }
    if (url.pathname === '/_bench/arrivals') return Object.fromEntries(arrivals);
    if (request.method === 'POST' && url.pathname === '/_bench/sweep') {
      const from = Number(url.searchParams.get('from'));
      const count = Number(url.searchParams.get('count'));
      if (!Number.isSafeInteger(from) || !Number.isSafeInteger(count) || count < 0) return undefined;
      sweep = { from, count, asked: new Uint8Array(count), distinct: 0 };
      return { from, count };
    }
    if (request.method === 'POST' && url.pathname === '/_bench/reset-peaks') {
      stats.peakInFlight = { add: 0, status: 0 };
      return { ok: true };
    }
    return undefined;
  }

  /** node:http's request listener. */
  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const send = (status, value) => {
      const body = JSON.stringify(value);
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    };
    if (url.pathname.startsWith('/_bench/')) {
      const value = control(request, url);
      return value === undefined ? send(404, { error: 'unknown control call' }) : send(200, value);
    }
    const mode = url.pathname.split('/')[1];
    if (request.method !== 'POST' || (mode !== 'multi' && mode !== 'single')) {
      return send(404, { error: 'Incorrect request' });
    }
    const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const action = params.get('action');
    const counted = action === 'add' || action === 'status' ? action : undefined;
    if (action === 'add' && params.get('key') === FAKE_PROVIDER_KEY) {
      stats.adds += 1;
      const link = params.get('link');
      // A second `add` for a link is an order sent twice (each bench order has a link of its own).
      if (link && arrivals.has(link)) stats.duplicateAdds += 1;
      else if (link) arrivals.set(link, epochMs());
    }
    if (counted) {
      stats.inFlight[counted] += 1;
      stats.peakInFlight[counted] = Math.max(stats.peakInFlight[counted], stats.inFlight[counted]);
    }
    try {
      await wait();
      send(200, answer(mode, params));
    } finally {
      if (counted) stats.inFlight[counted] -= 1;
    }
  }

  return { handle, stats, arrivals };
}

/** The fake on 127.0.0.1:`port` (0: any free port); resolves with the listening server and its port. */
export function listenFakeProvider({ port = 0, latencyMs } = {}) {
  const fake = createFakeProvider({ latencyMs });
  const server = createServer((request, response) => {
    fake.handle(request, response).catch((error) => {
      response.destroy(error);
    });
  });
  // The panel's lanes and the bench's own clients keep connections open between calls.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve({ server, port: server.address().port, fake }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const latencyMs = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 50);
  const { port } = await listenFakeProvider({ port: Number(process.argv[2] ?? 0), latencyMs });
  console.log(JSON.stringify({ port, latencyMs }));
}
