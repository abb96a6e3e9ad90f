import { z } from 'zod';
import { REFILL_STATUS_TEXTS, REST_STATUS_TEXTS, V2_STATUS_TEXTS } from '../public-api';
import { SERVICE_TYPES } from '../service-types';
import { requestText } from './common';
import { orderComments } from './orders';

const INT32_MAX = 2_147_483_647;

/** POST /auth/api-key — a new key, shown in full in this answer only (stored as its SHA-256). */
export const apiKeyResponse = z.object({ apiKey: z.string() });
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;

// ─── REST (docs/product.md#public-api): base <site>/api, header `api-key` ──────────────────────────

/**
 * GET /api/services — {id, min, max, text}, plus the unit price, category and refill/cancel terms
 * (docs/product.md#public-api, docs/product.md#refill-and-cancellation).
 */
export const publicService = z.object({
  id: z.number().int(),
  text: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  /** Won per unit (fractions allowed, e.g. 0.35); an order costs price × amount, rounded up. */
  price: z.number(),
  category: z.string(),
  /** A refill may be asked for (refillDays > 0). */
  refill: z.boolean(),
  /** Days after the order finished a refill may be asked for; 0 = no refill. */
  refillDays: z.number().int(),
  /** An open order of it may be cancelled. */
  cancel: z.boolean(),
  /**
   * docs/product.md#service-types: `default` takes `amount`; `custom_comments` takes `comments` (one a
   * line; the amount is their count); `package` a fixed amount (min = max) that may be left out.
   */
  type: z.enum(SERVICE_TYPES),
});
export type PublicService = z.infer<typeof publicService>;
export const publicServicesResponse = z.array(publicService);
export type PublicServicesResponse = z.infer<typeof publicServicesResponse>;

/** POST /api/order — the same rules, debit and ledger as an order on the site. */
export const publicOrderRequest = z.object({
  serviceId: z.number().int().min(1).max(INT32_MAX),
  link: requestText(2000),
  /** Left out for Custom Comments (the number of lines) and Package (its fixed amount). */
  amount: z.number().optional(),
  /** Custom Comments only: the comments, one a line. */
  comments: orderComments.optional(),
});
export type PublicOrderRequest = z.infer<typeof publicOrderRequest>;
export const publicOrderResponse = z.object({ wId: z.number().int() });
export type PublicOrderResponse = z.infer<typeof publicOrderResponse>;

/** GET /api/status/{wId} — the caller's own order (or auto-order); any other id is 404. */
/** A path id: 1 … 2^31−1 in plain digits (anything else is 400). */
const pathId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((n) => n >= 1 && n <= INT32_MAX);
export const publicStatusParams = z.object({ wId: pathId });
export const publicStatusResponse = z.object({
  status: z.enum(REST_STATUS_TEXTS),
  /** Units not yet delivered. */
  remains: z.number().int(),
});
export type PublicStatusResponse = z.infer<typeof publicStatusResponse>;

/**
 * POST /api/refill/{wId} (a refill of the caller's own finished order, docs/product.md#refill-and-cancellation)
 * and GET /api/refill/{refillId} (one of the caller's refills): the refill in the trade's words.
 */
export const publicRefillParams = z.object({ wId: pathId });
export const publicRefillStatusParams = z.object({ refillId: pathId });
export const publicRefillResponse = z.object({
  /** The refill's id, for GET /api/refill/{refillId}. */
  refill: z.number().int(),
  wId: z.number().int(),
  status: z.enum(REFILL_STATUS_TEXTS),
  /** The provider's reason when Rejected, else null. */
  reason: z.string().nullable(),
});
export type PublicRefillResponse = z.infer<typeof publicRefillResponse>;

/**
 * POST /api/cancel/{wId} — `cancelled`: not yet at its provider (or an auto-order's runs not yet
 * placed), refunded now (`refunded` won); `requested`: its provider was asked, the refund follows its
 * Canceled or Partial status. `message` is the site's Korean sentence.
 */
export const publicCancelParams = z.object({ wId: pathId });
export const publicCancelResponse = z.object({
  wId: z.number().int(),
  outcome: z.enum(['cancelled', 'requested']),
  refunded: z.number().int(),
  message: z.string(),
});
export type PublicCancelResponse = z.infer<typeof publicCancelResponse>;

