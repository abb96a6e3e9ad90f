import { z } from 'zod';
import { ADMIN_ORDER_PAGE_SIZE, ADMIN_ORDER_PAGE_SIZE_MAX, ADMIN_ORDER_SORTS } from '../admin-orders';
import { parseSeoulDate } from '../admin-dashboard';
import { page, pageNumber, pathText, requestText } from './common';

/**
 * The console's orders screens: every member's orders and auto-orders, filtered, sorted
 * and paged on the server; resend, cancel with refund, mark partial with refund; stop an auto-order.
 * Query values arrive as text: a number is read only from digits (so `?status=` is a 400, never 0).
 */
const INT32_MAX = 2_147_483_647;
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max, 'out of range');
const dateText = z.string().refine((text) => parseSeoulDate(text) !== null, 'yyyy-MM-dd');

const listQuery = {
  /** A member's login id: the whole id, or (memberMatch=prefix) its beginning. */
  member: pathText(60).optional(),
  memberMatch: z.enum(['exact', 'prefix']).optional().default('exact'),
  serviceId: queryInt(1, INT32_MAX).optional(),
  /** Part of the link (LIKE wildcards in it are matched literally). */
  link: pathText(200).optional(),
  /** Korean calendar days, both included. */
  from: dateText.optional(),
  to: dateText.optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).optional().default('id'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  page: pageNumber,
  pageSize: queryInt(1, ADMIN_ORDER_PAGE_SIZE_MAX).optional().default(ADMIN_ORDER_PAGE_SIZE),
};

