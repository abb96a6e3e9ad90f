import { LedgerReason, OPEN_ORDER_STATUSES, OrderStatus, orderLinkKey } from '@smm/domain';
import { getTableColumns, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/database';
import { namedStatement } from '../db/prepared';
import { accounts, orders, pointLedger } from '../db/schema';
import { appError } from '../errors/app-error';

export interface LedgerEntry {
  accountId: number;
  /** Integer won; negative for a debit. Never 0. */
  delta: number;
  reason: LedgerReason;
  /** What caused it (an order id, a charge id …); (reason, reference) is unique. */
  reference: string;
}

export type LedgerResult =
  | { applied: true; balance: number; entryId: number }
  /** The same (reason, reference) was applied before: nothing changed this time. */
  | { applied: false };

/**
 * The only code that changes `accounts.point` (a lint rule holds every other file to that). It runs
 * inside the caller's transaction, so the money moves together with whatever caused it:
 *  1. the ledger row is inserted first; a repeat of (reason, reference) hits the unique key and the
 *     whole call is a no-op, so a retried credit or refund is never applied twice;
 *  2. the balance changes in one conditional UPDATE that never takes it below 0 (no read-then-write:
 *     concurrent debits queue on the row lock and each re-checks the balance it finds), and the same
 *     statement records the balance it returned on the ledger row.
 * A debit larger than the balance throws INSUFFICIENT_POINTS; the caller's transaction then rolls
 * back the ledger row with everything else.
 */
export async function applyLedgerEntry(tx: Tx, entry: LedgerEntry): Promise<LedgerResult> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
    throw new Error(`ledger delta must be a non-zero integer, got ${entry.delta}`);
  }
  const [inserted] = await tx
    .insert(pointLedger)
    .values({ ...entry, balanceAfter: 0 })
    .onConflictDoNothing({ target: [pointLedger.reason, pointLedger.reference] })
    .returning({ id: pointLedger.id });
  if (!inserted) return { applied: false };

  // The conditional balance change and the ledger row's balance-after in one statement (one round trip).
  const result = (await tx.execute(sql`
    WITH updated AS (
      UPDATE ${accounts} SET ${sql.identifier(accounts.point.name)} = ${accounts.point} + ${entry.delta}
      WHERE ${accounts.id} = ${entry.accountId} AND ${accounts.point} + ${entry.delta} >= 0
      RETURNING ${sql.identifier(accounts.point.name)} AS point
    )
    UPDATE ${pointLedger} SET ${sql.identifier(pointLedger.balanceAfter.name)} = updated.point
    FROM updated WHERE ${pointLedger.id} = ${inserted.id}
    RETURNING updated.point AS balance`)) as unknown as { rows: { balance: number | string }[] };
  const updated = result.rows[0];
  if (!updated) throw appError('INSUFFICIENT_POINTS');

  return { applied: true, balance: Number(updated.balance), entryId: inserted.id };
}

export interface DebitForNewRow {
  accountId: number;
  /** Integer won taken from the balance; positive. */
  cost: number;
  reason: LedgerReason;
  /** The ledger reference is `<referencePrefix>:<the new row's id>` (e.g. `order:42`). */
  referencePrefix: string;
}

/**
 * A debit whose cause is a new row (an order, an auto-order): the balance change, the row and its
 * ledger entry in ONE statement. Placing an order was a transaction of five round trips (BEGIN, the
 * row, the entry, the balance, COMMIT); as one statement it is one, which is most of an order's time
 * on PostgreSQL (docs/performance.md). The same rules as applyLedgerEntry hold:
 *  - the balance changes in one conditional UPDATE that never takes it below 0, and concurrent
 *    debits queue on the account's row lock, each re-checking the balance it finds;
 *  - the row and the entry are inserted only from that UPDATE's result, so a short balance inserts
 *    nothing at all and throws INSUFFICIENT_POINTS;
 *  - a single statement is atomic: a unique violation of the row (an idempotency key raced) undoes
 *    the debit with it.
 */
