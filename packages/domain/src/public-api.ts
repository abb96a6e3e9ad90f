import { ORDER_MAX_COST_WON, ORDER_MESSAGES } from './order-rules';
import { COMMENT_MAX_LENGTH } from './service-types';
import { AutoOrderStatus, OrderStatus } from './order-status';
import { ORDER_OVERLAP_V2_ERROR, REFILL_MESSAGES, type RefillStatus } from './refill-rules';

/**
 * The public API's wire vocabulary, shared by the server (which answers with it) and the /api page
 * (which documents it): two dialects over the same orders.
 *
 * - REST (docs/product.md#public-api): `GET /api/services`, `POST /api/order`, `GET /api/status/{wId}`
 *   with an `api-key` header; statuses in upper case (`IN PROGRESS`).
 * - SMM API v2 (`POST /api/v2`, the trade's de facto protocol): `key` and `action` form fields,
 *   statuses in title case (`In progress`), money as strings with two decimals, errors as
 *   `{ "error": "…" }` with HTTP 200 and the trade's English texts, which clients match on.
 */

export const REST_STATUS_TEXTS = [
  'PENDING',
  'IN PROGRESS',
  'COMPLETED',
  'PARTIAL',
  'PROCESSING',
  'CANCELED',
] as const;
export type RestStatusText = (typeof REST_STATUS_TEXTS)[number];

export const V2_STATUS_TEXTS = [
  'Pending',
  'In progress',
  'Completed',
  'Partial',
  'Processing',
  'Canceled',
] as const;
export type V2StatusText = (typeof V2_STATUS_TEXTS)[number];

/** What each status means for a reseller, in Korean (the /api page's status table). */
export const PUBLIC_STATUS_MEANINGS: Record<OrderStatus, string> = {
  [OrderStatus.PENDING]: '주문 접수: 공급사로 보내기 전이거나 막 보낸 상태',
  [OrderStatus.INPROGRESS]: '진행 중: 작업이 시작되어 수량이 늘고 있음',
  [OrderStatus.COMPLETED]: '완료: 주문 수량이 모두 처리됨',
  [OrderStatus.PARTIAL]: '부분 완료: 일부만 처리되고 남은 수량(remains)만큼 환불됨',
  [OrderStatus.PROCESSING]: '대기: 공급사가 작업 시작을 준비 중',
  [OrderStatus.CANCELED]: '취소: 주문 금액 전액 환불됨',
};

/** The status number (docs/product.md#orders) is the index into both text lists. */
export const restStatusText = (status: OrderStatus): RestStatusText => REST_STATUS_TEXTS[status];
export const v2StatusText = (status: OrderStatus): V2StatusText => V2_STATUS_TEXTS[status];

/**
 * An auto-order (the trade's drip-feed) seen as one order: running while it still has runs to place,
 * then completed, partial (some run came back short) or canceled.
 */
export function orderStatusOfAutoOrder(status: AutoOrderStatus): OrderStatus {
  switch (status) {
    case AutoOrderStatus.ACTIVE:
      return OrderStatus.INPROGRESS;
    case AutoOrderStatus.COMPLETED:
      return OrderStatus.COMPLETED;
    case AutoOrderStatus.PARTIAL:
      return OrderStatus.PARTIAL;
    case AutoOrderStatus.CANCLED:
      return OrderStatus.CANCELED;
  }
}

/** Whole won as the trade writes money: '12345.00'. */
export function v2Money(won: number): string {
  return `${won}.00`;
}

/**
 * The v2 `rate`: the price of 1,000 units in won. Unit prices are milli-won per unit, so the rate is
 * the same integer read as won: exact, no float ever involved (60000 milli → '60000.00').
 */
export function v2Rate(unitPriceMilli: number): string {
  return v2Money(unitPriceMilli);
}

