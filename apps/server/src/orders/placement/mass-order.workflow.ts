import { createHash } from 'node:crypto';
import {
  checkMassOrder,
  formatWon,
  LedgerReason,
  MASS_ORDER_MESSAGES,
  massOrderTotalWon,
  ORDER_OVERLAP_MESSAGE,
  orderLinkKey,
  parseMassOrder,
  type CheckedMassLine,
  type ParsedMassLine,
} from '@smm/domain';
import type { MassOrderLine, MassOrderRequest, MassOrderResponse } from '@smm/domain/contract';
import type { Db, Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import { checkOrder, orderRulesOf, type CheckedOrder } from './checked-order';
import { clientKey, type RequestKey } from './idempotency';
import { idempotencyKeysRepository } from './idempotency-keys.repository';
import {
  balanceOf,
  findLineOutcomes,
  LINE_PLACED,
  lineKey,
  openOrderPairs,
  pairName,
  recordLineOutcomes,
  type LineOutcome,
} from './mass-order.repository';
import type { PlacementDeps } from './place-order.workflow';
import { insertAutoOrderWithDebit, placeOrdersWithDebits } from './placement.repository';

/**
 * A mass order: POST /service/mass-order (docs/ARCHITECTURE.md#mass-orders). Its steps, in order:
 *  1. the pasted text parsed (packages/domain mass-order.ts; too many lines or none: 400);
 *  2. the Idempotency-Key: a second press answers with the first result, line by line;
 *  3. every line checked as a single order is, the overlap rule between the lines too; a preview then
 *     adds the open orders' overlaps and answers, placing nothing;
 *  4. each valid line prepared as the single order path prepares it (checked-order.ts), then, in ONE
 *     work of the group commit (the lines' link locks taken with the group's): the overlap with open
 *     orders, the balance against the total (short: 409, nothing placed), every line written as its
 *     own order (or auto-order) with its debit and ledger entry, and the lines' outcomes on the key.
 */
export async function massOrder(
  deps: PlacementDeps,
  accountId: number,
  body: MassOrderRequest,
  idempotencyKey: string | undefined,
): Promise<MassOrderResponse> {
  const parsed = parseMassOrder(body.text);
  if ('error' in parsed) throw appError('ORDER_INVALID', parsed.error);
  const key = body.preview ? undefined : massKey(idempotencyKey, parsed.lines);
  if (key) {
    const earlier = await earlierMassResult(deps.db, accountId, key, parsed.lines);
    if (earlier) return earlier;
  }
  // Read before any transaction: on PGlite a cold cache loading inside one would wait for it forever.
  // At the member's prices: each line is priced as its single order would be (checkOrder).
  const services = await deps.catalog.orderableServicesFor(accountId);
  const site = await deps.settings.current();
  const refuseOverlap = !site.flag('ALLOW_OVERLAPPING_ORDERS');
  const checked = checkMassOrder(parsed.lines, {
    serviceOf: (id) => orderRulesOf(services.get(id)),
    serviceCheck: site.flag('ENABLE_SERVICE_CHECK'),
    refuseOverlap,
  });
  if (body.preview) {
    const open = refuseOverlap ? await openOrderPairs(deps.db, pairsOf(checked)) : new Set<string>();
    const lines = withOpenOverlaps(checked, open);
    return { placed: false, lines: lines.map((l) => present(l, null)), totalCost: massOrderTotalWon(lines) };
  }
  if (!checked.some((l) => l.error === null))
    throw appError('ORDER_INVALID', MASS_ORDER_MESSAGES.NOTHING_VALID);
  // Each valid line exactly as a single order of it would be written (its price, refill window, type).
  const prepared = new Map<number, CheckedOrder>();
  for (const line of checked) {
    if (line.error !== null || !line.order) continue;
    const { serviceId, link, amount, runs, interval } = line.order;
    prepared.set(line.line, await checkOrder(deps, accountId, { serviceId, link, amount, runs, interval }));
  }
  const linkLocks = [...prepared.values()].flatMap((p) => (p.linkLock === undefined ? [] : [p.linkLock]));
  const written = await deps.batcher.run(
    (tx) => placeLines(tx, accountId, checked, prepared, refuseOverlap, key),
    { atomic: false, accountId, linkLocks },
  );
  // Undefined: an earlier press holds the key; its answer (committed now) is this one's.
  if (!written) {
    const earlier = await earlierMassResult(deps.db, accountId, key!, parsed.lines);
    if (earlier) return earlier;
    throw new Error('a mass order key was taken but its holder is not visible');
  }
  for (const line of written.lines) {
    if (line.orderId === null) continue;
    const providerId = prepared.get(line.line)?.order.providerId ?? null;
    deps.events.orderPlaced?.(line.autoOrder ? 'auto' : 'order', line.autoOrder ? null : providerId);
  }
  return written;
}

/**
 * The group's work: nothing is written unless every line that can be placed is (a savepoint of its
 * own: a refusal undoes the key, the orders and the debits together).
 */
async function placeLines(
  tx: Tx,
  accountId: number,
  checked: CheckedMassLine[],
  prepared: Map<number, CheckedOrder>,
  refuseOverlap: boolean,
  key: RequestKey | undefined,
): Promise<MassOrderResponse | undefined> {
  if (key && !(await idempotencyKeysRepository.take(tx, accountId, key.key, key.hash))) return undefined;
  // Under the lines' link locks: what an open order overlaps now stays so until this commits.
  const open = refuseOverlap ? await openOrderPairs(tx, pairsOf(checked)) : new Set<string>();
  const lines = withOpenOverlaps(checked, open);
  const total = massOrderTotalWon(lines);
  const balance = await balanceOf(tx, accountId);
  if (balance < total) {
    throw appError(
      'INSUFFICIENT_POINTS',
      `포인트가 부족합니다. 주문할 줄 모두에 ${formatWon(total)}, 보유 포인트 ${formatWon(balance)}. 아무 줄도 주문하지 않았습니다.`,
    );
  }
  const answered: MassOrderLine[] = [];
  const outcomes: LineOutcome[] = [];
  for (const line of lines) {
    const order = prepared.get(line.line);
    if (line.error !== null || !order) {
      answered.push(present(line, null));
      outcomes.push({ line: line.line, refusal: line.error ?? MASS_ORDER_MESSAGES.LINE_FORMAT });
      continue;
    }
    const id = await writeLine(tx, order, line);
    answered.push(present(line, id));
    outcomes.push(line.auto ? { line: line.line, autoOrderId: id } : { line: line.line, orderId: id });
  }
  if (key) await recordLineOutcomes(tx, accountId, key.key, outcomes);
  return { placed: true, lines: answered, totalCost: total };
}

/** One line as its own order (one statement: debit, order, ledger entry) or auto-order. */
async function writeLine(
  tx: Tx,
  { common, order, now }: CheckedOrder,
  line: CheckedMassLine,
): Promise<number> {
  if (line.auto) {
    const { row } = await insertAutoOrderWithDebit(
      tx,
      { accountId: common.accountId, cost: common.cost, reason: LedgerReason.ORDER, referencePrefix: 'auto' },
      { ...common, runs: line.order!.runs, interval: line.order!.interval, nextRunAt: now },
    );
    return row.id;
  }
  const [id] = await placeOrdersWithDebits(tx, [order]);
  // The balance was checked under the account's lock and the overlaps under the links': a line written
  // short would leave the others placed, so it undoes them all.
  if (id === undefined) throw appError('INSUFFICIENT_POINTS');
  return id;
}

function pairsOf(lines: readonly CheckedMassLine[]) {
  return lines.flatMap((l) =>
    l.error === null && l.order
      ? [{ serviceId: l.order.serviceId, linkKey: orderLinkKey(l.order.link) }]
      : [],
  );
}

/** The valid lines whose service and link an open order already holds, refused as one order would be. */
function withOpenOverlaps(lines: CheckedMassLine[], open: ReadonlySet<string>): CheckedMassLine[] {
  if (open.size === 0) return lines;
  return lines.map((l) =>
    l.error === null && l.order && open.has(pairName(l.order.serviceId, orderLinkKey(l.order.link)))
      ? { ...l, error: ORDER_OVERLAP_MESSAGE, cost: null, amount: null, auto: false }
      : l,
  );
}

function present(line: CheckedMassLine, orderId: number | null): MassOrderLine {
  const ok = line.error === null;
  return {
    line: line.line,
    text: line.text,
    serviceId: line.order?.serviceId ?? null,
    link: line.order ? line.order.link.trim() : null,
    amount: ok ? line.amount : null,
    autoOrder: ok && line.auto,
    cost: ok ? line.cost : null,
    orderId,
    error: line.error,
  };
}

/** The mass order's key and the hash of its lines (BAD_REQUEST for no key). */
function massKey(
  idempotencyKey: string | undefined,
  lines: readonly ParsedMassLine[],
): RequestKey | undefined {
  const key = clientKey(idempotencyKey);
  if (key === undefined) return undefined;
  const canonical = JSON.stringify(lines.map((l) => [l.line, l.text]));
  return {
    key,
    hash: `mass:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`,
  };
}

/**
 * What the first press with this key answered, rebuilt from the outcomes kept per line; undefined when
 * the key is free; 422 when it was used for another request (a single order's key too).
 */
async function earlierMassResult(
  db: Db,
  accountId: number,
  key: RequestKey,
  parsed: readonly ParsedMassLine[],
): Promise<MassOrderResponse | undefined> {
  const taken = await idempotencyKeysRepository.find(db, accountId, key.key);
  if (!taken) return undefined;
  if (taken.requestHash !== key.hash) throw appError('IDEMPOTENCY_KEY_REUSED');
  const outcomes = await findLineOutcomes(
    db,
    accountId,
    key.key,
    parsed.map((l) => l.line),
  );
  let totalCost = 0;
  const lines = parsed.map((l): MassOrderLine => {
    const outcome = outcomes.get(lineKey(key.key, l.line));
    const row = outcome?.order ?? outcome?.autoOrder ?? null;
    if (!outcome || outcome.requestHash !== LINE_PLACED || !row) {
      const error = outcome?.requestHash ?? l.error ?? MASS_ORDER_MESSAGES.LINE_FORMAT;
      const base = { line: l.line, text: l.text, serviceId: l.order?.serviceId ?? null };
      return {
        ...base,
        link: l.order?.link ?? null,
        amount: null,
        autoOrder: false,
        cost: null,
        orderId: null,
        error,
      };
    }
    totalCost += row.cost;
    return {
      line: l.line,
      text: l.text,
      serviceId: row.serviceId,
      link: row.link,
      amount: row.amount,
      autoOrder: outcome.autoOrder !== null,
      cost: row.cost,
      orderId: row.id,
      error: null,
    };
  });
  return { placed: true, lines, totalCost };
}
