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
import { isUniqueViolation, type Db } from '../db/database';
import { appError } from '../errors/app-error';
import { autoOrders, orders } from '../db/schema';
import { insertWithDebit } from '../ledger/apply-ledger-entry';
import type { CatalogService } from '../catalog/catalog.service';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
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
   * POST /service/order: SPEC.md §5's rules (the form's own), then in one transaction the order (or the
   * auto-order with all its runs) and its debit through the ledger. Not enough points → 409 and
   * nothing written. The same Idempotency-Key from the same member returns the first result.
   */
  async placeOrder(
    accountId: number,
    body: PlaceOrderRequest,
    idempotencyKey: string | undefined,
  ): Promise<PlaceOrderResponse> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw appError('BAD_REQUEST');
    if (idempotencyKey) {
      const earlier = await this.earlierResult(accountId, idempotencyKey);
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
    const auto = isAutoOrder(body);
    const cost = orderCostWon(service.unitPriceMilli, body.amount, auto ? body.runs : 0);
    const now = this.clock.now();

    try {
      const common = {
        accountId,
        serviceId: service.id,
        link,
        amount: body.amount,
        unitPriceMilli: service.unitPriceMilli,
        cost,
        idempotencyKey: idempotencyKey ?? null,
      };
      const debit = { accountId, cost, reason: LedgerReason.ORDER, referencePrefix: auto ? 'auto' : 'order' };
      // The row, its debit and ledger entry in one statement (one round trip; see insertWithDebit).
      const { row } = auto
        ? // The first run goes out on the next tick, the others every `interval` minutes after it.
          await insertWithDebit(this.db, debit, autoOrders, {
            ...common,
            runs: body.runs,
            interval: body.interval,
            nextRunAt: now,
          })
        : await insertWithDebit(this.db, debit, orders, {
            ...common,
            status: OrderStatus.PENDING,
            providerId: service.providerId,
            providerServiceId: service.providerServiceId,
            nextCheckAt: now,
          });
      const result = presentPlaced(row, auto);
      this.events.orderPlaced?.(auto ? 'auto' : 'order');
      return result;
    } catch (error) {
      // Two requests with one key raced: the loser answers with the winner's order.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.earlierResult(accountId, idempotencyKey);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  private async earlierResult(accountId: number, key: string): Promise<PlaceOrderResponse | undefined> {
    const order = await ordersRepository.findOrderByKey(this.db, accountId, key);
    if (order) return presentPlaced(order, false);
    const autoOrder = await ordersRepository.findAutoOrderByKey(this.db, accountId, key);
    return autoOrder ? presentPlaced(autoOrder, true) : undefined;
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
      items: rows.map((row) => presentOrderHistoryItem(row.order, row.serviceText)),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
    };
  }

  async autoOrderHistory(accountId: number, query: HistoryQuery): Promise<AutoOrderHistoryResponse> {
    // 완료 covers COMPLETED and PARTIAL alike (SPEC.md §4).
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
      items: rows.map((row) => presentAutoOrderHistoryItem(row.autoOrder, row.serviceText)),
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
