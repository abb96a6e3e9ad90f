import { z } from 'zod';
import { pathText, requestText } from './common';

/**
 * POST /admin/api/members/:loginId/point-adjustments — an operator's manual balance change through the
 * ledger, with a mandatory reason (checked by validatePointAdjustment for its Korean message).
 */
/** `:loginId` of an operator URL naming a member. */
export const memberPathParams = z.object({ loginId: pathText() });

export const pointAdjustmentRequest = z.object({ delta: z.number(), memo: requestText(200) });
export type PointAdjustmentRequest = z.infer<typeof pointAdjustmentRequest>;
export const pointAdjustmentResponse = z.object({
  adjustmentId: z.number().int(),
  balance: z.number().int(),
});
export type PointAdjustmentResponse = z.infer<typeof pointAdjustmentResponse>;
