import { OPEN_ORDER_STATUSES } from '@smm/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { accounts, autoOrders, idempotencyKeys, orders } from '../../db/schema';

/**
 * The SQL of a mass order (docs/ARCHITECTURE.md#mass-orders) beyond what every order's placement runs:
 * the overlap check of all its lines in one query, the balance it is compared with, and each line's
 * outcome kept under the mass order's Idempotency-Key.
 */

/** `serviceId\nlinkKey`: how a (service, link) pair is named in the sets below. */
export const pairName = (serviceId: number, linkKey: string): string => `${serviceId}\n${linkKey}`;

/** Which of these (service, link key) pairs have an open order (any member's), in one query. */
export async function openOrderPairs(
  ex: Executor,
  pairs: readonly { serviceId: number; linkKey: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const input = JSON.stringify(pairs.map((p) => ({ service_id: p.serviceId, link_key: p.linkKey })));
  const result = (await ex.execute(sql`
    SELECT DISTINCT o.service_id, o.link_key
    FROM json_to_recordset(CAST(${input} AS json)) AS i(service_id integer, link_key text)
    JOIN ${orders} AS o ON o.service_id = i.service_id AND o.link_key = i.link_key
    WHERE o.status IN (${sql.raw(OPEN_ORDER_STATUSES.join(', '))})`)) as unknown as {
    rows: { service_id: number | string; link_key: string }[];
  };
  return new Set(result.rows.map((row) => pairName(Number(row.service_id), row.link_key)));
}

/** The member's balance, read under the row lock the group's transaction holds. */
export async function balanceOf(tx: Tx, accountId: number): Promise<number> {
  const [row] = await tx.select({ point: accounts.point }).from(accounts).where(eq(accounts.id, accountId));
  return row?.point ?? 0;
}

/**
 * A mass order's lines are kept as keys of their own next to the mass order's key: `<key> <line>`. A
 * client's key has no space (idempotency.ts), so no order's key can be one of these. `requestHash`
 * holds the line's outcome: LINE_PLACED (the order or auto-order is on the row) or the refusal's text.
 */
export const LINE_PLACED = 'mass-line';
export const lineKey = (key: string, line: number): string => `${key} ${line}`;

export interface LineOutcome {
  line: number;
  orderId?: number;
  autoOrderId?: number;
  /** The refusal's message, for a line that was not placed. */
  refusal?: string;
}

export async function recordLineOutcomes(
  tx: Tx,
  accountId: number,
  key: string,
  outcomes: readonly LineOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.insert(idempotencyKeys).values(
    outcomes.map((o) => ({
      accountId,
      key: lineKey(key, o.line),
      requestHash: o.refusal ?? LINE_PLACED,
      orderId: o.orderId ?? null,
      autoOrderId: o.autoOrderId ?? null,
    })),
  );
}

/** The outcomes kept for these lines, by line key, with what each placed. */
export async function findLineOutcomes(
  ex: Executor,
  accountId: number,
  key: string,
  lines: readonly number[],
) {
  if (lines.length === 0) return new Map<string, never>();
  const rows = await ex
    .select({
      key: idempotencyKeys.key,
      requestHash: idempotencyKeys.requestHash,
      order: {
        id: orders.id,
        serviceId: orders.serviceId,
        link: orders.link,
        amount: orders.amount,
        cost: orders.cost,
      },
      autoOrder: {
        id: autoOrders.id,
        serviceId: autoOrders.serviceId,
        link: autoOrders.link,
        amount: autoOrders.amount,
        cost: autoOrders.cost,
      },
    })
    .from(idempotencyKeys)
    .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
    .leftJoin(autoOrders, eq(autoOrders.id, idempotencyKeys.autoOrderId))
    .where(
      and(
        eq(idempotencyKeys.accountId, accountId),
        inArray(
          idempotencyKeys.key,
          lines.map((line) => lineKey(key, line)),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.key, row]));
}
