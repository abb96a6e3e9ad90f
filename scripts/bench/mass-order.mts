#!/usr/bin/env node
// `npm run bench:mass`: a mass order of BENCH_MASS_LINES (500) lines on the embedded database (PGlite,
// a throwaway DATA_DIR, production durability), beside the single-order figure on the same app: the
// same number of single orders of one member sent one after another (each waits for its answer, as
// the site's form does), and all at once (the group commit shares their transactions). Over HTTP
// (inject: the routes, guards, schemas and the group commit, no sockets), the background loop off.
// The goal (docs/product.md#mass-order): the mass order placed within 2 s. Figures only, except a
// request that fails.
//
//   npm run bench:mass            BENCH_MASS_LINES (500)
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LedgerReason } from '@smm/domain';
import { sql } from 'drizzle-orm';

const LINES = Number(process.env.BENCH_MASS_LINES ?? 500);
const GOAL_MS = 2_000;

const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-mass-'));
delete process.env.DATABASE_URL;
Object.assign(process.env, {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-mass-jwt-secret-'.padEnd(48, 'x'),
  SEED_DEMO_DATA: 'true',
  BACKGROUND_TICK_SECONDS: '0',
});
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { buildApp } = await import('../../apps/server/src/app.ts');
const { applyLedgerEntry } = await import('../../apps/server/src/ledger/apply-ledger-entry.ts');
const app = await buildApp(loadConfig());
const db = app.database.db;
const rows = async <T,>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

let members = 0;
/** A member with enough points for everything below, and a login token. */
async function member(): Promise<string> {
  members += 1;
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO accounts (login_id, password_hash, email, role, register_where)
    VALUES (${`massbench${members}`}, '!bench', '', 'member', '') RETURNING id`);
  const accountId = row!.id;
  await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      accountId,
      delta: 1_000_000_000,
      reason: LedgerReason.ADJUSTMENT,
      reference: `bench-mass-${accountId}`,
    }),
  );
  return app.services.tokens.issue({ accountId, role: 'member' });
}

async function post(token: string, url: string, payload: unknown, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}

try {
  const [service] = await rows<{ id: number; min: number }>(sql`
    SELECT s.id, s.min FROM services s JOIN providers p ON p.id = s.provider_id
    WHERE s.visible AND NOT s.is_read_only AND p.enabled AND s.service_type = 'default'
    ORDER BY s.id LIMIT 1`);
  if (!service) throw new Error('no orderable demo service');
  let links = 0;
  const link = () => `https://www.instagram.com/p/massbench${(links += 1)}/`;
  const single = () => ({ serviceId: service.id, link: link(), amount: service.min, runs: 0, interval: 0 });

  // Warm-up: the statements prepared, the catalog cached.
  const warm = await member();
  await post(warm, '/service/order', single(), 'warm-1');
  await post(warm, '/service/mass-order', { text: `${service.id} | ${link()} | ${service.min}` }, 'warm-2');

  const one = await member();
  let started = performance.now();
  for (let i = 0; i < LINES; i++) await post(one, '/service/order', single(), `one-${i}`);
  const sequentialMs = performance.now() - started;

  const many = await member();
  started = performance.now();
  await Promise.all(
    Array.from({ length: LINES }, (_, i) => post(many, '/service/order', single(), `many-${i}`)),
  );
  const concurrentMs = performance.now() - started;

  const mass = await member();
  const text = Array.from({ length: LINES }, () => `${service.id} | ${link()} | ${service.min}`).join('\n');
  started = performance.now();
  const preview = await post(mass, '/service/mass-order', { text, preview: true });
  const previewMs = performance.now() - started;
  started = performance.now();
  const placed = await post(mass, '/service/mass-order', { text }, 'mass-1');
  const massMs = performance.now() - started;
  const placedLines = (placed.lines as { orderId: number | null }[]).filter((l) => l.orderId !== null);
  if (placedLines.length !== LINES || (preview.lines as unknown[]).length !== LINES) {
    throw new Error(`placed ${placedLines.length} of ${LINES} lines`);
  }

  const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
  console.log(
    `PGlite, ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `single orders, ${LINES} one after another   ${fmt(sequentialMs)}  (${fmt(sequentialMs / LINES)} each)`,
  );
  console.log(`single orders, ${LINES} at once              ${fmt(concurrentMs)}`);
  console.log(`mass order preview, ${LINES} lines           ${fmt(previewMs)}`);
  console.log(
    `mass order, ${LINES} lines                   ${fmt(massMs)}  ${massMs <= GOAL_MS ? 'within' : 'OVER'} the ${fmt(GOAL_MS)} goal`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