export async function insertWithDebit<T extends PgTable>(
  ex: Executor,
  debit: DebitForNewRow,
  table: T,
  values: T['$inferInsert'],
): Promise<{ row: T['$inferSelect']; balance: number }> {
  if (!Number.isSafeInteger(debit.cost) || debit.cost <= 0) {
    throw new Error(`a debit must be a positive integer, got ${debit.cost}`);
  }
  const columns = getTableColumns(table) as Record<string, Column>;
  const given = Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== undefined);
  // INSERT … SELECT infers no parameter types from the target: each value is cast to its column's type.
  const names = sql.join(
    given.map(([key]) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const selected = sql.join(
    given.map(([key, value]) => {
      const column = columns[key]!;
      return sql`CAST(${sql.param(value, column)} AS ${sql.raw(column.getSQLType())})`;
    }),
    sql`, `,
  );
  const point = sql.identifier(accounts.point.name);
  const result = (await ex.execute(sql`
    WITH debited AS (
      UPDATE ${accounts} SET ${point} = ${accounts.point} - ${debit.cost}
      WHERE ${accounts.id} = ${debit.accountId} AND ${accounts.point} - ${debit.cost} >= 0
      RETURNING ${point} AS balance
    ), placed AS (
      INSERT INTO ${table} (${names}) SELECT ${selected} FROM debited RETURNING *
    ), entry AS (
      INSERT INTO ${pointLedger} (
        ${sql.identifier(pointLedger.accountId.name)}, ${sql.identifier(pointLedger.delta.name)},
        ${sql.identifier(pointLedger.reason.name)}, ${sql.identifier(pointLedger.reference.name)},
        ${sql.identifier(pointLedger.balanceAfter.name)})
      SELECT CAST(${debit.accountId} AS integer), CAST(${-debit.cost} AS integer), CAST(${debit.reason} AS text),
        CAST(${debit.referencePrefix} AS text) || ':' || placed.id, debited.balance
      FROM placed, debited
    )
    SELECT placed.*, debited.balance AS "__balance" FROM placed, debited`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const raw = result.rows[0];
  if (!raw) throw appError('INSUFFICIENT_POINTS');
  // The raw row has column names and driver values: map them back as Drizzle would have.
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return { row: row as T['$inferSelect'], balance: Number(raw.__balance) };
}

/** One new order of a group, as placeOrdersWithDebits writes it (status pending, due for sending now). */
export interface OrderToPlace {
  accountId: number;
  /** Integer won taken from the balance; positive. */
  cost: number;
  serviceId: number;
  /** As the member typed it (trimmed); its key (orderLinkKey) is what the overlap rule compares. */
  link: string;
  amount: number;
  unitPriceMilli: number;
  /** The service's refill window at placement (docs/product.md#refill-and-cancellation). */
  refillDays: number;
  serviceType: string;
  comments: string | null;
  providerId: number | null;
  providerServiceId: string | null;
  nextCheckAt: Date;
  /**
   * docs/product.md#refill-and-cancellation (overlapping orders): place nothing while any open order of
   * this service for this link's key exists. The caller holds the (service, link key) lock.
   */
  refuseOverlap: boolean;
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Text as a driver parameter would store it: a lone UTF-16 surrogate becomes U+FFFD (the UTF-8
 * encoder's replacement). In a JSON parameter PostgreSQL refuses it instead, which would fail the
 * whole group's statement over one member's malformed link.
 */
function wellFormed(text: string): string {
  return SURROGATE.test(text) ? Buffer.from(text, 'utf8').toString('utf8') : text;
}

const pendingStatus = sql.raw(String(OrderStatus.PENDING));
const openStatuses = sql.raw(OPEN_ORDER_STATUSES.join(', '));

/**
 * Several members' new orders in ONE statement (group commit's write, docs/ARCHITECTURE.md#group-commit):
 * the orders come as one JSON parameter, and a named statement (parsed and planned once per
 * connection) debits every account that can pay, inserts those orders in the given order, and their
 * ledger entries. The rules are insertWithDebit's, row by row: a debit never takes a balance below 0,
 * and an order whose debit did not happen (short balance, or an open order for its link) writes nothing.
 *
 * One statement sees one snapshot, so the caller gives orders of distinct accounts (a member's second
 * order is debited from the balance the first left: the next statement) and, where the overlap rule
 * applies, distinct (service, link) pairs. Returns each order's new id, or undefined where nothing was
 * placed (the caller asks why).
 */
export async function placeOrdersWithDebits(
  ex: Executor,
  list: readonly OrderToPlace[],
): Promise<(number | undefined)[]> {
  const seen = new Set<number>();
  for (const order of list) {
    if (!Number.isSafeInteger(order.cost) || order.cost <= 0) {
      throw new Error(`a debit must be a positive integer, got ${order.cost}`);
    }
    if (seen.has(order.accountId)) throw new Error('one statement places one order per account');
    seen.add(order.accountId);
  }
  const rows = list.map((order, ord) => ({
    ord,
    account_id: order.accountId,
    cost: order.cost,
    service_id: order.serviceId,
    link: wellFormed(order.link),
    // The key of the text as stored (a lone surrogate already replaced), so it matches hasOpenOrderFor's.
    link_key: orderLinkKey(wellFormed(order.link)),
    amount: order.amount,
    refill_days: order.refillDays,
    unit_price_milli: order.unitPriceMilli,
    service_type: wellFormed(order.serviceType),
    comments: order.comments === null ? null : wellFormed(order.comments),
    provider_id: order.providerId,
    provider_service_id: order.providerServiceId === null ? null : wellFormed(order.providerServiceId),
    next_check_at: order.nextCheckAt.toISOString(),
    refuse_overlap: order.refuseOverlap,
  }));
  const result = await placeOrdersStatement(ex, { rows: JSON.stringify(rows), reason: LedgerReason.ORDER });
  const ids: (number | undefined)[] = list.map(() => undefined);
  for (const row of result.rows) ids[Number(row.ord)] = Number(row.id);
  return ids;
}

/** The statement of placeOrdersWithDebits (exported for `npm run bench:explain`, which prints its plan). */
export const PLACE_ORDERS_SQL = sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(CAST(${sql.placeholder('rows')} AS json)) AS i(
        ord integer, account_id integer, cost integer, service_id integer, link text, link_key text,
        amount integer, refill_days integer, unit_price_milli bigint, service_type text, comments text, provider_id integer,
        provider_service_id text, next_check_at timestamptz, refuse_overlap boolean)
    ), debited AS (
      UPDATE ${accounts} AS a SET ${sql.identifier(accounts.point.name)} = a.point - i.cost
      FROM input AS i
      WHERE a.id = i.account_id AND a.point - i.cost >= 0
        -- A scalar subquery, one probe of orders_open_service_link_key_idx per order: as EXISTS, the planner
        -- hashes the subquery instead, reading every open order each time (docs/performance.md).
        AND (NOT i.refuse_overlap OR (
          SELECT o.id FROM ${orders} AS o
          WHERE o.service_id = i.service_id AND o.link_key = i.link_key AND o.status IN (${openStatuses})
          LIMIT 1) IS NULL)
      RETURNING i.ord, a.point AS balance
    ), placed AS (
      INSERT INTO ${orders} (account_id, service_id, link, link_key, amount, refill_days, service_type, comments,
        unit_price_milli, cost, status, provider_id, provider_service_id, next_check_at)
      SELECT i.account_id, i.service_id, i.link, i.link_key, i.amount, i.refill_days, i.service_type, i.comments,
        i.unit_price_milli, i.cost, ${pendingStatus}, i.provider_id, i.provider_service_id, i.next_check_at
      FROM input AS i JOIN debited AS d ON d.ord = i.ord
      ORDER BY i.ord
      RETURNING id, account_id
    ), entry AS (
      INSERT INTO ${pointLedger} (account_id, delta, reason, reference, balance_after)
      SELECT p.account_id, -i.cost, CAST(${sql.placeholder('reason')} AS text), 'order:' || p.id, d.balance
      FROM placed AS p JOIN input AS i ON i.account_id = p.account_id JOIN debited AS d ON d.ord = i.ord
    )
    SELECT i.ord, p.id FROM placed AS p JOIN input AS i ON i.account_id = p.account_id`;

const placeOrdersStatement = namedStatement('place_orders_with_debits', PLACE_ORDERS_SQL);
