import { z } from 'zod';

/** GET /service/settings — the keys of docs/product.md#site-settings, values as strings. */
export const settingEntry = z.object({ key: z.string(), value: z.string() });
export const settingsResponse = z.array(settingEntry);
export type SettingsResponse = z.infer<typeof settingsResponse>;
