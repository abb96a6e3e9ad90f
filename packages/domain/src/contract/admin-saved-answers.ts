import { z } from 'zod';
import { requestText } from './common';

/**
 * The console's 자주 쓰는 답변 calls (docs/product.md#inquiries). Text limits here are only a hard ceiling
 * against abuse; the precise rules and their Korean messages are the domain's (validateSavedAnswer), run
 * by the form and the server alike.
 */

export const adminSavedAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  updatedAt: z.string(),
});
export type AdminSavedAnswer = z.infer<typeof adminSavedAnswer>;
export const adminSavedAnswersResponse = z.array(adminSavedAnswer);

/** POST /admin/api/saved-answers and PUT /admin/api/saved-answers/:id. */
export const savedAnswerRequest = z.object({ title: requestText(2_000), text: requestText(20_000) });
export type SavedAnswerRequest = z.input<typeof savedAnswerRequest>;
export const savedAnswerResponse = z.object({ savedAnswer: adminSavedAnswer, changed: z.boolean() });
export type SavedAnswerResponse = z.infer<typeof savedAnswerResponse>;
