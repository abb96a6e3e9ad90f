import { z } from 'zod';
import { SERVICE_TYPES } from '../service-types';

/** GET /service/platforms — docs/product.md#data-shapes. */
export const platform = z.object({
  id: z.number().int(),
  text: z.string(),
  visible: z.boolean(),
  bgColor: z.string(),
});
export type Platform = z.infer<typeof platform>;
export const platformsResponse = z.array(platform);

/** GET /service/categorys — docs/product.md#data-shapes: `platform` is the platform's id. */
export const category = z.object({ id: z.number().int(), platform: z.number().int(), text: z.string() });
export type Category = z.infer<typeof category>;
export const categoriesResponse = z.array(category);

/**
 * GET /service/services — docs/product.md#data-shapes: `point` is the unit price in won (fractions allowed,
 * e.g. 0.35); `unitPriceMilli` is the same price exactly, in thousandths of a won, for arithmetic.
 */
export const service = z.object({
  id: z.number().int(),
  text: z.string(),
  point: z.number(),
  unitPriceMilli: z.number().int(),
  categoryId: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  notice: z.string(),
  enableAuto: z.boolean(),
  isReadOnly: z.boolean(),
  /** Days after completion a refill may be asked for; 0 = no refill (docs/product.md#refill-and-cancellation). */
  refillDays: z.number().int(),
  /** A member may cancel an open order of it. */
  cancellable: z.boolean(),
  /**
   * docs/product.md#service-types: `custom_comments` takes the comments (one a line; the quantity is
   * their count), `package` a fixed quantity (min = max); `default` a quantity between min and max.
   */
  type: z.enum(SERVICE_TYPES),
  /**
   * The list price in thousandths of a won, present only when the signed-in member pays another
   * (their grade or own rate: docs/product.md#member-grades-and-custom-rates), so the form can show both.
   */
  listUnitPriceMilli: z.number().int().optional(),
});
export type Service = z.infer<typeof service>;
export const servicesResponse = z.array(service);
