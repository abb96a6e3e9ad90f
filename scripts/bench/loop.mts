#!/usr/bin/env node
// `npm run bench:loop`: the background loop at scale (docs/performance.md, "The background loop").
//   100,000 open orders (BENCH_LOOP_ORDERS) already accepted by the built-in simulated provider, on a
//   durable throwaway PostgreSQL: how long one full status sweep takes (every order asked once, in
//   multi-status calls of 100 ids), ticking back to back; then BENCH_LOOP_SENDS (2,000) new orders: how
//   many a second the loop sends; then the steady state: as many orders again at a provider where they
//   stand still (the bench's fake provider, scripts/bench/fake-provider.mjs, on loopback, answering
//   BENCH_LOOP_PROVIDER_LATENCY_MS (0) late: In progress, the same remains and bill every time), swept
//   twice — the first sweep brings each order's first answer (news), the second finds nothing new,
//   which is the common case of a panel's sweep (written in one statement per call). Figures only,
//   bounded by BENCH_LOOP_SECONDS (600) per phase; nothing fails on a slow machine. Runs the server's
//   own OrderWorker (apps/server/src) under tsx.
//
//   npm run bench:loop            (re-runs itself inside scripts/with-postgres.mjs, fsync on)
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { FAKE_PROVIDER_KEY, FAKE_SERVICE, listenFakeProvider } from './fake-provider.mjs';
import { insidePostgres, serverApp } from './in-process.mts';

const ORDERS = Number(process.env.BENCH_LOOP_ORDERS ?? 100_000);
const SENDS = Number(process.env.BENCH_LOOP_SENDS ?? 2_000);
const LIMIT_MS = Number(process.env.BENCH_LOOP_SECONDS ?? 600) * 1000;
const LATENCY_MS = Number(process.env.BENCH_LOOP_PROVIDER_LATENCY_MS ?? 0);
/** The steady-state orders' ids at the fake provider (its sweep range). */
const STEADY_FROM = 1_000_000_000;

insidePostgres(import.meta.url, process.env.PG_DURABLE !== '0');
const { app, db, rows, close } = await serverApp('loop', {
  // Every order runs its course (no partial or cancelled refunds): the sweep alone is measured.
  SIMULATED_PROVIDER_PARTIAL_PERCENT: '0',
  SIMULATED_PROVIDER_CANCEL_PERCENT: '0',
  // The fake provider of the steady-state sweep listens on 127.0.0.1.
  PROVIDER_ALLOW_PRIVATE_ADDRESSES: 'true',
});
const fake = await listenFakeProvider({ latencyMs: LATENCY_MS });