/** The trade's error texts (clients match on them, so they stay in English, verbatim). */
export const V2_ERRORS = {
  INVALID_KEY: 'Invalid API key',
  INCORRECT_REQUEST: 'Incorrect request',
  NOT_ENOUGH_FUNDS: 'Not enough funds on balance',
  INCORRECT_ORDER_ID: 'Incorrect order ID',
  INCORRECT_SERVICE_ID: 'Incorrect service ID',
  INCORRECT_LINK: 'Incorrect link',
  QUANTITY_NOT_INTEGER: 'Quantity must be a whole number',
  DRIP_FEED_UNSUPPORTED: 'Drip-feed is not supported for this service',
  INCORRECT_RUNS: 'Incorrect runs: more than 1 and at most 1000',
  INCORRECT_INTERVAL: 'Incorrect interval: at least 60 minutes and at most 43200',
  SERVICE_UNAVAILABLE: 'Service is temporarily unavailable',
  TOO_MANY_ORDERS: 'Maximum 100 order IDs per request',
  CANNOT_CANCEL: 'This order cannot be canceled',
  CANCEL_IN_FLIGHT: 'This order is being sent to its provider; try again in a minute',
  CANCEL_FAILED: 'The provider did not accept the cancellation; try again later',
  /** A refill refused for a reason the trade has no words for (e.g. no provider to pass it to). */
  REFILL_UNAVAILABLE: 'Refill is not available for this order',
  REFILL_DISABLED: 'Refill is disabled for this service',
  REFILL_NOT_FINISHED: 'Refill is available only for completed or partial orders',
  REFILL_PERIOD_EXPIRED: 'Refill period for this order has expired',
  REFILL_ALREADY_OPEN: 'This order already has a refill in progress',
  REFILL_TOO_SOON: 'Refill can be requested once a day per order',
  INCORRECT_REFILL_ID: 'Incorrect refill ID',
  TOO_MANY_REFILLS: 'Maximum 100 refill IDs per request',
  /** Another open order of the same service for the same link (docs/product.md#refill-and-cancellation). */
  ORDER_OVERLAP: ORDER_OVERLAP_V2_ERROR,
  TOO_MANY_REQUESTS: 'Too many requests',
  // Service types (docs/product.md#service-types).
  COMMENTS_REQUIRED: 'Comments are required for this service: one comment per line',
  COMMENTS_NOT_ACCEPTED: 'This service does not accept comments',
  COMMENTS_COUNT_MISMATCH: 'Quantity must equal the number of comments',
  COMMENT_TOO_LONG: `Incorrect comments: at most ${COMMENT_MAX_LENGTH} characters per comment`,
  COMMENT_CONTROL: 'Incorrect comments: control characters are not allowed',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency-Key already used for a different order',
  /** The order's total (all runs) passes ORDER_MAX_COST_WON (docs/product.md#order-rules). */
  ORDER_TOO_LARGE: `Order total is too large: at most ${ORDER_MAX_COST_WON}.00 per order; lower quantity or runs`,
} as const;

export const quantityBelowMin = (min: number) => `Quantity less than minimal ${min}`;
export const quantityAboveMax = (max: number) => `Quantity more than maximal ${max}`;
/** A Package's quantity is fixed; a client may leave `quantity` out or send exactly this. */
export const packageQuantityFixed = (quantity: number) => `Quantity is fixed for this package: ${quantity}`;

/** `orders=1,2,3` of v2 `status`, `cancel` and `refill`, `refills=…` of `refill_status`: at most this many ids per request. */
export const V2_MAX_ORDER_IDS = 100;

/** The API key header of the REST dialect. */
export const API_KEY_HEADER = 'api-key';

/** New API keys one account may issue in an hour (POST /auth/api-key); the next is refused with 429. */
export const API_KEY_ISSUES_PER_HOUR = 10;

/**
 * How the profile shows a key: its public prefix and last four characters (`smm_3f9a2c1b…Xy1Z`), so a
 * member can tell which key is active without the key being readable.
 */
export function maskApiKey(prefix: string, lastFour: string): string {
  return `${prefix}…${lastFour}`;
}

/**
 * The v2 error for an order the site's rules refused (`validateOrder`'s Korean message), in the
 * trade's words; `service` supplies the bounds the quantity errors name.
 */
