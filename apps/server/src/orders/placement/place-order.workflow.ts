import { isAutoOrder, LedgerReason } from '@smm/domain';
import type { PlaceOrderRequest, PlaceOrderResponse } from '@smm/domain/contract';
import type { CatalogService } from '../../catalog/catalog.service';
import type { Db, Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import type { SettingsService } from '../../settings/settings.service';
import type { Clock } from '../../shared/clock';
import { checkOrder, type CheckedOrder } from './checked-order';
import { earlierResult, readIdempotencyKey, type RequestKey } from './idempotency';
import { idempotencyKeysRepository } from './idempotency-keys.repository';
import type { OrderCommitBatcher } from './order-commit-batcher';
import { presentPlaced, type Placed } from './placed.presenter';
import { hasOpenOrderFor, insertAutoOrderWithDebit } from './placement.repository';

export interface PlacementDeps {
  db: Db;
  settings: SettingsService;
  catalog: CatalogService;
  clock: Clock;
  /** Group commit: the orders arriving together share one transaction (docs/ARCHITECTURE.md#group-commit). */
  batcher: OrderCommitBatcher;
  /**
   * Told of each order placed (committed; an idempotent repeat is not): the metrics count them, and an
   * order's provider (null for an auto-order, whose runs the background loop places) is woken to send it.
   */
  events: { orderPlaced?(kind: 'order' | 'auto', providerId: number | null): void };
}

/**
 * Placing an order: POST /service/order, the public API's REST order and v2 `add`
 * (docs/ARCHITECTURE.md "Following one order"). Its steps, in order:
 *  1. the Idempotency-Key: a request already answered answers the same (idempotency.ts);
 *  2. the order checked as the form checks it, and priced (checked-order.ts);
 *  3. written in a group's transaction with its debit and ledger entry (order-commit-batcher.ts): an
 *     order, with or without a key, by one statement with the orders around it; an auto-order alone;
 *  4. answered once its group has committed. Not enough points → 409 and nothing written.
 */
export async function placeOrder(
  deps: PlacementDeps,
  accountId: number,
  body: PlaceOrderRequest,
  idempotencyKey: string | undefined,
): Promise<PlaceOrderResponse> {
  const auto = isAutoOrder(body);
  const key = readIdempotencyKey(body, auto, idempotencyKey);
  // A replay answers with the first result even if the service has changed since.
  if (key) {
    const earlier = await earlierResult(deps.db, accountId, key);
    if (earlier) return earlier;
  }
  const checked = await checkOrder(deps, accountId, body);
  const placed = auto
    ? await writeAutoOrder(deps.batcher, checked, body, key)
    : await writeOrder(deps.batcher, checked, key);
  if (!placed) return replayAfterCommit(deps.db, accountId, key!);
  const result = presentPlaced(placed, auto);
  deps.events.orderPlaced?.(auto ? 'auto' : 'order', auto ? null : checked.order.providerId);
  return result;
}

/**
 * An order, keyed or not, written with the orders around it by one statement that takes its key,
 * checks the overlap, debits and inserts (or, short of points or overlapping, writes nothing and
 * frees the key). Undefined: an earlier request holds the key.
 */
async function writeOrder(
  batcher: OrderCommitBatcher,
  { common, order, linkLock }: CheckedOrder,
  key: RequestKey | undefined,
): Promise<Placed | undefined> {
  const idempotencyKey = key ? { key: key.key, requestHash: key.hash } : undefined;
  const id = await batcher.place({ ...order, idempotencyKey }, linkLock);
  return id === undefined ? undefined : { ...common, id };
}

/**
 * An auto-order, all its runs paid up front: the overlap check, then one statement that debits and
 * inserts (or, short of points, writes nothing), in the group's transaction. A key is taken before the
 * debit in the same transaction: a request racing with the same key (an order against an auto-order
 * too) waits for this one to commit, then finds the key taken; if this one is refused, its savepoint
 * frees the key again. Undefined: an earlier request holds the key.
 */
async function writeAutoOrder(
  batcher: OrderCommitBatcher,
  { common, order, linkLock, now }: CheckedOrder,
  body: PlaceOrderRequest,
  key: RequestKey | undefined,
): Promise<Placed | undefined> {
  const { accountId } = common;
  const debit = { accountId, cost: common.cost, reason: LedgerReason.ORDER, referencePrefix: 'auto' };
  const placeChecked = async (tx: Tx): Promise<Placed> => {
    if (order.refuseOverlap && (await hasOpenOrderFor(tx, common.serviceId, common.link))) {
      throw appError('ORDER_OVERLAP');
    }
    // The first run goes out on the next tick, the others every `interval` minutes after it.
    const { row } = await insertAutoOrderWithDebit(tx, debit, {
      ...common,
      runs: body.runs,
      interval: body.interval,
      nextRunAt: now,
    });
    return row;
  };
  if (!key) return batcher.run(placeChecked, { atomic: true, linkLock, accountId });
  return batcher.run(
    async (tx) => {
      if (!(await idempotencyKeysRepository.take(tx, accountId, key.key, key.hash))) return undefined;
      const row = await placeChecked(tx);
      await idempotencyKeysRepository.settle(tx, accountId, key.key, { autoOrderId: row.id });
      return row;
    },
    { atomic: false, linkLock, accountId },
  );
}

/** The key was held by an earlier request: once this group has committed, its answer is this one's. */
async function replayAfterCommit(db: Db, accountId: number, key: RequestKey): Promise<PlaceOrderResponse> {
  const earlier = await earlierResult(db, accountId, key);
  if (earlier) return earlier;
  throw new Error('an Idempotency-Key was taken but its holder is not visible');
}
