import {
  AutoOrderStatus,
  HISTORY_PAGE_SIZE,
  isAutoOrder,
  LedgerReason,
  OPEN_ORDER_STATUSES,
  OPEN_REFILL_STATUSES,
  orderCancelRefusal,
  OrderStatus,
  orderAmount,
  orderComments,
  orderCostWon,
  refillRefusal,
  type RefillStatus,
  type ServiceType,
  validateOrder,
} from '@smm/domain';
import type {
  AutoOrderHistoryResponse,
  HistoryQuery,
  OrderHistoryResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '@smm/domain/contract';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { CatalogService } from '../catalog/catalog.service';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { orderRequestHash, replayOf } from './idempotency';
import { ORDER_BATCH_PGLITE, OrderCommitBatcher, type BatchStats } from './order-commit-batcher';
import { idempotencyKeysRepository } from './idempotency-keys.repository';
import { presentAutoOrderHistoryItem, presentOrderHistoryItem, type OrderActions } from './orders.presenter';
import { ordersRepository, serviceLinkLockKey, type NewestRefill, type OrderRow } from './orders.repository';
import { presentRefill } from './refills.presenter';

/** Idempotency keys are opaque client strings; anything else is a 400, not a database error. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    /** Told of each order placed (committed; an idempotent repeat is not): the metrics count them. */
    private readonly events: { orderPlaced?(kind: 'order' | 'auto'): void } = {},
    /** Group commit: the orders arriving together share one transaction (docs/ARCHITECTURE.md#group-commit). */
    private readonly batcher: OrderCommitBatcher = new OrderCommitBatcher(db, ORDER_BATCH_PGLITE),
  ) {}

  /**
   * POST /service/order (and the public API's orders): docs/product.md#order-rules (the form's own), then the
   * order (or the auto-order with all its runs) and its debit through the ledger. Not enough points →
   * 409 and nothing written.
   *
   * An Idempotency-Key is one key space per member across orders and auto-orders (docs/ARCHITECTURE.md
   * "Orders and the background loop"): the same key with the same request answers with the first
   * result, with another request 422 IDEMPOTENCY_KEY_REUSED, and nothing is placed or debited again.
   */
  async placeOrder(
    accountId: number,
    body: PlaceOrderRequest,
    idempotencyKey: string | undefined,
  ): Promise<PlaceOrderResponse> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw appError('BAD_REQUEST');
    const auto = isAutoOrder(body);
    const key = idempotencyKey ? { key: idempotencyKey, hash: orderRequestHash(body, auto) } : undefined;
    // A replay answers with the first result even if the service has changed since.
    if (key) {
      const earlier = await this.earlierResult(accountId, key.key, key.hash);
      if (earlier) return earlier;
    }
    const found = await this.catalog.orderableService(body.serviceId);
    const site = await this.settings.current();
    // A service with no enabled provider cannot be fulfilled: it is as unorderable as a read-only one.
    const orderable = found && found.service.providerId !== null && found.providerEnabled === true;
    const message = validateOrder(
      {
        link: body.link,
        amount: body.amount,
        comments: body.comments,
        runs: body.runs,
        interval: body.interval,
      },
      {
        service: found
          ? {
              ...found.service,
              type: found.service.serviceType as ServiceType,
              isReadOnly: found.service.isReadOnly || !orderable,
            }
          : null,
        serviceCheck: site.flag('ENABLE_SERVICE_CHECK'),
      },
    );
    if (message || !found) throw appError('ORDER_INVALID', message ?? undefined);
    const service = { ...found.service, type: found.service.serviceType as ServiceType };
    const link = body.link.trim();
    // A Custom Comments order delivers one unit per line, a Package its fixed quantity.
    const amount = orderAmount(service, body);
    const cost = orderCostWon(service.unitPriceMilli, amount, auto ? body.runs : 0);
    const now = this.clock.now();

    const common = {
      accountId,
      serviceId: service.id,
      link,
      amount,
      unitPriceMilli: service.unitPriceMilli,
      cost,
      // What the member buys includes the service's refill window today (docs/product.md#refill-and-cancellation).
      refillDays: service.refillDays,
    };
    // docs/product.md#refill-and-cancellation (overlapping orders): unless the setting allows it, no new
    // order (nor auto-order) of a service for a link while any member's order of it for that link is
    // open. The (service, link) lock is taken by the group's transaction before the check, so two
    // racing requests (in any processes) see each other: the second finds the first open.
    // An auto-order's later runs are placed by the worker (run-auto-orders.ts) and never refused: the
    // member was checked once, when the auto-order was placed, and its runs follow one another.
    const refuseOverlap = !site.flag('ALLOW_OVERLAPPING_ORDERS');
    const linkLock = refuseOverlap ? serviceLinkLockKey(service.id, link) : undefined;
    const order = {
      ...common,
      serviceType: service.type,
      comments: orderComments(service, body),
      providerId: service.providerId,
      providerServiceId: service.providerServiceId,
      nextCheckAt: now,
    };

    // In the group's transaction (docs/ARCHITECTURE.md#group-commit): a refusal undoes this order alone.
    let placed: Placed;
    if (!key && !auto) {
      // The hot path: written with the orders around it by one statement that checks the overlap,
      // debits and inserts (or, short of points or overlapping, writes nothing).
      placed = { ...common, id: await this.batcher.place({ ...order, refuseOverlap }, linkLock) };
    } else {
      const debit = { accountId, cost, reason: LedgerReason.ORDER, referencePrefix: auto ? 'auto' : 'order' };
      // Checks, then one statement that debits and inserts (or, short of points, writes nothing).
      const placeChecked = async (tx: Tx): Promise<Placed> => {
        if (refuseOverlap && (await ordersRepository.hasOpenOrderFor(tx, service.id, link))) {
          throw appError('ORDER_OVERLAP');
        }
        const { row } = auto
          ? // The first run goes out on the next tick, the others every `interval` minutes after it.
            await ordersRepository.insertAutoOrderWithDebit(tx, debit, {
              ...common,
              runs: body.runs,
              interval: body.interval,
              nextRunAt: now,
            })
          : await ordersRepository.insertOrderWithDebit(tx, debit, { ...order, status: OrderStatus.PENDING });
        return row;
      };
      if (!key) {
        placed = await this.batcher.run(placeChecked, { atomic: true, linkLock, accountId });
      } else {
        // The key is taken before the debit, in the same transaction: a request racing with the same
        // key (an order against an auto-order too) waits here for this one to commit, then finds the key
        // taken and answers below; if this one rolls back (not enough points), the key is free again.
        // The same key twice in one batch: the second finds it taken by the first, and answers (below)
        // once the batch has committed.
        const inserted = await this.batcher.run(
          async (tx) => {
            if (!(await idempotencyKeysRepository.take(tx, accountId, key.key, key.hash))) return undefined;
            const row = await placeChecked(tx);
            await idempotencyKeysRepository.settle(
              tx,
              accountId,
              key.key,
              auto ? { autoOrderId: row.id } : { orderId: row.id },
            );
            return row;
          },
          { atomic: false, linkLock, accountId },
        );
        if (!inserted) {
          const earlier = await this.earlierResult(accountId, key.key, key.hash);
          if (earlier) return earlier;
          throw new Error('an Idempotency-Key was taken but its holder is not visible');
        }
        placed = inserted;
      }
    }
    const result = presentPlaced(placed, auto);
    this.events.orderPlaced?.(auto ? 'auto' : 'order');
    return result;
  }

  /** How the orders placed so far were committed together (tests; the bench). */
  batchStats(): BatchStats {
    return { ...this.batcher.stats };
  }

  /** What an earlier request with this key placed, or IDEMPOTENCY_KEY_REUSED for another request. */
  private async earlierResult(
    accountId: number,
    key: string,
    requestHash: string,
  ): Promise<PlaceOrderResponse | undefined> {
    const taken = await idempotencyKeysRepository.find(this.db, accountId, key);
    if (!taken) return undefined;
    const earlier = replayOf(taken, requestHash);
    if (earlier.kind === 'reuse') throw appError('IDEMPOTENCY_KEY_REUSED');
    return 'order' in earlier ? presentPlaced(earlier.order, false) : presentPlaced(earlier.autoOrder, true);
  }

  async orderHistory(accountId: number, query: HistoryQuery): Promise<OrderHistoryResponse> {
    const { rows, total } = await ordersRepository.orderPage(
      this.db,
      accountId,
      query.status,
      HISTORY_PAGE_SIZE,
      (query.page - 1) * HISTORY_PAGE_SIZE,
    );
    const refills = await ordersRepository.newestRefillsOf(
      this.db,
      rows.map((row) => row.order.id),
    );
    const now = this.clock.now();
    return {
      items: rows.map((row) => {
        const refill = refills.get(row.order.id);
        return presentOrderHistoryItem(
          row.order,
          row.serviceText,
          orderActions(row.order, row, refill, now),
          refill ? presentRefill(refill) : null,
          row.providerName,
        );
      }),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
    };
  }

  async autoOrderHistory(accountId: number, query: HistoryQuery): Promise<AutoOrderHistoryResponse> {
    // 완료 covers COMPLETED and PARTIAL alike (docs/product.md#auto-orders).
    const statuses =
      query.status === undefined
        ? undefined
        : query.status === AutoOrderStatus.COMPLETED
          ? [AutoOrderStatus.COMPLETED, AutoOrderStatus.PARTIAL]
          : [query.status];
    const { rows, total } = await ordersRepository.autoOrderPage(
      this.db,
      accountId,
      statuses,
      HISTORY_PAGE_SIZE,
      (query.page - 1) * HISTORY_PAGE_SIZE,
    );
    return {
      // docs/product.md#refill-and-cancellation: an ACTIVE auto-order of a cancellable service can be stopped.
      items: rows.map((row) =>
        presentAutoOrderHistoryItem(
          row.autoOrder,
          row.serviceText,
          row.cancellable && row.autoOrder.status === AutoOrderStatus.ACTIVE,
        ),
      ),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
    };
  }
}

