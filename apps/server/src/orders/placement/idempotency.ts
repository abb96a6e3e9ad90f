import { createHash } from 'node:crypto';
import { commentLines } from '@smm/domain';
import type { PlaceOrderRequest, PlaceOrderResponse } from '@smm/domain/contract';
import type { Executor } from '../../db/database';
import { appError } from '../../errors/app-error';
import { idempotencyKeysRepository, type TakenKey } from './idempotency-keys.repository';
import type { AutoOrderRow, OrderRow } from '../orders.repository';
import { presentPlaced } from './placed.presenter';

/** The migration's mark on keys taken before request hashes were kept (drizzle/0011). */
const LEGACY_HASH = 'legacy';

/**
 * Idempotency keys are opaque client strings; anything else is a 400, not a database error. No space:
 * a mass order keeps its lines under `<key> <line>` (mass-order.repository.ts), keys no client can send.
 */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

/** The request's Idempotency-Key, if it sent one; BAD_REQUEST if it is no key (an order's or a mass order's). */
export function clientKey(idempotencyKey: string | undefined): string | undefined {
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw appError('BAD_REQUEST');
  return idempotencyKey;
}

/** A member's Idempotency-Key with the hash of the request it came with. */
export interface RequestKey {
  key: string;
  hash: string;
}

/**
 * The request's Idempotency-Key, if it sent one (BAD_REQUEST if it is no key), with the hash of what
 * it asks. One key space per member across orders and auto-orders (docs/ARCHITECTURE.md "Orders and
 * the background loop"): the same key with the same request answers with the first result, with
 * another request 422 IDEMPOTENCY_KEY_REUSED, and nothing is placed or debited again.
 */
export function readIdempotencyKey(
  body: PlaceOrderRequest,
  autoOrder: boolean,
  idempotencyKey: string | undefined,
): RequestKey | undefined {
  const key = clientKey(idempotencyKey);
  return key ? { key, hash: orderRequestHash(body, autoOrder) } : undefined;
}

/** What an earlier request with this key placed, or IDEMPOTENCY_KEY_REUSED for another request. */
export async function earlierResult(
  ex: Executor,
  accountId: number,
  key: RequestKey,
): Promise<PlaceOrderResponse | undefined> {
  const taken = await idempotencyKeysRepository.find(ex, accountId, key.key);
  if (!taken) return undefined;
  const earlier = replayOf(taken, key.hash);
  if (earlier.kind === 'reuse') throw appError('IDEMPOTENCY_KEY_REUSED');
  return 'order' in earlier ? presentPlaced(earlier.order, false) : presentPlaced(earlier.autoOrder, true);
}

/**
 * What an order asks for, normalised as it is placed (the link trimmed, no runs or interval on a plain
 * order), so the same request sent twice — by the site, REST or v2, as JSON numbers or v2's strings —
 * hashes the same.
 */
interface OrderAsked {
  serviceId: number;
  /** Absent for a Custom Comments or Package order that left it out (docs/product.md#service-types). */
  amount: number | undefined;
  link: string;
  runs: number;
  interval: number;
  /** A Custom Comments order's lines joined by \n; absent otherwise. */
  comments?: string;
}

function hashOf(asked: OrderAsked): string {
  const fields: unknown[] = [asked.serviceId, asked.link, asked.amount ?? null, asked.runs, asked.interval];
  // Comments only when sent, so the hashes of keys taken before service types existed still match.
  if (asked.comments !== undefined) fields.push(asked.comments);
  const canonical = JSON.stringify(fields);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** The request hash an Idempotency-Key is stored with (never equal to 'legacy'). */
export function orderRequestHash(body: PlaceOrderRequest, autoOrder: boolean): string {
  return hashOf({
    serviceId: body.serviceId,
    link: body.link.trim(),
    amount: body.amount,
    runs: autoOrder ? body.runs : 0,
    interval: autoOrder ? body.interval : 0,
    ...(body.comments === undefined ? {} : { comments: commentLines(body.comments).join('\n') }),
  });
}

/** The hash the request that placed this row had. */
function placedHash(placed: { order: OrderRow } | { autoOrder: AutoOrderRow }): string {
  if ('order' in placed) {
    const { serviceId, link, amount } = placed.order;
    return hashOf({ serviceId, link, amount, runs: 0, interval: 0 });
  }
  const { serviceId, link, amount, runs, interval } = placed.autoOrder;
  return hashOf({ serviceId, link, amount, runs, interval });
}

/**
 * A request with a key already taken: a replay (the same request) answers with what the first placed;
 * a reuse with another request is refused (422, the IETF httpapi Idempotency-Key draft). A key taken
 * before hashes were kept ('legacy') is compared with the order it placed, so its replays still answer
 * as before and only a different request is refused.
 */
export function replayOf(
  taken: TakenKey,
  requestHash: string,
): { kind: 'replay'; order: OrderRow } | { kind: 'replay'; autoOrder: AutoOrderRow } | { kind: 'reuse' } {
  const placed = taken.order
    ? { order: taken.order }
    : taken.autoOrder
      ? { autoOrder: taken.autoOrder }
      : undefined;
  // A committed key always names what it placed; without it nothing can be answered as a replay.
  if (!placed) return { kind: 'reuse' };
  const firstHash = taken.requestHash === LEGACY_HASH ? placedHash(placed) : taken.requestHash;
  return firstHash === requestHash ? { kind: 'replay', ...placed } : { kind: 'reuse' };
}
