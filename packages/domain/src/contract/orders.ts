import { z } from 'zod';
import { refillItem } from './refills';
import { page, requestText } from './common';

/**
 * A Custom Comments order's comments, one a line (docs/product.md#service-types): line breaks allowed,
 * other control characters and each line's length judged by validateOrder, so the member gets its message.
 * 10,000 lines of 500 characters at most, with their line breaks.
 */
export const orderComments = z.string().max(5_010_000);

/**
 * POST /service/order — docs/product.md#data-shapes. Without auto-order `runs` and `interval` are 0.
 * Numbers are checked by the domain rules (validateOrder), not here, so the member gets their message.
 * An optional `Idempotency-Key` header makes a retry return the first result.
 */
export const placeOrderRequest = z.object({
  serviceId: z.number().int().min(1).max(2_147_483_647),
  link: requestText(2000),
  /** Left out for Custom Comments (the number of lines) and Package (its fixed quantity). */
  amount: z.number().optional(),
  comments: orderComments.optional(),
  runs: z.number().optional().default(0),
  interval: z.number().optional().default(0),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const placeOrderResponse = z.object({
  /** The order's id, or the auto-order's id when `autoOrder` is true. */
  orderId: z.number().int(),
  serviceId: z.number().int(),
  link: z.string(),
  amount: z.number().int(),
  autoOrder: z.boolean(),
  /** Won charged (for an auto-order: all runs, up front). */
  cost: z.number().int(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

// The numbering of docs/product.md#orders (packages/domain order-status.ts).
const orderStatus = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);
const autoOrderStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** `?page=` (1-based) and an optional `?status=` filter; anything else is a 400. */
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  status: z.coerce.number().int().min(0).max(5).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** GET /service/order-history — docs/product.md#data-shapes, newest first. */
export const orderHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  serviceId: z.number().int(),
  serviceText: z.string(),
  link: z.string(),
  /** Won paid for this order (0 for an auto-order's run). */
  point: z.number().int(),
  amount: z.number().int(),
  status: orderStatus,
  startCount: z.number().int().nullable(),
  remains: z.number().int().nullable(),
  /** The newest refill of this order, if any (docs/product.md#refill-and-cancellation). */
  refill: refillItem.nullable(),
  /** A refill may be asked for now (refillRefusal is null): the screen shows 리필 요청. */
  canRefill: z.boolean(),
  /** The member may cancel it now (orderCancelRefusal is null): the screen shows 주문 취소. */
  canCancel: z.boolean(),
  /** Its provider was asked to cancel it; the refund waits for the provider (취소 요청됨). */
  cancelRequested: z.boolean(),
  /**
   * Why it was cancelled and refunded when its provider refused it (or never took it), in Korean
   * (memberCancelReason, docs/product.md#orders); null otherwise.
   */
  cancelReason: z.string().nullable(),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItem>;
export const orderHistoryResponse = page(orderHistoryItem);
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponse>;

/**
 * GET /service/auto-order-history — docs/product.md#data-shapes. The status filter COMPLETED also lists
 * PARTIAL ones, which members see as 완료 too.
 */
export const autoOrderHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  serviceId: z.number().int(),
  serviceText: z.string(),
  link: z.string(),
  /** Won paid for all runs, less what was refunded. */
  point: z.number().int(),
  /** Quantity per run. */
  amount: z.number().int(),
  completed: z.number().int(),
  runs: z.number().int(),
  /** Minutes between runs. */
  interval: z.number().int(),
  status: autoOrderStatus,
  /** An ACTIVE auto-order of a cancellable service: the screen shows 자동주문 취소. */
  canCancel: z.boolean(),
});
export type AutoOrderHistoryItem = z.infer<typeof autoOrderHistoryItem>;
export const autoOrderHistoryResponse = page(autoOrderHistoryItem);
export type AutoOrderHistoryResponse = z.infer<typeof autoOrderHistoryResponse>;
