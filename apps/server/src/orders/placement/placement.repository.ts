import { createHash } from 'node:crypto';
import { LedgerReason, OPEN_ORDER_STATUSES, OrderStatus, orderLinkKey } from '@smm/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { ascendingJson, namedStatement } from '../../db/prepared';
import { accounts, autoOrders, idempotencyKeys, orders, pointLedger } from '../../db/schema';
import { balanceChange } from '../../ledger/balance-change';
import { insertWithDebit, type DebitForNewRow } from '../../ledger/apply-ledger-entry';
import { openOrder, type NewAutoOrder } from '../orders.repository';

/**
 * The SQL of placing an order (docs/ARCHITECTURE.md#group-commit): the group's locks, the overlap
 * check, and the statements that write new orders with their debits (the debit itself is the ledger's
 * balanceChange). Idempotency keys are idempotency-keys.repository.ts.
 */

/** Advisory lock class of "new orders of one service for one link" (charges: 727 302, deposits: 727 301). */
const LINK_LOCK_CLASS = 727_303;

/**
 * The lock key of one service's orders for one link: taken (lockServiceLinks) by every new order that
 * the overlap rule checks, so the check and the insert after it see each other's across processes
 * (docs/product.md#refill-and-cancellation). Of the link's key, so two ways of writing one post take
 * one lock.
 */
export function serviceLinkLockKey(serviceId: number, link: string): number {
  return createHash('sha256')
    .update(`${serviceId}\n${orderLinkKey(link)}`)
    .digest()
    .readInt32BE(0);
}

/**
 * Takes these (service, link) locks until the transaction ends, in one statement and in key order, so
 * two transactions taking several never wait on each other in a cycle.
 */
export async function lockServiceLinks(tx: Tx, keys: readonly number[]): Promise<void> {
  if (keys.length > 0) await lockServiceLinksStatement(tx, { keys: ascendingJson(keys) });
}

const lockServiceLinksStatement = namedStatement(
  'lock_service_links',
  sql`SELECT pg_advisory_xact_lock(${sql.raw(String(LINK_LOCK_CLASS))}, k) FROM (
    SELECT CAST(value AS integer) AS k FROM json_array_elements_text(CAST(${sql.placeholder('keys')} AS json))
    ORDER BY 1) AS sorted`,
);

/**
 * Locks these accounts' rows until the transaction ends, in id order, in one statement: a group of
 * orders that debits several members takes their locks the same way in every process, so two groups
 * sharing members wait for each other instead of deadlocking (docs/ARCHITECTURE.md#group-commit).
 * `FOR NO KEY UPDATE`, the lock a balance UPDATE takes itself: it still orders two groups, but not
 * the key-share lock every insert that references an account takes (an auto-order's run inserted by
 * the background tick, in the order the runs fell due). With `FOR UPDATE` the two met in opposite
 * orders on two accounts and PostgreSQL killed one as a deadlock.
 */
export async function lockAccountsInIdOrder(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await lockAccountsStatement(tx, { ids: ascendingJson(ids) });
}

const lockAccountsStatement = namedStatement(
  'lock_accounts_in_id_order',
  sql`SELECT ${accounts.id} FROM ${accounts}
    WHERE ${accounts.id} IN (SELECT CAST(value AS integer) FROM json_array_elements_text(CAST(${sql.placeholder('ids')} AS json)))
    ORDER BY ${accounts.id} FOR NO KEY UPDATE`,
);

/**
 * Whether any member's open order (an auto-order's run too) of this service for this link exists,
 * however either was written (the link's key, docs/product.md#refill-and-cancellation).
 */
export async function hasOpenOrderFor(ex: Executor, serviceId: number, link: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.serviceId, serviceId), eq(orders.linkKey, orderLinkKey(link)), openOrder))
    .limit(1);
  return row !== undefined;
}

