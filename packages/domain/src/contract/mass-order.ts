import { z } from 'zod';
import { MASS_ORDER_MAX_TEXT } from '../mass-order';
import { requestText } from './common';

/**
 * POST /service/mass-order — docs/product.md#mass-order. `text`: the pasted lines, parsed and checked by
 * packages/domain mass-order.ts (each line's Korean message in the answer, not a 400). `preview`: check
 * and price every line, place nothing. An optional `Idempotency-Key` header makes a second press answer
 * with the first result.
 */
export const massOrderRequest = z.object({
  text: requestText(MASS_ORDER_MAX_TEXT),
  preview: z.boolean().optional().default(false),
});
export type MassOrderRequest = z.infer<typeof massOrderRequest>;

/** One pasted line: its order (placed: `orderId`) or why it cannot be ordered (`error`). */
export const massOrderLine = z.object({
  /** 1-based, blank lines counted: the line's number in the pasted text. */
  line: z.number().int(),
  text: z.string(),
  serviceId: z.number().int().nullable(),
  link: z.string().nullable(),
  /** The quantity ordered (a drip-feed line: per run); null for a refused line. */
  amount: z.number().int().nullable(),
  autoOrder: z.boolean(),
  /** Won (a drip-feed line: all runs); null for a refused line. */
  cost: z.number().int().nullable(),
  /** The order's id (a drip-feed line: the auto-order's); null before placing and for a refused line. */
  orderId: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type MassOrderLine = z.infer<typeof massOrderLine>;

export const massOrderResponse = z.object({
  /** False for a preview: nothing was placed. */
  placed: z.boolean(),
  lines: z.array(massOrderLine),
  /** Won of the lines without an error (placed: what was debited). */
  totalCost: z.number().int(),
});
export type MassOrderResponse = z.infer<typeof massOrderResponse>;
