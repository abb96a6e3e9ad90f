import { z } from 'zod';

/** GET /service/register-where — docs/product.md#data-shapes. */
export const registerWhere = z.object({ id: z.number().int(), text: z.string() });
export type RegisterWhere = z.infer<typeof registerWhere>;
export const registerWheresResponse = z.array(registerWhere);

/**
 * GET /service/notices — docs/product.md#data-shapes: pinned first; bgColor only when an operator chose one.
 */
export const notice = z.object({
  id: z.number().int(),
  content: z.string(),
  isTop: z.boolean(),
  bgColor: z.string().nullable(),
});
export type Notice = z.infer<typeof notice>;
export const noticesResponse = z.array(notice);

/** GET /service/qnas — docs/product.md#data-shapes. */
export const qna = z.object({ title: z.string(), answer: z.string() });
export type Qna = z.infer<typeof qna>;
export const qnasResponse = z.array(qna);

/** GET /service/popup — docs/product.md#data-shapes. */
export const popup = z.object({ id: z.number().int(), enabled: z.boolean(), imageUrl: z.string() });
export type Popup = z.infer<typeof popup>;
export const popupsResponse = z.array(popup);
