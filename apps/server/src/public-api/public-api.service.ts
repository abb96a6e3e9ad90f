import type { RefillStatus } from '@smm/domain';
import {
  refillStatusText,
  v2ErrorForRefillRefusal,
  parseOrderId,
  parseV2OrderIds,
  restStatusText,
  v2ErrorForOrderRule,
  V2_ERRORS,
  V2_MAX_ORDER_IDS,
  v2Money,
  type RefillStatusText,
} from '@smm/domain';
import {
  publicServicesResponse,
  v2ServicesResponse,
  type PublicCancelResponse,
  type PublicOrderRequest,
  type PublicOrderResponse,
  type PublicRefillResponse,
  type PublicStatusResponse,
  type V2OrderStatus,
  type V2Params,
  type V2Response,
} from '@smm/domain/contract';
import { accountRepository, type GuardAccount } from '../accounts/account.repository';
import type { MemberCancellation } from '../orders/cancellation/cancel-order.workflow';
import { pricedService, type CatalogService } from '../catalog/catalog.service';
import type { Db } from '../db/database';
import { AppError, appError } from '../errors/app-error';
import type { OrdersService } from '../orders/orders.service';
import { historyRepository } from '../orders/history/history.repository';
import type { CacheBus } from '../shared/cache-bus';
import { cachedBody, HotCache, type CachedBody } from '../shared/hot-cache';
import { presentPublicService, presentV2Service, type ListedService } from './public-api.presenter';
import { trackMany, trackOne, v2Status } from './tracked-orders';

/** A refill as the refill operation answers it (table order_refills). */
export interface RefillRecord {
  id: number;
  orderId: number;
  status: number;
  reason: string | null;
}

/**
 * The refill operation (orders/refills/request-refill.workflow.ts, docs/product.md#refill-and-cancellation): a member's
 * request, refused with REFILL_REFUSED and the rule's Korean message (ORDER_NOT_FOUND for another's
 * order), and a member's own refills by id.
 */
export interface Refills {
  request(accountId: number, orderId: number, source: 'member' | 'api'): Promise<RefillRecord>;
  findOwn(accountId: number, refillId: number): Promise<RefillRecord | undefined>;
  /** The member's own refills of those ids; the others left out. */
  findOwnMany(accountId: number, refillIds: number[]): Promise<RefillRecord[]>;
}

const presentRefill = (refill: RefillRecord): PublicRefillResponse => ({
  refill: refill.id,
  wId: refill.orderId,
  status: refillStatusText(refill.status as RefillStatus),
  reason: refill.reason,
});

const v2Error = (error: string) => ({ error });

/** More ids than one request may name (`orders=…`, `refills=…`). */
const tooManyIds = (text: string) =>
  text.split(',').filter((part) => part.trim() !== '').length > V2_MAX_ORDER_IDS;

/** Several ids in `order` (`order=14,15`) are read as `orders`, answered alike (docs/product.md#public-api). */
const orderListAsOrders = (params: V2Params): V2Params =>
  params.orders === undefined && params.order?.includes(',') ? { ...params, orders: params.order } : params;

/**
 * `quantity` as a client sends it for a service whose quantity follows from its type: empty, 0 and the
 * placeholders of SDKs that send every field (`undefined`, `null`, `NaN`) mean it was not given.
 */
const placeholderAsAbsent = (text: string | undefined): string | undefined =>
  text === undefined || /^(|0|undefined|null|nan)$/i.test(text.trim()) ? undefined : text;

/** GET /api/refill/{refillId} for an id that is not one of the caller's refills. */
const REFILL_NOT_FOUND = '리필 요청을 찾을 수 없습니다.';

/** A v2 answer: the services list comes already serialised from the cache, the rest as objects. */
export type V2Answer = { json: string; body?: undefined } | { body: V2Response; json?: undefined };

/**
 * The public API for resellers and bots (REST of docs/product.md#public-api and the trade's SMM API v2): a second door
 * to the same orders. Placing goes through OrdersService.placeOrder (the site's rules, debit and ledger),
 * cancelling through orders/cancellation/cancel-order.workflow.ts; this class only reads and words the answers.
 */