/**
 * What the member may do with one order now (docs/product.md#refill-and-cancellation), asked of the same
 * rules the actions themselves ask (packages/domain refill-rules.ts): a refill needs the order to have
 * reached a provider; 취소 요청됨 shows while the order is open after its provider accepted the cancel.
 */
export function orderActions(
  order: OrderRow,
  service: { refillDays: number; cancellable: boolean },
  newestRefill: NewestRefill | undefined,
  now: Date,
): Omit<OrderActions, 'refill'> {
  const cancelRequested =
    order.cancelRequestedAt !== null && OPEN_ORDER_STATUSES.includes(order.status as OrderStatus);
  const refillable =
    order.providerId !== null &&
    order.providerOrderId !== null &&
    refillRefusal({
      orderStatus: order.status,
      finishedAt: order.finishedAt,
      refillDays: service.refillDays,
      hasOpenRefill:
        newestRefill !== undefined && OPEN_REFILL_STATUSES.includes(newestRefill.status as RefillStatus),
      lastRequestedAt: newestRefill?.createdAt ?? null,
      now,
    }) === null;
  return {
    canRefill: refillable,
    canCancel:
      orderCancelRefusal({ orderStatus: order.status, cancellable: service.cancellable, cancelRequested }) ===
      null,
    cancelRequested,
  };
}

/** What an order's answer shows: the new row's id and what was asked. */
type Placed = Pick<OrderRow, 'id' | 'serviceId' | 'link' | 'amount' | 'cost'>;

function presentPlaced(row: Placed, autoOrder: boolean): PlaceOrderResponse {
  return {
    orderId: row.id,
    serviceId: row.serviceId,
    link: row.link,
    amount: row.amount,
    autoOrder,
    cost: row.cost,
  };
}