export function v2ErrorForOrderRule(message: string, service: { min: number; max: number } | null): string {
  const m = ORDER_MESSAGES;
  switch (message) {
    case m.SERVICE_REQUIRED:
      return V2_ERRORS.INCORRECT_SERVICE_ID;
    case m.UNAVAILABLE:
      return V2_ERRORS.SERVICE_UNAVAILABLE;
    case m.LINK_REQUIRED:
    case m.LINK_FORMAT:
    case m.LINK_INVISIBLE:
      return V2_ERRORS.INCORRECT_LINK;
    case m.AMOUNT_NOT_INTEGER:
      return V2_ERRORS.QUANTITY_NOT_INTEGER;
    case m.AMOUNT_BELOW_MIN:
    case m.COMMENTS_BELOW_MIN:
      return service ? quantityBelowMin(service.min) : V2_ERRORS.INCORRECT_REQUEST;
    case m.AMOUNT_ABOVE_MAX:
    case m.COMMENTS_ABOVE_MAX:
      return service ? quantityAboveMax(service.max) : V2_ERRORS.INCORRECT_REQUEST;
    case m.COMMENTS_REQUIRED:
      return V2_ERRORS.COMMENTS_REQUIRED;
    case m.COMMENTS_NOT_ACCEPTED:
      return V2_ERRORS.COMMENTS_NOT_ACCEPTED;
    case m.COMMENTS_AMOUNT_MISMATCH:
      return V2_ERRORS.COMMENTS_COUNT_MISMATCH;
    case m.COMMENT_TOO_LONG:
      return V2_ERRORS.COMMENT_TOO_LONG;
    case m.COMMENT_CONTROL:
      return V2_ERRORS.COMMENT_CONTROL;
    case m.PACKAGE_AMOUNT_FIXED:
      return service ? packageQuantityFixed(service.min) : V2_ERRORS.INCORRECT_REQUEST;
    case m.AUTO_NOT_ALLOWED:
      return V2_ERRORS.DRIP_FEED_UNSUPPORTED;
    case m.RUNS_TOO_FEW:
    case m.RUNS_NOT_INTEGER:
    case m.RUNS_TOO_MANY:
      return V2_ERRORS.INCORRECT_RUNS;
    case m.INTERVAL_TOO_SHORT:
    case m.INTERVAL_NOT_INTEGER:
    case m.INTERVAL_TOO_LONG:
      return V2_ERRORS.INCORRECT_INTERVAL;
    case m.INSUFFICIENT_POINTS:
      return V2_ERRORS.NOT_ENOUGH_FUNDS;
    case m.COST_TOO_LARGE:
      return V2_ERRORS.ORDER_TOO_LARGE;
    default:
      return V2_ERRORS.INCORRECT_REQUEST;
  }
}

/**
 * A refill's state in the trade's words (v2 `refill_status`, REST `GET /api/refill/{refillId}`), by its
 * RefillStatus number (docs/product.md#refill-and-cancellation).
 */
export const REFILL_STATUS_TEXTS = ['Pending', 'In progress', 'Completed', 'Rejected'] as const;
export type RefillStatusText = (typeof REFILL_STATUS_TEXTS)[number];
/** REFILL_STATUS_V2 (refill-rules.ts) as a typed list: the same words, index = RefillStatus. */
export const refillStatusText = (status: RefillStatus): RefillStatusText => REFILL_STATUS_TEXTS[status];

/**
 * The v2 error for a refill the rules refused (`refillRefusal`'s Korean message, sent with
 * REFILL_REFUSED), in the trade's words; any other reason reads as "not available for this order".
 */
export function v2ErrorForRefillRefusal(message: string): string {
  const m = REFILL_MESSAGES;
  switch (message) {
    case m.NOT_REFILLABLE:
      return V2_ERRORS.REFILL_DISABLED;
    case m.NOT_ELIGIBLE:
      return V2_ERRORS.REFILL_NOT_FINISHED;
    case m.ALREADY_OPEN:
      return V2_ERRORS.REFILL_ALREADY_OPEN;
    case m.TOO_SOON:
      return V2_ERRORS.REFILL_TOO_SOON;
  }
  const days = /(\d+)/.exec(message)?.[1];
  if (days !== undefined && message === m.WINDOW_PASSED(Number(days))) return V2_ERRORS.REFILL_PERIOD_EXPIRED;
  return V2_ERRORS.REFILL_UNAVAILABLE;
}

/**
 * `orders=1,2,3` (or one `order`) as sent: each id text with its number, or null when it cannot be an
 * order id. Null overall when there are none or more than V2_MAX_ORDER_IDS.
 */
export function parseV2OrderIds(text: string): { text: string; id: number | null }[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length > V2_MAX_ORDER_IDS) return null;
  return parts.map((part) => ({ text: part, id: parseOrderId(part) }));
}

/** An order id as text: 1 … 2^31−1 in plain digits, else null. */
export function parseOrderId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
