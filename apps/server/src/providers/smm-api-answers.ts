import { cleanProviderLine } from '@smm/domain';
import { z } from 'zod';

/*
 * The shapes of the SMM API v2's answers as providers really send them (numbers as text, ids as
 * numbers or short text, several spellings of one answer), read leniently where the trade differs and
 * strictly where a wrong reading could move money; and the readers of a multi-status answer.
 */

/**
 * A count as providers send it: a number or a numeric string ("157"); empty or missing reads as null.
 * Fractions are cut off; a negative remains (some providers report over-delivery so) reads as 0.
 */
const lenientCount = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
    z.literal(''),
    z.null(),
    z.undefined(),
  ])
  .transform((v) => (v === null || v === undefined || v === '' ? null : Math.max(0, Math.trunc(Number(v)))))
  .refine((v) => v === null || Number.isSafeInteger(v), 'not a count');

/** An order id: a positive integer, as a number or a string; some providers use short text ids. */
const orderId = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/),
]);

export const errorAnswer = z.object({ error: z.string() });
export const addAnswer = z.object({ order: orderId });
/**
 * One order's status: the text in any spelling, or a numeric code as a number or text (read by
 * orderStatusFromProvider, docs/ARCHITECTURE.md#upstream-providers); counts as numbers or text.
 */
export const statusEntry = z.object({
  status: z.union([
    z.string().trim().min(1).max(50),
    z
      .number()
      .int()
      .nonnegative()
      .max(999)
      .transform((v) => String(v)),
  ]),
  start_count: lenientCount,
  remains: lenientCount,
});
/** One order's refusal inside a multi-status answer (`{ "2": { "error": "Incorrect order ID" } }`). */
export const statusError = z.object({ error: z.string().trim().min(1) });
/** Multi-status keyed by order id, as the API v2 answers it. */
const statusAnswer = z.record(z.string(), z.unknown());
/** Multi-status as a list naming each entry's order (some panels): `[{ "order": 1, "status": … }]`. */
const statusList = z.array(z.object({ order: orderId }).passthrough()).min(1);
export const cancelAnswer = z.array(
  z.object({
    order: orderId,
    cancel: z.union([z.literal(1), z.literal('1'), z.literal(true), errorAnswer]),
  }),
);
/** A refill id as providers send it: like an order id, a number or short text. */
const refillId = orderId;
/** `refill` answers one order with `{ refill }`, several with `[{ order, refill }]`; each refill may be `{ error }`. */
const refillValue = z.union([refillId, errorAnswer]);
export const refillOne = z.object({ refill: refillValue });
export const refillMany = z.array(z.object({ order: orderId, refill: refillValue }));
/**
 * `refill_status` answers one refill with `{ status }`, several with `[{ refill, status }]`; a `reason`
 * beside the status is kept when it is text (anything else there is ignored).
 */
const refillStatusValue = z.union([z.string().trim().min(1).max(50), errorAnswer]);
const refillReason = z.unknown().optional();
export const refillStatusOne = z.object({ status: refillStatusValue, reason: refillReason });
export const refillStatusMany = z.array(
  z.object({ refill: refillId, status: refillStatusValue, reason: refillReason }),
);
export const balanceAnswer = z.object({
  balance: z.union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ]),
  currency: z.string().trim().min(1).max(10),
});

/** A decimal as providers send it: a number or numeric text; kept as text so no float rounds it. */
const decimalText = z.union([
  z
    .number()
    .nonnegative()
    .transform((v) => String(v)),
  z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,12})?$/),
]);
const shortText = (max: number) =>
  z
    .union([z.string(), z.number()])
    // Cleaned here, where a provider's text enters: nothing that prints as nothing or turns text around
    // reaches the import, the sync or the console (docs/ARCHITECTURE.md#providers-are-untrusted).
    .transform((v) => cleanProviderLine(String(v)).slice(0, max))
    .optional()
    .transform((v) => v ?? '');
/**
 * A yes/no as providers send it: true/false, 1/0, or the same as text ("1", "true", "yes"); anything
 * else, or nothing, reads as false (a flag we cannot read promises nothing).
 */
const lenientFlag = z
  .unknown()
  .optional()
  .transform((v) => {
    if (v === true || v === 1) return true;
    if (typeof v !== 'string') return false;
    return ['1', 'true', 'yes'].includes(v.trim().toLowerCase());
  });
export const serviceEntry = z.object({
  service: z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/),
  ]),
  name: shortText(300),
  type: shortText(50),
  category: shortText(200),
  rate: decimalText,
  min: lenientCount,
  max: lenientCount,
  refill: lenientFlag,
  cancel: lenientFlag,
});
/** The most entries of a services list kept (a large panel sells a few thousand). */
export const MAX_SERVICES = 10_000;

/**
 * A multi-status answer's entries by order id: keyed by id (the API v2), a list naming each entry's
 * `order` (number or text), or — asked about one order — that order's entry alone, unkeyed. Undefined
 * for any other shape.
 */
export function statusesById(answer: unknown, ids: string[]): Map<string, unknown> | undefined {
  const list = statusList.safeParse(answer);
  if (list.success) {
    return new Map(list.data.map((entry) => [String(entry.order).trim(), entry as unknown]));
  }
  const keyed = statusAnswer.safeParse(answer);
  if (!keyed.success || Array.isArray(answer)) return undefined;
  const only = ids.length === 1 ? ids[0]! : undefined;
  if (only !== undefined && !Object.hasOwn(keyed.data, only) && statusEntry.safeParse(answer).success) {
    return new Map([[only, answer]]);
  }
  const byId = new Map<string, unknown>();
  for (const [key, entry] of Object.entries(keyed.data)) byId.set(key.trim(), entry);
  return byId;
}

/**
 * A status entry's `charge` as plain decimal text ('0.27819'), whether sent as a number or a string;
 * null when absent or not a plain non-negative decimal (the margin guard then has nothing to compare).
 */
export function billOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const charge = (entry as { charge?: unknown }).charge;
  const text = typeof charge === 'number' ? String(charge) : typeof charge === 'string' ? charge.trim() : '';
  return /^\d{1,15}(\.\d{1,12})?$/.test(text) ? text : null;
}
