import type {
  AutoOrderHistoryResponse,
  HistoryQuery,
  MassOrderRequest,
  MassOrderResponse,
  OrderHistoryResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '@smm/domain/contract';
import type { Db } from '../db/database';
import type { CatalogService } from '../catalog/catalog.service';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { autoOrderHistory, orderHistory } from './history/order-history';
import { ORDER_BATCH_PGLITE, OrderCommitBatcher, type BatchStats } from './placement/order-commit-batcher';
import { massOrder } from './placement/mass-order.workflow';
import { placeOrder, type PlacementDeps } from './placement/place-order.workflow';

/**
 * A member's orders as the routes and the public API reach them: placing one (placement/), and the
 * histories (history/). Each method is one use case of its stage folder.
 */
export class OrdersService {
  private readonly placement: PlacementDeps;

  constructor(
    private readonly db: Db,
    settings: SettingsService,
    catalog: CatalogService,
    private readonly clock: Clock,
    /** Told of each order placed (committed; an idempotent repeat is not): the metrics count them. */
    events: { orderPlaced?(kind: 'order' | 'auto', providerId: number | null): void } = {},
    /** Group commit: the orders arriving together share one transaction (docs/ARCHITECTURE.md#group-commit). */
    private readonly batcher: OrderCommitBatcher = new OrderCommitBatcher(db, ORDER_BATCH_PGLITE),
  ) {
    this.placement = { db, settings, catalog, clock, batcher, events };
  }

  /**
   * POST /service/order (and the public API's orders): placement/place-order.workflow.ts, its steps in
   * order. An Idempotency-Key is one key space per member across orders and auto-orders.
   */
  placeOrder(
    accountId: number,
    body: PlaceOrderRequest,
    idempotencyKey: string | undefined,
  ): Promise<PlaceOrderResponse> {
    return placeOrder(this.placement, accountId, body, idempotencyKey);
  }

  /**
   * POST /service/mass-order: placement/mass-order.workflow.ts, its steps in order. A preview places
   * nothing; a place call places every valid line or, short of points, none.
   */
  massOrder(
    accountId: number,
    body: MassOrderRequest,
    idempotencyKey: string | undefined,
  ): Promise<MassOrderResponse> {
    return massOrder(this.placement, accountId, body, idempotencyKey);
  }

  /** How the orders placed so far were committed together (tests; the bench). */
  batchStats(): BatchStats {
    return { ...this.batcher.stats };
  }

  orderHistory(accountId: number, query: HistoryQuery): Promise<OrderHistoryResponse> {
    return orderHistory({ db: this.db, clock: this.clock }, accountId, query);
  }

  autoOrderHistory(accountId: number, query: HistoryQuery): Promise<AutoOrderHistoryResponse> {
    return autoOrderHistory(this.db, accountId, query);
  }
}
