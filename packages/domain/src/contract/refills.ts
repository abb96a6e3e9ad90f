import { z } from 'zod';

/**
 * Refill and cancellation calls of the member site (docs/product.md#refill-and-cancellation). The
 * public API's REST and v2 forms answer from the same operations in their own shapes.
 */

const refillStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** One refill of an order (RefillStatus in packages/domain refill-rules.ts). */
export const refillItem = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  status: refillStatus,
  /** The provider's reason for a rejection, or the error that ended it. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RefillItem = z.infer<typeof refillItem>;

export const orderPathParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST /service/order/:id/refill */
export const requestRefillResponse = z.object({ refill: refillItem });
export type RequestRefillResponse = z.infer<typeof requestRefillResponse>;

/** GET /service/order/:id/refills — the order's refills, newest first. */
export const orderRefillsResponse = z.array(refillItem);
export type OrderRefillsResponse = z.infer<typeof orderRefillsResponse>;

/**
 * POST /service/order/:id/cancel — `cancelled`: not yet at its provider, refunded now (`refunded` won);
 * `requested`: its provider was asked, the refund follows its CANCELED or PARTIAL. `message` is the
 * Korean sentence the screen shows.
 */
export const cancelOrderResponse = z.object({
  outcome: z.enum(['cancelled', 'requested']),
  refunded: z.number().int(),
  message: z.string(),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;

/** POST /service/auto-order/:id/cancel — the runs not yet placed are refunded. */
export const cancelAutoOrderResponse = z.object({
  refunded: z.number().int(),
  message: z.string(),
});
export type CancelAutoOrderResponse = z.infer<typeof cancelAutoOrderResponse>;

/** POST /service/point/:id/cancel — a pending charge withdrawn by its member (충전 신청 취소). */
export const withdrawChargeResponse = z.object({
  id: z.number().int(),
  status: z.literal(3),
  message: z.string(),
});
export type WithdrawChargeResponse = z.infer<typeof withdrawChargeResponse>;