export class PublicApiService {
  private readonly listed: HotCache<{
    services: ListedService[];
    rest: CachedBody<unknown>;
    v2: CachedBody<unknown>;
  }>;

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly orders: OrdersService,
    private readonly cancellation: MemberCancellation,
    private readonly refills: Refills,
    bus: CacheBus,
  ) {
    this.listed = new HotCache(async () => {
      const services = await this.orderableServices();
      return {
        services,
        rest: cachedBody(publicServicesResponse.parse(services.map(presentPublicService))),
        v2: cachedBody(v2ServicesResponse.parse(services.map(presentV2Service))),
      };
    });
    bus.on('catalog', () => this.listed.invalidate());
  }

  /**
   * The list as the caller sees it: the shared serialised answer for a member at list prices, else
   * the same services at the member's prices (docs/product.md#member-grades-and-custom-rates), from
   * memory like the rest.
   */
  private async listedFor(accountId: number, kind: 'rest' | 'v2'): Promise<string> {
    const listed = await this.listed.get();
    const pricing = await this.catalog.pricing.pricingOf(accountId);
    if (!pricing) return listed[kind].json;
    const priced = listed.services.map((entry) => ({
      ...entry,
      service: pricedService(entry.service, pricing),
    }));
    return JSON.stringify(
      kind === 'rest'
        ? publicServicesResponse.parse(priced.map(presentPublicService))
        : v2ServicesResponse.parse(priced.map(presentV2Service)),
    );
  }

  /**
   * What can be ordered right now: visible services of visible platforms, not read-only, with an
   * enabled provider — a reseller importing the list must not import services that only fail.
   */
  private async orderableServices(): Promise<ListedService[]> {
    const categories = new Map((await this.catalog.listCategories()).map((c) => [c.id, c]));
    const listed: ListedService[] = [];
    for (const service of await this.catalog.listServices()) {
      const category = categories.get(service.categoryId);
      const found = await this.catalog.orderableService(service.id);
      if (!category || !found || service.isReadOnly) continue;
      if (found.service.providerId === null || found.providerEnabled !== true) continue;
      listed.push({ service, category: category.text });
    }
    return listed;
  }

  restServicesJson(account: GuardAccount): Promise<string> {
    return this.listedFor(account.id, 'rest');
  }

  async placeRestOrder(
    account: GuardAccount,
    body: PublicOrderRequest,
    idempotencyKey: string | undefined,
  ): Promise<PublicOrderResponse> {
    const placed = await this.orders.placeOrder(
      account.id,
      {
        serviceId: body.serviceId,
        link: body.link,
        ...(body.amount === undefined ? {} : { amount: body.amount }),
        ...(body.comments === undefined ? {} : { comments: body.comments }),
        runs: 0,
        interval: 0,
      },
      idempotencyKey,
    );
    return { wId: placed.orderId };
  }

  /** The caller's own order or auto-order; any other id is 404, so no id is known to exist. */
  async restStatus(account: GuardAccount, wId: number): Promise<PublicStatusResponse> {
    const tracked = await trackOne(this.db, account.id, wId);
    if (!tracked) throw appError('ORDER_NOT_FOUND');
    return { status: restStatusText(tracked.status), remains: tracked.remains };
  }

  /** POST /api/refill/{wId}: the refill asked for (Pending), or the site's refusal (409) or 404. */
  async restRefill(account: GuardAccount, wId: number): Promise<PublicRefillResponse> {
    return presentRefill(await this.refills.request(account.id, wId, 'api'));
  }

  /** GET /api/refill/{refillId}: one of the caller's refills; any other id is 404. */
  async restRefillStatus(account: GuardAccount, refillId: number): Promise<PublicRefillResponse> {
    const refill = await this.refills.findOwn(account.id, refillId);
    if (!refill) throw appError('NOT_FOUND', REFILL_NOT_FOUND);
    return presentRefill(refill);
  }

  /**
   * POST /api/cancel/{wId}: the member's cancellation, as on the site (docs/product.md#refill-and-cancellation).
   * An order not yet at its provider, or an auto-order's runs not yet placed, is refunded now
   * (`cancelled`); one at its provider is asked of it (`requested`). Refusals are 409 with the site's
   * Korean sentence; another member's id is 404 like an unknown one.
   */
  async restCancel(account: GuardAccount, wId: number): Promise<PublicCancelResponse> {
    try {
      return { wId, ...(await this.cancellation.cancelOrderForMember(account.id, wId)) };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    }
    // Not an order of the caller's: perhaps one of their auto-orders (one id space for both).
    const [autoOrder] = await historyRepository.findOwnAutoOrders(this.db, account.id, [wId]);
    if (!autoOrder) throw appError('ORDER_NOT_FOUND');
    const stopped = await this.cancellation.cancelAutoOrderForMember(account.id, wId);
    return { wId, outcome: 'cancelled', ...stopped };
  }

  /** The balance now: the guard's facts are kept in memory, the balance never is. */
  private async balanceOf(account: GuardAccount): Promise<number> {
    const current = await accountRepository.findAuthenticatedById(this.db, account.id);
    if (!current) throw appError('API_KEY_INVALID');
    return current.point;
  }

  /**
   * One SMM API v2 call. Every refusal is `{ error }` in the trade's words (the route answers it with
   * HTTP 200, as those panels do). `idempotencyKey` is the optional `Idempotency-Key` header of an
   * `add`: the trade's protocol has none, but a bot that retries an add may send one, with the same
   * meaning as on REST and the site (one key space per member).
   */
  async v2(account: GuardAccount, params: V2Params, idempotencyKey?: string): Promise<V2Answer> {
    if (params.action === 'services') return { json: await this.listedFor(account.id, 'v2') };
    return { body: await this.v2Action(account, params, idempotencyKey) };
  }

  private async v2Action(
    account: GuardAccount,
    params: V2Params,
    idempotencyKey: string | undefined,
  ): Promise<V2Response> {
    switch (params.action) {
      case 'add':
        return this.v2Add(account, params, idempotencyKey);
      case 'status':
        return this.v2StatusOf(account, params);
      case 'balance':
        return { balance: v2Money(await this.balanceOf(account)), currency: 'KRW' };
      case 'cancel':
        return this.v2Cancel(account, params);
      case 'refill':
        return this.v2Refill(account, params);
      case 'refill_status':
        return this.v2RefillStatus(account, params);
      default:
        return v2Error(V2_ERRORS.INCORRECT_REQUEST);
    }
  }

  private async v2Add(
    account: GuardAccount,
    params: V2Params,
    idempotencyKey: string | undefined,
  ): Promise<V2Response> {
    const serviceId = parseOrderId(params.service ?? '');
    if (serviceId === null) return v2Error(V2_ERRORS.INCORRECT_SERVICE_ID);
    // docs/product.md#service-types: a Custom Comments order's quantity is its number of comments and a
    // Package's is fixed, so for them `quantity` may be left out (or sent as a placeholder).
    const type = (await this.catalog.orderableService(serviceId))?.service.serviceType ?? 'default';
    const quantity = type === 'default' ? params.quantity : placeholderAsAbsent(params.quantity);
    if (params.link === undefined || (type === 'default' && quantity === undefined)) {
      return v2Error(V2_ERRORS.INCORRECT_REQUEST);
    }
    // Only runs ≥ 2 asks for drip-feed; absent, empty, 0, 1 or a placeholder such as `undefined` is an
    // ordinary order and its interval is ignored (docs/product.md#public-api).
    const number = (text: string | undefined) =>
      text === undefined || text.trim() === '' ? 0 : Number(text);
    const drip = number(params.runs) >= 2;
    // An empty `comments` is what a client sends when it has none: as good as absent.
    const comments = params.comments?.trim() === '' ? undefined : params.comments;
    try {
      const placed = await this.orders.placeOrder(
        account.id,
        {
          serviceId,
          link: params.link,
          ...(quantity === undefined
            ? {}
            : { amount: quantity.trim() === '' ? Number.NaN : Number(quantity) }),
          ...(comments === undefined ? {} : { comments }),
          runs: drip ? number(params.runs) : 0,
          interval: drip ? number(params.interval) : 0,
        },
        idempotencyKey,
      );
      return { order: placed.orderId };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'INSUFFICIENT_POINTS') return v2Error(V2_ERRORS.NOT_ENOUGH_FUNDS);
      if (error.code === 'IDEMPOTENCY_KEY_REUSED') return v2Error(V2_ERRORS.IDEMPOTENCY_KEY_REUSED);
      if (error.code === 'ORDER_OVERLAP') return v2Error(V2_ERRORS.ORDER_OVERLAP);
      if (error.code !== 'ORDER_INVALID') throw error;
      const found = await this.catalog.orderableService(serviceId);
      return v2Error(v2ErrorForOrderRule(error.message, found ? found.service : null));
    }
  }

  private async v2StatusOf(account: GuardAccount, params: V2Params): Promise<V2Response> {
    params = orderListAsOrders(params);
    if (params.orders !== undefined) {
      const ids = parseV2OrderIds(params.orders);
      if (!ids) {
        return v2Error(tooManyIds(params.orders) ? V2_ERRORS.TOO_MANY_ORDERS : V2_ERRORS.INCORRECT_REQUEST);
      }
      const tracked = await trackMany(
        this.db,
        account.id,
        ids.flatMap((entry) => (entry.id === null ? [] : [entry.id])),
      );
      const answer: Record<string, V2OrderStatus | { error: string }> = {};
      for (const entry of ids) {
        const found = entry.id === null ? undefined : tracked.get(entry.id);
        answer[entry.text] = found ? v2Status(found) : v2Error(V2_ERRORS.INCORRECT_ORDER_ID);
      }
      return answer;
    }
    const id = parseOrderId((params.order ?? '').trim());
    const tracked = id === null ? undefined : await trackOne(this.db, account.id, id);
    return tracked ? v2Status(tracked) : v2Error(V2_ERRORS.INCORRECT_ORDER_ID);
  }

  private async v2Cancel(account: GuardAccount, params: V2Params): Promise<V2Response> {
    const ids = parseV2OrderIds(params.orders ?? params.order ?? '');
    if (!ids) return v2Error(V2_ERRORS.INCORRECT_REQUEST);
    const answers: { order: number; cancel: 1 | { error: string } }[] = [];
    for (const entry of ids) {
      if (entry.id === null) continue; // not an order id: nothing to name it by in `order`
      answers.push({ order: entry.id, cancel: await this.cancelOne(account.id, entry.id) });
    }
    return answers;
  }

  private async cancelOne(accountId: number, id: number): Promise<1 | { error: string }> {
    const outcome = await this.cancellation.cancelOrder(accountId, id);
    switch (outcome.kind) {
      case 'cancelled':
      case 'requested':
        return 1;
      case 'final':
        return v2Error(V2_ERRORS.CANNOT_CANCEL);
      case 'in-flight':
        return v2Error(V2_ERRORS.CANCEL_IN_FLIGHT);
      case 'provider-refused':
      case 'held':
        return v2Error(V2_ERRORS.CANCEL_FAILED);
      case 'not-cancellable':
      case 'already-requested':
        return v2Error(V2_ERRORS.CANNOT_CANCEL);
      case 'not-found': {
        // Not an order of the caller's: perhaps one of their auto-orders (one id space for both).
        const [autoOrder] = await historyRepository.findOwnAutoOrders(this.db, accountId, [id]);
        if (!autoOrder) return v2Error(V2_ERRORS.INCORRECT_ORDER_ID);
        const { cancelled } = await this.cancellation.cancelAutoOrder(accountId, id);
        return cancelled ? 1 : v2Error(V2_ERRORS.CANNOT_CANCEL);
      }
    }
  }

  /**
   * v2 `refill`: one `order` → `{ refill: "<id>" }`; `orders=1,2` (≤ 100) → one entry per order id,
   * the refill's id or the refusal in the trade's words (docs/product.md#public-api).
   */
  private async v2Refill(account: GuardAccount, params: V2Params): Promise<V2Response> {
    params = orderListAsOrders(params);
    if (params.orders !== undefined) {
      const ids = parseV2OrderIds(params.orders);
      if (!ids)
        return v2Error(tooManyIds(params.orders) ? V2_ERRORS.TOO_MANY_ORDERS : V2_ERRORS.INCORRECT_REQUEST);
      const answers: { order: number; refill: number | { error: string } }[] = [];
      for (const entry of ids) {
        if (entry.id === null) continue; // not an order id: nothing to name it by in `order`
        answers.push({ order: entry.id, refill: await this.refillOne(account.id, entry.id) });
      }
      return answers;
    }
    const id = parseOrderId((params.order ?? '').trim());
    if (id === null) return v2Error(V2_ERRORS.INCORRECT_ORDER_ID);
    const refill = await this.refillOne(account.id, id);
    return typeof refill === 'number' ? { refill: String(refill) } : refill;
  }

  private async refillOne(accountId: number, orderId: number): Promise<number | { error: string }> {
    try {
      return (await this.refills.request(accountId, orderId, 'api')).id;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'REFILL_REFUSED') return v2Error(v2ErrorForRefillRefusal(error.message));
      if (error.code === 'ORDER_NOT_FOUND' || error.code === 'NOT_FOUND') {
        return v2Error(V2_ERRORS.INCORRECT_ORDER_ID);
      }
      throw error;
    }
  }

  /** v2 `refill_status`: one `refill` → `{ status }`; `refills=7,9` (≤ 100) → one entry per refill id. */
  private async v2RefillStatus(account: GuardAccount, params: V2Params): Promise<V2Response> {
    if (params.refills !== undefined) {
      const ids = parseV2OrderIds(params.refills);
      if (!ids) {
        return v2Error(tooManyIds(params.refills) ? V2_ERRORS.TOO_MANY_REFILLS : V2_ERRORS.INCORRECT_REQUEST);
      }
      const found = new Map(
        (
          await this.refills.findOwnMany(
            account.id,
            ids.flatMap((entry) => (entry.id === null ? [] : [entry.id])),
          )
        ).map((refill) => [refill.id, refill]),
      );
      const answers: { refill: number; status: RefillStatusText | { error: string } }[] = [];
      for (const entry of ids) {
        if (entry.id === null) continue; // not a refill id: nothing to name it by in `refill`
        const refill = found.get(entry.id);
        answers.push({
          refill: entry.id,
          status: refill
            ? refillStatusText(refill.status as RefillStatus)
            : v2Error(V2_ERRORS.INCORRECT_REFILL_ID),
        });
      }
      return answers;
    }
    const id = parseOrderId((params.refill ?? '').trim());
    const refill = id === null ? undefined : await this.refills.findOwn(account.id, id);
    return refill
      ? { status: refillStatusText(refill.status as RefillStatus) }
      : v2Error(V2_ERRORS.INCORRECT_REFILL_ID);
  }
}