try {
  const [member] = await rows<{ id: number }>(sql`
    INSERT INTO accounts (login_id, password_hash, email, role, register_where)
    VALUES ('loopbench', '!bench', '', 'member', '') RETURNING id`);
  const [target] = await rows<{ service: number; provider: number; upstream: string; account: number }>(sql`
    SELECT s.id AS service, s.provider_id AS provider, s.provider_service_id AS upstream,
           ${member!.id}::int AS account
    FROM services s JOIN providers p ON p.id = s.provider_id
    WHERE p.api_url = 'builtin:simulated' AND s.service_type = 'default'
    ORDER BY s.id LIMIT 1`);
  if (!target) throw new Error('no demo service at the simulated provider');

  // The orders, as the simulator and the panel would hold them after the provider accepted them.
  const started = Date.now();
  await db.execute(sql`
    INSERT INTO simulated_provider_orders (service, link, quantity, status, start_count, remains)
    SELECT ${target.upstream}, 'https://www.instagram.com/p/loop-' || g || '/', 100, 'Pending', 0, 100
    FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    INSERT INTO orders (account_id, service_id, link, link_key, amount, unit_price_milli, cost, status,
                        provider_id, provider_service_id, provider_order_id, next_check_at)
    SELECT ${target.account}, ${target.service}, spo.link, spo.link, 100, 1000, 100, 1,
           ${target.provider}, ${target.upstream}, spo.id::text, now() - interval '1 second'
    FROM simulated_provider_orders spo`);
  await db.execute(sql`ANALYZE orders`);
  const setupSeconds = (Date.now() - started) / 1000;

  const worker = app.services.worker;
  const dueBefore = async (at: Date) =>
    (
      await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders
      WHERE status IN (0, 1, 4) AND next_check_at <= ${at.toISOString()}::timestamptz`)
    )[0]!.n;

  /** One full sweep: tick back to back until every open order due now has been asked about once. */
  const sweep = async (count: number) => {
    const sweepStart = new Date();
    const load = loadavg()[0]!;
    let ticks = 0;
    let claimed = 0;
    let left = count;
    const t0 = Date.now();
    while (left > 0 && Date.now() - t0 < LIMIT_MS) {
      const report = await worker.tick();
      ticks += 1;
      claimed += report.claimed;
      if (ticks % 10 === 0 || report.claimed === 0) left = await dueBefore(sweepStart);
    }
    left = await dueBefore(sweepStart);
    return { seconds: (Date.now() - t0) / 1000, checked: count - left, left, ticks, claimed, load };
  };
  const first = await sweep(ORDERS);
  const { seconds: sweepSeconds, checked, left, ticks, claimed, load } = first;

  // New orders: PENDING, not yet at the provider; ticks until every one has its provider order id.
  await db.execute(sql`UPDATE orders SET next_check_at = now() + interval '1 day' WHERE status IN (0, 1, 4)`);
  await db.execute(sql`
    INSERT INTO orders (account_id, service_id, link, link_key, amount, unit_price_milli, cost, status,
                        provider_id, provider_service_id, next_check_at)
    SELECT ${target.account}, ${target.service}, 'https://www.instagram.com/p/send-' || g || '/',
           'instagram.com/p/send-' || g, 100, 1000,
           100, 0, ${target.provider}, ${target.upstream}, now() - interval '1 second'
    FROM generate_series(1, ${SENDS}) g`);
  const unsent = async () =>
    (
      await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders WHERE link LIKE 'https://www.instagram.com/p/send-%'
      AND provider_order_id IS NULL`)
    )[0]!.n;
  const t1 = Date.now();
  let sendTicks = 0;
  let waiting = SENDS;
  while (waiting > 0 && Date.now() - t1 < LIMIT_MS) {
    await worker.tick();
    sendTicks += 1;
    waiting = await unsent();
  }
  waiting = await unsent();
  const sendSeconds = (Date.now() - t1) / 1000;
  const sent = SENDS - waiting;

  // Steady state: orders that stand still at their provider, swept twice.
  await db.execute(sql`UPDATE orders SET next_check_at = now() + interval '1 day' WHERE status IN (0, 1, 4)`);
  await fetch(`http://127.0.0.1:${fake.port}/_bench/sweep?from=${STEADY_FROM}&count=${ORDERS}`, {
    method: 'POST',
  });
  const [steadyProvider] = await rows<{ id: number }>(sql`
    INSERT INTO providers (name, api_url, api_key)
    VALUES ('bench steady', ${`http://127.0.0.1:${fake.port}/multi/api/v2`}, ${FAKE_PROVIDER_KEY})
    RETURNING id`);
  await db.execute(sql`
    INSERT INTO orders (account_id, service_id, link, link_key, amount, unit_price_milli, cost, status,
                        provider_id, provider_service_id, provider_order_id, next_check_at, progress_at)
    SELECT ${target.account}, ${target.service}, 'https://www.instagram.com/p/steady-' || g || '/',
           'instagram.com/p/steady-' || g, 100, 1000, 100, 1, ${steadyProvider!.id},
           ${String(FAKE_SERVICE.service)}, (${STEADY_FROM} + g - 1)::text, now() - interval '1 second', now()
    FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`ANALYZE orders`);
  const callsBefore = { ...fake.fake.stats };
  const news = await sweep(ORDERS);
  const callsBetween = { ...fake.fake.stats };
  await db.execute(sql`
    UPDATE orders SET next_check_at = now() - interval '1 second'
    WHERE provider_id = ${steadyProvider!.id} AND status IN (0, 1, 4)`);
  const still = await sweep(ORDERS);
  const callsAfter = { ...fake.fake.stats };
  const idsPerCall = (from: typeof callsBefore, to: typeof callsBefore) =>
    Number(((to.idsAsked - from.idsAsked) / Math.max(to.statusCalls - from.statusCalls, 1)).toFixed(1));
  const steadyRow = (phase: string, s: typeof news, from: typeof callsBefore, to: typeof callsBefore) => ({
    phase,
    'orders done': s.checked,
    seconds: Number(s.seconds.toFixed(1)),
    'per s': Math.round(s.checked / s.seconds),
    ticks: s.ticks,
    'orders a tick': Number((s.checked / Math.max(s.ticks, 1)).toFixed(1)),
    'sweep at 1 tick / 5 s': `${to.statusCalls - from.statusCalls} calls, ${idsPerCall(from, to)} ids a call, load ${s.load.toFixed(2)}`,
  });

  const tickSeconds = 5; // BACKGROUND_TICK_SECONDS' default
  const perTick = checked / Math.max(ticks, 1);
  console.log(
    `\nnpm run bench:loop: ${availableParallelism()} cores, load ${load.toFixed(2)} before the sweep, ` +
      `PostgreSQL ${process.env.PG_DURABLE === '0' ? 'fsync off' : 'fsync on'}, setup ${setupSeconds.toFixed(1)} s`,
  );
  console.table([
    {
      phase: `status sweep of ${ORDERS.toLocaleString('en')} open orders`,
      'orders done': checked,
      seconds: Number(sweepSeconds.toFixed(1)),
      'per s': Math.round(checked / sweepSeconds),
      ticks,
      'orders a tick': Number(perTick.toFixed(1)),
      'sweep at 1 tick / 5 s': `${Math.round(((ORDERS / perTick) * tickSeconds) / 60)} min`,
    },
    {
      phase: `sending ${SENDS.toLocaleString('en')} new orders`,
      'orders done': sent,
      seconds: Number(sendSeconds.toFixed(1)),
      'per s': Math.round(sent / sendSeconds),
      ticks: sendTicks,
      'orders a tick': Number((sent / Math.max(sendTicks, 1)).toFixed(1)),
      'sweep at 1 tick / 5 s': '',
    },
    steadyRow(
      `steady state: first answers of ${ORDERS.toLocaleString('en')}`,
      news,
      callsBefore,
      callsBetween,
    ),
    steadyRow('steady state: the same answers again', still, callsBetween, callsAfter),
  ]);
  console.log(
    `steady state: the fake provider answers ${LATENCY_MS} ms late; its rows' last column is its status calls ` +
      `(BENCH_LOOP_PROVIDER_LATENCY_MS)`,
  );
  if (left > 0 || waiting > 0 || news.left > 0 || still.left > 0)
    console.log(
      `stopped at the ${LIMIT_MS / 1000} s limit: ${left} not yet checked, ${waiting} not yet sent, ` +
        `${news.left} + ${still.left} not yet checked in the steady state`,
    );
  console.log(`claimed ${claimed} in the sweep (an order is claimed once per check)`);
} finally {
  await close();
  fake.server.closeAllConnections();
  fake.server.close();
}
