#!/usr/bin/env node
// `npm run bench:explain`: which index each query on `orders` and `point_ledger` uses
// (docs/performance.md, "Indexes"). A throwaway PostgreSQL with the migrations and demo data, then
// 60,000 orders of 600 members (a few resellers with thousands) in every status over 60 days and their
// ledger rows, ANALYZEd; prints EXPLAIN (costs off) of the queries the repositories run, written here
// as SQL with the repository function each mirrors.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PLACE_ORDERS_SQL } from '../../apps/server/src/orders/placement/placement.repository.ts';
import { insidePostgres, serverApp } from './in-process.mts';

insidePostgres(import.meta.url, false);
const { db, rows, close } = await serverApp('explain');

try {
  await db.execute(sql`
    INSERT INTO accounts (login_id, password_hash, email, role, register_where)
    SELECT 'explain' || g, '!x', '', 'member', '' FROM generate_series(1, 600) g`);
  // Members 1–5 are resellers (half the orders); statuses mostly final, a tenth open.
  await db.execute(sql`
    INSERT INTO orders (account_id, service_id, link, link_key, amount, unit_price_milli, cost, status, provider_id,
                        provider_service_id, provider_order_id, next_check_at, created_at, auto_order_id)
    SELECT a.id, s.id, 'https://www.instagram.com/p/x' || g || '/', 'instagram.com/p/x' || g, 100, 1000, 100,
           CASE WHEN g % 10 = 0 THEN 1 WHEN g % 10 = 1 THEN 0 WHEN g % 10 = 2 THEN 3 ELSE 2 END,
           s.provider_id, s.provider_service_id, g::text,
           CASE WHEN g % 10 IN (0, 1) THEN now() + (g % 600) * interval '1 second' END,
           now() - (g % 60) * interval '1 day' - (g % 86400) * interval '1 second',
           CASE WHEN g % 50 = 0 THEN g / 50 END
    FROM generate_series(1, 60000) g
    JOIN LATERAL (SELECT id FROM accounts WHERE login_id = 'explain' ||
         (CASE WHEN g % 2 = 0 THEN 1 + g % 5 ELSE 1 + g % 600 END)) a ON true
    JOIN LATERAL (SELECT id, provider_id, provider_service_id FROM services WHERE provider_id IS NOT NULL
         ORDER BY id LIMIT 1) s ON true`);
  await db.execute(sql`
    INSERT INTO point_ledger (account_id, delta, reason, reference, balance_after)
    SELECT o.account_id, -o.cost, 'ORDER', 'order:' || o.id, 0 FROM orders o`);
  await db.execute(sql`ANALYZE`);
  const [reseller] = await rows<{ id: number }>(sql`SELECT id FROM accounts WHERE login_id = 'explain1'`);
  const [member] = await rows<{ id: number }>(sql`SELECT id FROM accounts WHERE login_id = 'explain77'`);
  const [service] = await rows<{ id: number }>(sql`SELECT service_id AS id FROM orders LIMIT 1`);

  const queries: [string, ReturnType<typeof sql>][] = [
    [
      "a member's history, newest first (orders.repository orderPage, no status)",
      sql`SELECT * FROM orders WHERE account_id = ${reseller!.id} ORDER BY id DESC LIMIT 10 OFFSET 0`,
    ],
    [
      "an ordinary member's history, newest first (the same query, a member with ~50 orders)",
      sql`SELECT * FROM orders WHERE account_id = ${member!.id} ORDER BY id DESC LIMIT 10 OFFSET 0`,
    ],
    [
      "a member's history of one status (orderPage with status)",
      sql`SELECT * FROM orders WHERE account_id = ${member!.id} AND status = 2 ORDER BY id DESC LIMIT 10`,
    ],
    [
      "an auto-order's runs (auto-order history, refunds)",
      sql`SELECT id FROM orders WHERE auto_order_id = 7`,
    ],
    [
      "the console's orders of one status, newest first (admin orders list)",
      sql`SELECT * FROM orders WHERE status = 1 ORDER BY id DESC LIMIT 50`,
    ],
    [
      "the dashboard's spend of one Seoul day (dashboard.repository)",
      sql`SELECT count(*), sum(cost) FROM orders
          WHERE created_at >= now() - interval '1 day' AND created_at < now()`,
    ],
    [
      'the overlap rule at every order (hasOpenOrderFor)',
      sql`SELECT id FROM orders WHERE service_id = ${service!.id}
          AND link = 'https://www.instagram.com/p/x10/' AND status IN (0, 1, 4) LIMIT 1`,
    ],
    [
      "the background loop's claim (claimDueOrders)",
      sql`SELECT id FROM orders WHERE status IN (0, 1, 4) AND next_check_at IS NOT NULL
          AND next_check_at <= now() + interval '5 minutes' ORDER BY next_check_at LIMIT 100
          FOR UPDATE SKIP LOCKED`,
    ],
    [
      "a member's ledger, newest first (member-ledger.repository page)",
      sql`SELECT * FROM point_ledger WHERE account_id = ${reseller!.id} ORDER BY id DESC LIMIT 20`,
    ],
    [
      "an ordinary member's ledger, newest first (the same query)",
      sql`SELECT * FROM point_ledger WHERE account_id = ${member!.id} ORDER BY id DESC LIMIT 20`,
    ],
    [
      "the console's orders of a rarer status (processing), newest first",
      sql`SELECT * FROM orders WHERE status = 4 ORDER BY id DESC LIMIT 50`,
    ],
    [
      'a ledger entry applied once (applyLedgerEntry: reason, reference)',
      sql`SELECT id FROM point_ledger WHERE reason = 'REFUND' AND reference = 'order:10'`,
    ],
  ];
  for (const [title, query] of queries) {
    const plan = await rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN (COSTS OFF) ${query}`);
    console.log(`\n-- ${title}\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
  }
  // Group commit's order statement runs as a named prepared statement: after a few calls PostgreSQL
  // may keep one generic plan for it, so that is the plan shown (each index probe must survive it).
  const placeOrders = new PgDialect().sqlToQuery(PLACE_ORDERS_SQL).sql;
  const generic = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`PREPARE place_orders(text, text) AS ${placeOrders}`));
    const result = (await tx.execute(
      sql.raw(`EXPLAIN (COSTS OFF) EXECUTE place_orders('[]', 'ORDER')`),
    )) as unknown as { rows: { 'QUERY PLAN': string }[] };
    await tx.execute(sql`DEALLOCATE place_orders`);
    return result.rows;
  });
  console.log(
    `\n-- a group's orders, debits and ledger entries in one statement (placeOrdersWithDebits), generic plan\n` +
      generic.map((line) => line['QUERY PLAN']).join('\n'),
  );
  const indexes = await rows<{ indexname: string; size: string }>(sql`
    SELECT indexname, pg_size_pretty(pg_relation_size(indexname::regclass)) AS size FROM pg_indexes
    WHERE tablename IN ('orders', 'point_ledger') ORDER BY tablename, indexname`);
  console.log('\n-- indexes of orders and point_ledger (60,000 rows each)');
  console.table(indexes);
} finally {
  await close();
}