/**
 * A member's new auto-order and its debit in one statement, all its runs paid up front: the ledger's
 * insertWithDebit moves the money, this names the row. Throws INSUFFICIENT_POINTS and writes nothing
 * when the balance is short.
 */
export function insertAutoOrderWithDebit(ex: Executor, debit: DebitForNewRow, values: NewAutoOrder) {
  return insertWithDebit(ex, debit, autoOrders, values);
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
  /**
   * The member's Idempotency-Key, taken (idempotencyKeysRepository.takeMany) before the statement in
   * the same transaction: the statement records the new order on it.
   */
  idempotencyKey?: { key: string; requestHash: string };
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
 * Several members' new orders in ONE statement (group commit's write, docs/ARCHITECTURE.md#group-commit),
 * each with or without an Idempotency-Key (a keyed order's key is taken before it, and the new order's
 * id recorded on the key by it): the orders come as one JSON parameter, and a named statement (parsed
 * and planned once per connection) debits every account that can pay (the ledger's balanceChange),
 * inserts those orders in the given order, and their ledger entries. The rules are insertWithDebit's,
 * row by row: a debit never takes a balance below 0, and an order whose debit did not happen (short
 * balance, or an open order for its link) writes nothing.
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
    idempotency_key: order.idempotencyKey?.key ?? null,
  }));
  // Orders without a key (a reseller's script) go by the statement without the keys' CTE.
  const statement = list.some((order) => order.idempotencyKey)
    ? placeKeyedOrdersStatement
    : placeOrdersStatement;
  const result = await statement(ex, { rows: JSON.stringify(rows), reason: LedgerReason.ORDER });
  const ids: (number | undefined)[] = list.map(() => undefined);
  for (const row of result.rows) ids[Number(row.ord)] = Number(row.id);
  return ids;
}

/**
 * The statement of placeOrdersWithDebits; `keyed`: with the CTE that records each keyed order on its
 * Idempotency-Key (left out when no order of the statement has one).
 */
const placeOrdersSql = (keyed: boolean) => sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(CAST(${sql.placeholder('rows')} AS json)) AS i(
        ord integer, account_id integer, cost integer, service_id integer, link text, link_key text,
        amount integer, refill_days integer, unit_price_milli bigint, service_type text, comments text, provider_id integer,
        provider_service_id text, next_check_at timestamptz, refuse_overlap boolean, idempotency_key text)
    ), debited AS (${balanceChange({
      delta: sql`-i.cost`,
      accountId: sql`i.account_id`,
      from: sql`input AS i`,
      // A scalar subquery, one probe of orders_open_service_link_key_idx per order: as EXISTS, the planner
      // hashes the subquery instead, reading every open order each time (docs/performance.md).
      also: sql`(NOT i.refuse_overlap OR (
          SELECT o.id FROM ${orders} AS o
          WHERE o.service_id = i.service_id AND o.link_key = i.link_key AND o.status IN (${openStatuses})
          LIMIT 1) IS NULL)`,
      returning: sql`i.ord, a.point AS balance`,
    })}), placed AS (
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
    )${
      keyed
        ? sql`, keyed AS (
      UPDATE ${idempotencyKeys} AS k SET order_id = p.id
      FROM placed AS p JOIN input AS i ON i.account_id = p.account_id
      WHERE i.idempotency_key IS NOT NULL AND k.account_id = i.account_id AND k.key = i.idempotency_key
    )`
        : sql``
    }
    SELECT i.ord, p.id FROM placed AS p JOIN input AS i ON i.account_id = p.account_id`;

/** The unkeyed statement (exported for `npm run bench:explain`, which prints its plan). */
export const PLACE_ORDERS_SQL = placeOrdersSql(false);
const placeOrdersStatement = namedStatement('place_orders_with_debits', PLACE_ORDERS_SQL);
const placeKeyedOrdersStatement = namedStatement('place_keyed_orders_with_debits', placeOrdersSql(true));
