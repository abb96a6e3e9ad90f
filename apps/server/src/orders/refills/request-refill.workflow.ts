import { REFILL_MESSAGES, refillRefusal } from '@smm/domain';
import { isUniqueViolation, type Db, type Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import type { Clock } from '../../shared/clock';
import { ordersRepository, type OrderRow } from '../orders.repository';
import { refillsRepository, type RefillRow } from './refills.repository';
import { historyRepository } from '../history/history.repository';

/** Who asked for a refill: the member on the site, through the public API, or an operator for them. */
export type RefillSource = 'member' | 'api' | 'operator';

export type { RefillRow };

/**
 * A member's refill requests (docs/product.md#refill-and-cancellation): the rules of refill-rules.ts
 * decided on the order as it is under its lock, then a PENDING refill the background loop sends to the
 * order's provider (send-refills.workflow.ts) and follows (refresh-refills.workflow.ts). Refills move
 * no money. The site's routes and the public API call the same methods.
 */
export class RefillRequests {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Asks for a refill of the member's own order. Throws ORDER_NOT_FOUND for another member's or an
   * unknown order, REFILL_REFUSED (409) with the rule's Korean message when it cannot be refilled now.
   * The order's row lock serialises two requests for it; the partial unique index on order_refills is
   * the last guard, and a twin that still meets it gets the "already open" refusal.
   */
  async request(accountId: number, orderId: number, source: RefillSource): Promise<RefillRow> {
    try {
      return await this.db.transaction(async (tx) => {
        const now = this.clock.now();
        const order = await ordersRepository.findOwnOrderForUpdate(tx, accountId, orderId);
        if (!order) throw appError('ORDER_NOT_FOUND');
        return requestRefillOfLocked(tx, order, source, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw appError('REFILL_REFUSED', REFILL_MESSAGES.ALREADY_OPEN);
      throw error;
    }
  }

  /** The refills of the member's own order, newest first; ORDER_NOT_FOUND for another's. */
  async listForOrder(accountId: number, orderId: number): Promise<RefillRow[]> {
    const order = await historyRepository.findOwnOrder(this.db, accountId, orderId);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return refillsRepository.listForOrder(this.db, order.id);
  }

  /** The member's own refill of that id; undefined for another member's or an unknown one. */
  async findOwn(accountId: number, refillId: number): Promise<RefillRow | undefined> {
    const [row] = await refillsRepository.findOwn(this.db, accountId, [refillId]);
    return row;
  }

  /** The member's own refills of those ids (the public API's several at once); others left out. */
  findOwnMany(accountId: number, refillIds: number[]): Promise<RefillRow[]> {
    return refillsRepository.findOwn(this.db, accountId, refillIds);
  }
}

/**
 * The refill rules on an order its caller has locked (FOR UPDATE), then the PENDING refill: a member's
 * request and an operator's for the member (operator-refill-actions.ts) are one rule. The window is the
 * one the order was bought with (`orders.refill_days`), not the service's today.
 */
export async function requestRefillOfLocked(
  tx: Tx,
  order: OrderRow,
  source: RefillSource,
  now: Date,
): Promise<RefillRow> {
  const { hasOpen, lastRequestedAt } = await refillsRepository.openAndNewest(tx, order.id);
  const refusal = refillRefusal({
    orderStatus: order.status,
    finishedAt: order.finishedAt,
    refillDays: order.refillDays,
    hasOpenRefill: hasOpen,
    lastRequestedAt,
    now,
  });
  if (refusal) throw appError('REFILL_REFUSED', refusal);
  if (order.providerId === null || order.providerOrderId === null) {
    throw appError('REFILL_REFUSED', REFILL_MESSAGES.NO_PROVIDER);
  }
  return refillsRepository.insertPending(tx, { orderId: order.id, accountId: order.accountId, source, now });
}
