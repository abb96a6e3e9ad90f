import { AutoOrderStatus, OrderStatus, refundForRemainsWon } from '@smm/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * The money and work invariants (docs/ARCHITECTURE.md#durability), read straight from the tables, as a list of
 * violations (empty when all hold) so a failing run shows every broken row at once.
 */
export interface InvariantReport {
  violations: string[];
  counts: {
    members: number;
    orders: number;
    /** Open orders the background loop still works on (held ones excluded). */
    openOrders: number;
    /**
     * Open orders held for an operator: a submission whose answer was lost may have reached the provider,
     * so the worker does not resend it (orders/provider-failure.ts); its money stays held until an operator decides.
     */
    heldOrders: number;
    autoOrders: number;
    activeAutoOrders: number;
    creditedCharges: number;
    /** Charges their members withdrew (never credited: docs/product.md#refill-and-cancellation). */
    withdrawnCharges: number;
    /** Orders whose provider accepted a member's cancellation (open or ended since). */
    cancelRequested: number;
    matchedDeposits: number;
    refunds: number;
    byStatus: Record<string, number>;
  };
}

type Db = Database['db'];
const OPEN: number[] = [OrderStatus.PENDING, OrderStatus.INPROGRESS, OrderStatus.PROCESSING];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function checkInvariants(db: Db): Promise<InvariantReport> {
  const violations: string[] = [];
  const fail = (message: string) => violations.push(message);

  // point = Σ ledger and point ≥ 0, for every account.
  const balances = await rows<{ id: number; point: number; sum: string | number }>(
    db,
    sql`SELECT a.id, a.point, coalesce((SELECT sum(l.delta) FROM point_ledger l WHERE l.account_id = a.id), 0) AS sum
        FROM accounts a ORDER BY a.id`,
  );
  for (const b of balances) {
    if (Number(b.point) !== Number(b.sum)) fail(`account ${b.id}: point ${b.point} ≠ Σ ledger ${b.sum}`);
    if (Number(b.point) < 0) fail(`account ${b.id}: point ${b.point} < 0`);
  }
  // The last entry applied recorded the balance it left (ledger ids are taken before the balance's row
  // lock, so id order is not application order: the check is that some row shows the current balance),
  // and no entry ever recorded a negative one.
  const recorded = await rows<{ id: number; point: number; shows_point: boolean; min_after: number | null }>(
    db,
    sql`SELECT a.id, a.point, bool_or(l.balance_after = a.point) AS shows_point, min(l.balance_after) AS min_after
        FROM accounts a JOIN point_ledger l ON l.account_id = a.id GROUP BY a.id`,
  );
  for (const r of recorded) {
    if (!r.shows_point) fail(`account ${r.id}: no ledger row's balance_after is the balance ${r.point}`);
    if (Number(r.min_after) < 0) fail(`account ${r.id}: a ledger row recorded balance_after ${r.min_after}`);
  }

  // Each charge credited at most once, by its own amount, and only a SUCCESS charge; one MATCHED deposit at most.
  const chargeCredits = await rows<{
    id: number;
    status: number;
    point: number;
    account_id: number;
    n: number;
    total: string | null;
    owner_ok: boolean;
  }>(
    db,
    sql`SELECT c.id, c.status, c.point, c.account_id, count(l.id)::int AS n, sum(l.delta) AS total,
          bool_and(l.account_id = c.account_id) AS owner_ok
        FROM charges c LEFT JOIN point_ledger l ON l.reason = 'CHARGE' AND l.reference = 'charge:' || c.id
        GROUP BY c.id ORDER BY c.id`,
  );
  let creditedCharges = 0;
  let withdrawnCharges = 0;
  for (const c of chargeCredits) {
    if (c.status === 3) {
      withdrawnCharges += 1;
      if (c.n > 0) fail(`charge ${c.id}: WITHDRAWN but credited`);
    }
    if (c.n > 1) fail(`charge ${c.id}: credited ${c.n} times`);
    if (c.n === 1) {
      creditedCharges += 1;
      if (Number(c.total) !== Number(c.point)) fail(`charge ${c.id}: credited ${c.total}, asked ${c.point}`);
      if (c.owner_ok === false) fail(`charge ${c.id}: credited to another account`);
      if (c.status !== 1) fail(`charge ${c.id}: credited but status ${c.status}`);
    } else if (c.status === 1) fail(`charge ${c.id}: SUCCESS without a CHARGE ledger row`);
  }
  const strayCredits = await rows<{ reference: string }>(
    db,
    sql`SELECT reference FROM point_ledger WHERE reason = 'CHARGE'
        AND reference NOT IN (SELECT 'charge:' || id FROM charges)`,
  );
  for (const s of strayCredits) fail(`CHARGE ledger row ${s.reference} names no charge`);
  const matched = await rows<{ charge_id: number; n: number }>(
    db,
    sql`SELECT charge_id, count(*)::int AS n FROM deposits WHERE status = 'MATCHED' GROUP BY charge_id`,
  );
  for (const m of matched) if (m.n > 1) fail(`charge ${m.charge_id}: ${m.n} MATCHED deposits`);
  const duplicateDeposits = await rows<{ source: string; reference: string; n: number }>(
    db,
    sql`SELECT source, reference, count(*)::int AS n FROM deposits GROUP BY source, reference HAVING count(*) > 1`,
  );
  for (const d of duplicateDeposits) fail(`deposit ${d.source}/${d.reference} stored ${d.n} times`);

  // Orders: refunded at most once, within the cost, matching its state; open ones still hold their money.
  const orderRows = await rows<{
    id: number;
    account_id: number;
    auto_order_id: number | null;
    amount: number;
    unit_price_milli: string | number;
    cost: number;
    refunded: number;
    status: number;
    remains: number | null;
    held: boolean;
    cancel_requested: boolean;
    refunds: number;
    refund_total: string | null;
    debit: string | null;
  }>(
    db,
    sql`SELECT o.id, o.account_id, o.auto_order_id, o.amount, o.unit_price_milli, o.cost, o.refunded, o.status, o.remains,
          (o.status = 0 AND o.provider_order_id IS NULL AND o.next_check_at IS NULL AND o.last_error IS NOT NULL) AS held,
          (o.cancel_requested_at IS NOT NULL) AS cancel_requested,
          (SELECT count(*)::int FROM point_ledger l WHERE l.reason = 'REFUND' AND l.reference = 'order:' || o.id) AS refunds,
          (SELECT sum(l.delta) FROM point_ledger l WHERE l.reason = 'REFUND' AND l.reference = 'order:' || o.id) AS refund_total,
          (SELECT sum(l.delta) FROM point_ledger l WHERE l.reason = 'ORDER'
             AND l.reference = CASE WHEN o.auto_order_id IS NULL THEN 'order:' || o.id ELSE 'auto:' || o.auto_order_id END) AS debit
        FROM orders o ORDER BY o.id`,
  );
  const byStatus: Record<string, number> = {};
  let openOrders = 0;
  let heldOrders = 0;
  let refunds = 0;
  let cancelRequested = 0;
  for (const o of orderRows) {
    if (o.cancel_requested) cancelRequested += 1;
    // A cancellation asked of the provider refunds nothing until its status says so (checked below as
    // "open but refunded"); one asked of it was at its provider.
    if (o.cancel_requested && o.refunds > 0 && OPEN.includes(o.status))
      fail(`order ${o.id}: refunded on the cancel request alone`);
    byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const refunded = Number(o.refund_total ?? 0);
    refunds += o.refunds;
    if (o.refunds > 1) fail(`order ${o.id}: refunded ${o.refunds} times`);
    if (refunded !== o.refunded) fail(`order ${o.id}: refunded column ${o.refunded} ≠ ledger ${refunded}`);
    if (o.refunded < 0 || o.refunded > o.cost)
      fail(`order ${o.id}: refunded ${o.refunded} outside 0…${o.cost}`);
    if (o.debit === null) fail(`order ${o.id}: no ORDER debit`);
    else if (o.auto_order_id === null && Number(o.debit) !== -o.cost)
      fail(`order ${o.id}: debit ${o.debit} ≠ -${o.cost}`);
    if (OPEN.includes(o.status)) {
      if (o.held) heldOrders += 1;
      else openOrders += 1;
      if (o.refunded !== 0) fail(`order ${o.id}: open (status ${o.status}) but refunded ${o.refunded}`);
    } else if (o.status === OrderStatus.CANCELED) {
      if (o.refunded !== o.cost) fail(`order ${o.id}: CANCELED, refunded ${o.refunded} of ${o.cost}`);
    } else if (o.status === OrderStatus.PARTIAL) {
      const expected = refundForRemainsWon(o.cost, Number(o.unit_price_milli), o.amount, o.remains ?? 0);
      if (o.refunded !== expected)
        fail(`order ${o.id}: PARTIAL (remains ${o.remains}), refunded ${o.refunded}, expected ${expected}`);
    } else if (o.status === OrderStatus.COMPLETED) {
      if (o.refunded !== 0) fail(`order ${o.id}: COMPLETED but refunded ${o.refunded}`);
    } else fail(`order ${o.id}: unknown status ${o.status}`);
  }
  const strayRefunds = await rows<{ reference: string }>(
    db,
    sql`SELECT reference FROM point_ledger WHERE reason IN ('REFUND', 'ORDER')
        AND reference NOT IN (SELECT 'order:' || id FROM orders UNION ALL SELECT 'auto:' || id FROM auto_orders)`,
  );
  for (const s of strayRefunds) fail(`ledger row ${s.reference} names no order`);

  // Auto-orders: paid once up front; runs placed == child orders; refunds = children's + its own, within cost.
  const autoRows = await rows<{
    id: number;
    runs: number;
    completed: number;
    status: number;
    cost: number;
    refunded: number;
    children: number;
    child_refunds: string | null;
    own_refund: string | null;
    own_refunds: number;
    debit: string | null;
  }>(
    db,
    sql`SELECT a.id, a.runs, a.completed, a.status, a.cost, a.refunded,
          (SELECT count(*)::int FROM orders o WHERE o.auto_order_id = a.id) AS children,
          (SELECT sum(o.refunded) FROM orders o WHERE o.auto_order_id = a.id) AS child_refunds,
          (SELECT sum(l.delta) FROM point_ledger l WHERE l.reason = 'REFUND' AND l.reference = 'auto:' || a.id) AS own_refund,
          (SELECT count(*)::int FROM point_ledger l WHERE l.reason = 'REFUND' AND l.reference = 'auto:' || a.id) AS own_refunds,
          (SELECT sum(l.delta) FROM point_ledger l WHERE l.reason = 'ORDER' AND l.reference = 'auto:' || a.id) AS debit
        FROM auto_orders a ORDER BY a.id`,
  );
  let activeAutoOrders = 0;
  for (const a of autoRows) {
    if (a.children !== a.completed)
      fail(`auto-order ${a.id}: ${a.completed} runs placed but ${a.children} child orders`);
    if (a.own_refunds > 1) fail(`auto-order ${a.id}: its own refund applied ${a.own_refunds} times`);
    if (Number(a.debit) !== -a.cost) fail(`auto-order ${a.id}: debit ${a.debit} ≠ -${a.cost}`);
    const total = Number(a.child_refunds ?? 0) + Number(a.own_refund ?? 0);
    if (total !== a.refunded) fail(`auto-order ${a.id}: refunded ${a.refunded} ≠ children's + own ${total}`);
    if (a.refunded > a.cost) fail(`auto-order ${a.id}: refunded ${a.refunded} > cost ${a.cost}`);
    if (a.status === AutoOrderStatus.ACTIVE) activeAutoOrders += 1;
    if (
      (a.status === AutoOrderStatus.COMPLETED || a.status === AutoOrderStatus.PARTIAL) &&
      a.completed !== a.runs
    ) {
      fail(`auto-order ${a.id}: status ${a.status} after ${a.completed} of ${a.runs} runs`);
    }
    if (a.status === AutoOrderStatus.CANCLED && a.own_refunds === 0 && a.completed < a.runs) {
      fail(`auto-order ${a.id}: cancelled after ${a.completed} of ${a.runs} runs without a refund`);
    }
  }
  const members = (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM accounts`))[0]?.n ?? 0;
  return {
    violations,
    counts: {
      members,
      orders: orderRows.length,
      openOrders,
      heldOrders,
      autoOrders: autoRows.length,
      activeAutoOrders,
      creditedCharges,
      withdrawnCharges,
      cancelRequested,
      matchedDeposits: matched.length,
      refunds,
      byStatus,
    },
  };
}

/** No order submitted twice: one provider order per panel order, none shared (the simulated provider's table). */
export async function checkProviderSubmissions(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const shared = await rows<{ provider_id: number; provider_order_id: string; n: number }>(
    db,
    sql`SELECT provider_id, provider_order_id, count(*)::int AS n FROM orders WHERE provider_order_id IS NOT NULL
        GROUP BY provider_id, provider_order_id HAVING count(*) > 1`,
  );
  for (const s of shared)
    violations.push(`provider order ${s.provider_order_id} shared by ${s.n} panel orders`);
  // A panel order sent twice leaves two provider rows for one order's link (links are unique per test order,
  // the runs of an auto-order share theirs): never more provider rows per link than panel orders with it.
  const doubled = await rows<{ link: string; provider_rows: number; panel_orders: number }>(
    db,
    sql`SELECT s.link, count(*)::int AS provider_rows,
          (SELECT count(*)::int FROM orders o WHERE o.link = s.link) AS panel_orders
        FROM simulated_provider_orders s GROUP BY s.link`,
  );
  for (const d of doubled) {
    if (d.provider_rows > d.panel_orders) {
      violations.push(
        `link ${d.link}: ${d.provider_rows} provider orders for ${d.panel_orders} panel orders`,
      );
    }
  }
  const unknown = await rows<{ id: number; provider_order_id: string }>(
    db,
    sql`SELECT o.id, o.provider_order_id FROM orders o WHERE o.provider_order_id IS NOT NULL
        AND o.provider_order_id NOT IN (SELECT id::text FROM simulated_provider_orders)`,
  );
  for (const u of unknown)
    violations.push(`order ${u.id}: provider order ${u.provider_order_id} unknown to the provider`);
  return violations;
}
