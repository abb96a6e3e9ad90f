import { z } from 'zod';
import { SERVER_VARIABLES } from '../admin-settings';
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

/**
 * GET /admin/api/settings — every setting (docs/product.md#site-settings) with its kind (the console's form).
 */
export const adminSetting = z.object({
  key: z.string(),
  value: z.string(),
  kind: z.enum(['flag', 'text', 'color', 'numberList', 'enum', 'url']),
  choices: z.array(z.string()),
});
export type AdminSetting = z.infer<typeof adminSetting>;
export const adminSettingsResponse = z.array(adminSetting);

/**
 * GET /admin/api/settings/config-status — each setting that depends on server configuration
 * (SETTING_SERVER_NEEDS) with the server variables it needs that this server lacks (empty: it works).
 * Names only, from a closed list: a variable's value never leaves the server.
 */
export const settingConfigStatus = z.object({ key: z.string(), missing: z.array(z.enum(SERVER_VARIABLES)) });
export type SettingConfigStatus = z.infer<typeof settingConfigStatus>;
export const settingsConfigStatusResponse = z.array(settingConfigStatus);

/** PUT /admin/api/settings/:key — one value, checked by validateSettingValue; audited. */
export const settingPathParams = z.object({ key: pathText(64) });
export const settingUpdateRequest = z.object({ value: z.string().max(2000) });
export type SettingUpdateRequest = z.infer<typeof settingUpdateRequest>;
export const settingUpdateResponse = z.object({ key: z.string(), value: z.string(), changed: z.boolean() });
export type SettingUpdateResponse = z.infer<typeof settingUpdateResponse>;