/** GET /admin/api/orders */
export const adminOrdersQuery = z.object({
  ...listQuery,
  status: queryInt(0, 5).optional(),
  providerOrderId: pathText(100).optional(),
  /** `true`: only orders whose last provider call failed (last_error set). */
  hasError: z.enum(['true', 'false']).optional(),
  /**
   * `true`: only open orders a member asked its provider to cancel (cancel_requested_at set, 취소 요청됨
   * until the provider's CANCELED or PARTIAL settles them); `false`: every other order.
   */
  cancelRequested: z.enum(['true', 'false']).optional(),
  /** `true`: only orders whose provider charged more than the member paid (역마진). */
  chargeExceedsPaid: z.enum(['true', 'false']).optional(),
  /** Only orders this provider has now (after a failover, the failover's: docs/product.md#operator-console). */
  providerId: queryInt(1, INT32_MAX).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
/** The query string as the console writes it (every value text). */
export type AdminOrdersParams = z.input<typeof adminOrdersQuery>;

export const adminOrderItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  memberLoginId: z.string(),
  serviceId: z.number().int(),
  serviceText: z.string(),
  link: z.string(),
  amount: z.number().int(),
  /** Milli-won per unit, as charged (the refund of a partial order is priced with it). */
  unitPriceMilli: z.number().int(),
  cost: z.number().int(),
  refunded: z.number().int(),
  status: z.number().int(),
  /**
   * The provider that has the order now (after a failover, the failover) and its name; answered by the
   * list (an action's answer may leave the name out).
   */
  providerId: z.number().int().nullable().optional(),
  providerName: z.string().nullable().optional(),
  providerOrderId: z.string().nullable(),
  startCount: z.number().int().nullable(),
  remains: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /**
   * The start of what its provider sent back when the answer could not be read (the order is held for
   * the operator: docs/ARCHITECTURE.md#upstream-providers), key masked; plain text, never HTML.
   */
  providerAnswer: z.string().nullable().optional(),
  /**
   * Why the background loop cancelled and refunded it (its provider refused it, or every send failed),
   * as stored: docs/product.md#orders. Null for an order not cancelled that way.
   */
  cancelReason: z.string().nullable(),
  /** A Custom Comments order's comments, one a line (docs/product.md#service-types); else null. */
  comments: z.string().nullable(),
  attempts: z.number().int(),
  /** While set in the future a worker holds the order: the console's actions wait. */
  leasedUntil: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  autoOrderId: z.number().int().nullable(),
  /** When the member asked its provider to cancel it (취소 요청됨), or null. */
  cancelRequestedAt: z.string().nullable(),
  /** When an operator refunded it without its provider's word (강제 환불), or null. */
  forcedRefundAt: z.string().nullable().optional(),
  /**
   * The order's newest refill (RefillStatus), or null when it has none. Answered by the lists; an
   * action's answer leaves it out.
   */
  latestRefill: z.object({ id: z.number().int(), status: z.number().int() }).nullable().optional(),
  /**
   * The margin guard (docs/product.md#operator-console): the provider's charge for it as sent (decimal
   * text in its currency) and whether it exceeds what the member paid (역마진).
   */
  providerCharge: z.string().nullable().optional(),
  chargeExceedsPaid: z.boolean().optional(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItem>;
export const adminOrdersResponse = page(adminOrderItem);
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

/** GET /admin/api/auto-orders */
export const adminAutoOrdersQuery = z.object({ ...listQuery, status: queryInt(0, 3).optional() });
export type AdminAutoOrdersQuery = z.infer<typeof adminAutoOrdersQuery>;
export type AdminAutoOrdersParams = z.input<typeof adminAutoOrdersQuery>;

export const adminAutoOrderItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  memberLoginId: z.string(),
  serviceId: z.number().int(),
  serviceText: z.string(),
  link: z.string(),
  /** Quantity per run. */
  amount: z.number().int(),
  runs: z.number().int(),
  /** Minutes between runs. */
  interval: z.number().int(),
  completed: z.number().int(),
  unitPriceMilli: z.number().int(),
  cost: z.number().int(),
  refunded: z.number().int(),
  status: z.number().int(),
  nextRunAt: z.string().nullable(),
});
export type AdminAutoOrderItem = z.infer<typeof adminAutoOrderItem>;
export const adminAutoOrdersResponse = page(adminAutoOrderItem);
export type AdminAutoOrdersResponse = z.infer<typeof adminAutoOrdersResponse>;

/** The body of every order action: the operator's note for the audit log. */
export const orderActionRequest = z.object({ memo: requestText(200) });
export type OrderActionRequest = z.infer<typeof orderActionRequest>;

/** POST /admin/api/orders/:id/partial — `remains` undelivered units (checked by validatePartialRemains). */
export const orderPartialRequest = z.object({
  remains: z.number().int().min(-INT32_MAX).max(INT32_MAX),
  memo: requestText(200),
});
export type OrderPartialRequest = z.infer<typeof orderPartialRequest>;

export const orderActionResponse = z.object({
  order: adminOrderItem,
  /** False when the order was already where the action would take it: nothing was written. */
  changed: z.boolean(),
  /** Won given back to the member by this call. */
  refunded: z.number().int(),
});
export type OrderActionResponse = z.infer<typeof orderActionResponse>;

/**
 * POST /admin/api/orders/:id/cancel — an order its provider never got is cancelled and refunded here;
 * one its provider has is asked of it first (as a member's cancel), and the refund follows its status.
 * POST /admin/api/orders/:id/force-refund — 강제 환불: cancelled and refunded here whatever its provider
 * says, marked forced; its provider is also asked, best effort. Both report how asking went.
 */
export const orderCancelResponse = orderActionResponse.extend({
  provider: z.object({
    /** Whether the provider was asked (it had the order, and this call cancelled it). */
    asked: z.boolean(),
    /** Whether it agreed. */
    accepted: z.boolean(),
    /** What it answered when it did not. */
    error: z.string().nullable(),
  }),
});
export type OrderCancelResponse = z.infer<typeof orderCancelResponse>;

/** POST /admin/api/auto-orders/:id/cancel */
export const autoOrderCancelResponse = z.object({
  autoOrder: adminAutoOrderItem,
  changed: z.boolean(),
  refunded: z.number().int(),
});
export type AutoOrderCancelResponse = z.infer<typeof autoOrderCancelResponse>;

// ─── Refills (docs/product.md#refill-and-cancellation) ───────────────────────────────────────────────

/** GET /admin/api/refills?status&q&page&pageSize — every member's refills, newest first. */
export const adminRefillsQuery = z.object({
  status: queryInt(0, 3).optional(),
  /** A member's whole login id, or part of the order's link. */
  q: pathText(200).optional(),
  page: pageNumber,
  pageSize: queryInt(1, ADMIN_ORDER_PAGE_SIZE_MAX).optional().default(ADMIN_ORDER_PAGE_SIZE),
});
export type AdminRefillsQuery = z.infer<typeof adminRefillsQuery>;
export type AdminRefillsParams = z.input<typeof adminRefillsQuery>;

export const adminRefillItem = z.object({
  id: z.number().int(),
  /** RefillStatus (0 대기, 1 진행중, 2 완료, 3 거절) and its label. */
  status: z.number().int(),
  statusLabel: z.string(),
  /** The provider's reason for a rejection, the error that ended it, or the operator's reason. */
  reason: z.string().nullable(),
  providerRefillId: z.string().nullable(),
  /** Who asked: 'member' (site), 'api' or 'operator' (re-sent from the console). */
  source: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /** While set in the future a worker holds the refill: the console's actions wait. */
  leasedUntil: z.string().nullable(),
  order: z.object({
    id: z.number().int(),
    status: z.number().int(),
    serviceText: z.string(),
    link: z.string(),
    memberLoginId: z.string(),
    providerId: z.number().int().nullable(),
    providerName: z.string().nullable(),
    providerOrderId: z.string().nullable(),
  }),
});
export type AdminRefillItem = z.infer<typeof adminRefillItem>;
export const adminRefillsResponse = page(adminRefillItem);
export type AdminRefillsResponse = z.infer<typeof adminRefillsResponse>;

/** POST /admin/api/refills/:id/resend {memo} — back to PENDING, due now, attempts and reason cleared. */
export const refillResendRequest = orderActionRequest;
export type RefillResendRequest = z.infer<typeof refillResendRequest>;

/** POST /admin/api/refills/:id/reject {memo} — REJECTED with the memo as its reason (required). */
export const refillRejectRequest = z.object({ memo: requestText(200) });
export type RefillRejectRequest = z.infer<typeof refillRejectRequest>;

export const refillActionResponse = z.object({
  refill: adminRefillItem,
  /** False when the refill was already where the action would take it: nothing was written. */
  changed: z.boolean(),
});
export type RefillActionResponse = z.infer<typeof refillActionResponse>;