// ─── SMM API v2: POST /api/v2 (form-encoded; JSON or a GET query also accepted) ─────────────────────

/**
 * Every parameter of every action; which are needed depends on `action`. Form fields arrive as
 * strings, JSON may carry numbers: both are read as text and checked per action. Control characters
 * are refused outright (→ `Incorrect request`).
 */
const v2Field = z
  .union([z.string().max(2000), z.number()])
  .transform(String)
  .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'control characters')
  .optional();
export const V2_ACTIONS = [
  'services',
  'add',
  'status',
  'balance',
  'cancel',
  'refill',
  'refill_status',
] as const;
export const v2Params = z.object({
  key: v2Field,
  action: v2Field,
  service: v2Field,
  link: v2Field,
  quantity: v2Field,
  runs: v2Field,
  interval: v2Field,
  order: v2Field,
  orders: v2Field,
  refill: v2Field,
  refills: v2Field,
  /** Custom Comments: one a line (line breaks allowed, so longer than the other fields). */
  comments: z
    .union([orderComments, z.number()])
    .transform(String)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'control characters')
    .optional(),
});
export type V2Params = z.infer<typeof v2Params>;

export const v2Error = z.object({ error: z.string() });
export type V2Error = z.infer<typeof v2Error>;

export const v2Service = z.object({
  service: z.number().int(),
  name: z.string(),
  /** docs/product.md#service-types: 'Default', 'Custom Comments' (send `comments`) or 'Package' (no quantity). */
  type: z.enum(['Default', 'Custom Comments', 'Package']),
  category: z.string(),
  /** Won per 1,000 units, e.g. '900.00'. */
  rate: z.string(),
  min: z.string(),
  max: z.string(),
  refill: z.boolean(),
  cancel: z.boolean(),
  /** Whether `runs` and `interval` (our auto-order) are accepted. */
  dripfeed: z.boolean(),
});
export type V2Service = z.infer<typeof v2Service>;
export const v2ServicesResponse = z.array(v2Service);

export const v2AddResponse = z.object({ order: z.number().int() });

export const v2OrderStatus = z.object({
  charge: z.string(),
  start_count: z.string(),
  status: z.enum(V2_STATUS_TEXTS),
  remains: z.string(),
  currency: z.literal('KRW'),
});
export type V2OrderStatus = z.infer<typeof v2OrderStatus>;
/** `orders=1,2,3` → keyed by each id as sent. */
export const v2MultiStatusResponse = z.record(z.string(), z.union([v2OrderStatus, v2Error]));

export const v2BalanceResponse = z.object({ balance: z.string(), currency: z.literal('KRW') });

export const v2CancelResponse = z.array(
  z.object({ order: z.number().int(), cancel: z.union([z.literal(1), v2Error]) }),
);

/** `refill` with one `order`: the refill's id, as a string (the trade's way). */
export const v2RefillResponse = z.object({ refill: z.string() });
/** `refill` with `orders=1,2`: one entry per order id, the refill's id or why not. */
export const v2MultiRefillResponse = z.array(
  z.object({ order: z.number().int(), refill: z.union([z.number().int(), v2Error]) }),
);
export const v2RefillStatusResponse = z.object({ status: z.enum(REFILL_STATUS_TEXTS) });
/** `refill_status` with `refills=7,9`: one entry per refill id. */
export const v2MultiRefillStatusResponse = z.array(
  z.object({ refill: z.number().int(), status: z.union([z.enum(REFILL_STATUS_TEXTS), v2Error]) }),
);

/** Everything /api/v2 can answer (HTTP 200 in every case but a rate limit's 429). */
export const v2Response = z.union([
  v2Error,
  v2ServicesResponse,
  v2AddResponse,
  v2OrderStatus,
  v2BalanceResponse,
  v2CancelResponse,
  v2RefillResponse,
  v2MultiRefillResponse,
  v2RefillStatusResponse,
  v2MultiRefillStatusResponse,
  v2MultiStatusResponse,
]);
export type V2Response = z.infer<typeof v2Response>;
