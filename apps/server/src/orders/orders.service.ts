import {
  AutoOrderStatus,
  HISTORY_PAGE_SIZE,
  isAutoOrder,
  LedgerReason,
  OrderStatus,
  orderCostWon,
  validateOrder,
} from '@smm/domain';
import type {
  AutoOrderHistoryResponse,
  HistoryQuery,
  OrderHistoryResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '@smm/domain/contract';
import type { Db, Executor } from '../db/database';
import { appError } from '../errors/app-error';
import type { CatalogService } from '../catalog/catalog.service';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { orderRequestHash, replayOf } from './idempotency';
import { idempotencyKeysRepository } from './idempotency-keys.repository';
import { presentAutoOrderHistoryItem, presentOrderHistoryItem } from './orders.presenter';
import { ordersRepository, type AutoOrderRow, type OrderRow } from './orders.repository';

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
      { link: body.link, amount: body.amount, runs: body.runs, interval: body.interval },
      {
        service: found ? { ...found.service, isReadOnly: found.service.isReadOnly || !orderable } : null,
        serviceCheck: site.flag('ENABLE_SERVICE_CHECK'),
      },
    );
    if (message || !found) throw appError('ORDER_INVALID', message ?? undefined);
    const service = found.service;
    const link = body.link.trim();
    const cost = orderCostWon(service.unitPriceMilli, body.amount, auto ? body.runs : 0);
    const now = this.clock.now();

    const common = {
      accountId,
      serviceId: service.id,
      link,
      amount: body.amount,
      unitPriceMilli: service.unitPriceMilli,
      cost,
    };
    const debit = { accountId, cost, reason: LedgerReason.ORDER, referencePrefix: auto ? 'auto' : 'order' };
    // The row, its debit and ledger entry in one statement (one round trip; see ledger insertWithDebit).
    const place = async (ex: Executor) => {
      const { row } = auto
        ? // The first run goes out on the next tick, the others every `interval` minutes after it.
          await ordersRepository.insertAutoOrderWithDebit(ex, debit, {
            ...common,
            runs: body.runs,
            interval: body.interval,
            nextRunAt: now,
          })
        : await ordersRepository.insertOrderWithDebit(ex, debit, {
            ...common,
            status: OrderStatus.PENDING,
            providerId: service.providerId,
            providerServiceId: service.providerServiceId,
            nextCheckAt: now,
          });
      return row;
    };

    let row: OrderRow | AutoOrderRow;
    if (!key) {
      row = await place(this.db);
    } else {
      // The key is taken before the debit, in the same transaction: a request racing with the same key
      // (an order against an auto-order too) waits here for this one to commit, then finds the key
      // taken and answers below; if this one rolls back (not enough points), the key is free again.
      const placed = await this.db.transaction(async (tx) => {
        if (!(await idempotencyKeysRepository.take(tx, accountId, key.key, key.hash))) return undefined;
        const inserted = await place(tx);
        await idempotencyKeysRepository.settle(
          tx,
          accountId,
          key.key,
          auto ? { autoOrderId: inserted.id } : { orderId: inserted.id },
        );
        return inserted;
      });
      if (!placed) {
        const earlier = await this.earlierResult(accountId, key.key, key.hash);
        if (earlier) return earlier;
        throw new Error('an Idempotency-Key was taken but its holder is not visible');
      }
      row = placed;
    }
    const result = presentPlaced(row, auto);
    this.events.orderPlaced?.(auto ? 'auto' : 'order');
    return result;
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
    return {
      // TODO(issue 20, in progress in this session): refill and cancel actions from refill-rules.
      items: rows.map((row) =>
        presentOrderHistoryItem(row.order, row.serviceText, {
          refill: null,
          canRefill: false,
          canCancel: false,
          cancelRequested: row.order.cancelRequestedAt !== null,
        }),
      ),
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
      items: rows.map((row) => presentAutoOrderHistoryItem(row.autoOrder, row.serviceText, false)),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
    };
  }
}

function presentPlaced(row: OrderRow | AutoOrderRow, autoOrder: boolean): PlaceOrderResponse {
  return {
    orderId: row.id,
    serviceId: row.serviceId,
    link: row.link,
    amount: row.amount,
    autoOrder,
    cost: row.cost,
  };
}
