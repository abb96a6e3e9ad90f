#!/usr/bin/env node
// `npm run bench:loop`: the background loop at scale (docs/performance.md, "The background loop").
//   100,000 open orders (BENCH_LOOP_ORDERS) already accepted by the built-in simulated provider, on a
//   durable throwaway PostgreSQL: how long one full status sweep takes (every order asked once, in
//   multi-status calls of 100 ids), ticking back to back; then BENCH_LOOP_SENDS (2,000) new orders: how
//   many a second the loop sends. Figures only, bounded by BENCH_LOOP_SECONDS (600) per phase; nothing
//   fails on a slow machine. Runs the server's own OrderWorker (apps/server/src) under tsx.
//
//   npm run bench:loop            (re-runs itself inside scripts/with-postgres.mjs, fsync on)
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { insidePostgres, serverApp } from './in-process.mts';

const ORDERS = Number(process.env.BENCH_LOOP_ORDERS ?? 100_000);
const SENDS = Number(process.env.BENCH_LOOP_SENDS ?? 2_000);
const LIMIT_MS = Number(process.env.BENCH_LOOP_SECONDS ?? 600) * 1000;

insidePostgres(import.meta.url, process.env.PG_DURABLE !== '0');
const { app, db, rows, close } = await serverApp('loop', {
  // Every order runs its course (no partial or cancelled refunds): the sweep alone is measured.
  SIMULATED_PROVIDER_PARTIAL_PERCENT: '0',
  SIMULATED_PROVIDER_CANCEL_PERCENT: '0',
});

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

  // One full sweep: tick back to back until every open order has been asked about once.
  const sweepStart = new Date();
  const load = loadavg()[0]!;
  let ticks = 0;
  let claimed = 0;
  let left = ORDERS;
  const t0 = Date.now();
  while (left > 0 && Date.now() - t0 < LIMIT_MS) {
    const report = await worker.tick();
    ticks += 1;
    claimed += report.claimed;
    if (ticks % 10 === 0 || report.claimed === 0) left = await dueBefore(sweepStart);
  }
  left = await dueBefore(sweepStart);
  const sweepSeconds = (Date.now() - t0) / 1000;
  const checked = ORDERS - left;

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
  ]);
  if (left > 0 || waiting > 0)
    console.log(
      `stopped at the ${LIMIT_MS / 1000} s limit: ${left} not yet checked, ${waiting} not yet sent`,
    );
  console.log(`claimed ${claimed} in the sweep (an order is claimed once per check)`);
} finally {
  await close();
}
