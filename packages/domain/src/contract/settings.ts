import { z } from 'zod';

/** GET /service/settings — the keys of SPEC.md §3, values as strings. */
export const settingEntry = z.object({ key: z.string(), value: z.string() });
export const settingsResponse = z.array(settingEntry);
export type SettingsResponse = z.infer<typeof settingsResponse>;
