import { z } from 'zod';

/*
 * The console's catalog sync (docs/product.md#operator-console): each provider's settings and last
 * run with its changes, the 지금 동기화 button's answer, and the operator's exchange rates.
 */

const syncValue = z.union([z.number(), z.boolean(), z.string(), z.null()]);

export const catalogSyncChange = z.object({
  serviceId: z.number().int(),
  serviceText: z.string(),
  /** A SyncField of packages/domain catalog-sync.ts: unitPriceMilli, min, max, refillDays … */
  field: z.string(),
  from: syncValue,
  to: syncValue,
  createdAt: z.string(),
});
export type CatalogSyncChange = z.infer<typeof catalogSyncChange>;

export const catalogSyncRun = z.object({
  id: z.number().int(),
  /**
   * 'running' | 'ok' | 'failed' | 'suspicious' (an empty list or most services gone at once: nothing
   * changed, `error` says why; the operator may apply it).
   */
  status: z.string(),
  /** 'schedule' | 'operator' */
  trigger: z.string(),
  error: z.string().nullable(),
  currency: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  unmappedIds: z.array(z.string()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  changes: z.array(catalogSyncChange),
});
export type CatalogSyncRun = z.infer<typeof catalogSyncRun>;

/** Runs per provider the report shows: the last one and the ones before it (its history). */
export const SYNC_RUN_HISTORY = 10;
/** Changes shown of each earlier run (the last run shows all); `changeCount` says how many it made. */
export const SYNC_HISTORY_CHANGES = 20;

/** An earlier run: its first SYNC_HISTORY_CHANGES changes and how many it made. */
export const catalogSyncPastRun = catalogSyncRun.extend({ changeCount: z.number().int() });
export type CatalogSyncPastRun = z.infer<typeof catalogSyncPastRun>;

export const catalogSyncProvider = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  /** Minutes between scheduled syncs; 0 = only on demand. */
  syncIntervalMinutes: z.number().int(),
  /** null: as the provider's balance answer says. */
  currency: z.string().nullable(),
  syncReenable: z.boolean(),
  marginGuard: z.enum(['disable', 'reprice']),
  lastSyncAt: z.string().nullable(),
  /** The built-in simulated provider (the demo's), whose listing the console can change. */
  simulated: z.boolean(),
  run: catalogSyncRun.nullable(),
  /** The runs before `run`, newest first (up to SYNC_RUN_HISTORY − 1). */
  history: z.array(catalogSyncPastRun),
});
export type CatalogSyncProvider = z.infer<typeof catalogSyncProvider>;

export const exchangeRateEntry = z.object({
  currency: z.string(),
  /** Won per one unit of the currency, decimal text. */
  wonPerUnit: z.string(),
  setAt: z.string(),
});
export type ExchangeRateEntry = z.infer<typeof exchangeRateEntry>;

/** GET /admin/api/catalogue-sync */
export const catalogSyncResponse = z.object({
  providers: z.array(catalogSyncProvider),
  exchangeRates: z.array(exchangeRateEntry),
});
export type CatalogSyncResponse = z.infer<typeof catalogSyncResponse>;

/** POST /admin/api/providers/:id/sync and …/sync/apply (apply a listing held as suspicious). */
export const syncNowResponse = z.object({
  /**
   * 'busy': another sync of this provider is running; nothing was done. 'suspicious': the listing
   * looked like a provider fault; nothing was changed (`error` says why).
   */
  status: z.enum(['ok', 'failed', 'busy', 'suspicious']),
  /** ok: services changed; of them, `stopped` made unorderable and `resumed` orderable again. */
  changes: z.number().int().optional(),
  stopped: z.number().int().optional(),
  resumed: z.number().int().optional(),
  /** ok: the provider's services no service of ours is mapped to yet (new upstream, to import). */
  unmapped: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type SyncNowResponse = z.infer<typeof syncNowResponse>;

/** PUT /admin/api/providers/:id/sync-settings */
export const syncSettingsRequest = z.object({
  syncIntervalMinutes: z.number().int().min(0).max(10_080),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  syncReenable: z.boolean(),
  marginGuard: z.enum(['disable', 'reprice']),
});
export type SyncSettingsRequest = z.infer<typeof syncSettingsRequest>;

/** PUT /admin/api/exchange-rates */
export const exchangeRateRequest = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  wonPerUnit: z.string().max(30),
});
export type ExchangeRateRequest = z.infer<typeof exchangeRateRequest>;

/**
 * PUT /admin/api/simulated-provider/listing/:id — the demo's control of the built-in simulated provider
 * (docs/ARCHITECTURE.md#catalog-sync): list service :id at another rate, drop it, or restore it.
 */
export const simulatedListingRequest = z.object({
  /**
   * rate / drop / restore: service :id. empty: list nothing; lose-most: drop every service but :id;
   * restore-all: undo those and every change; currency: answer `balance` in `currency` (KRW = as shipped).
   */
  action: z.enum(['rate', 'drop', 'restore', 'empty', 'lose-most', 'restore-all', 'currency']),
  rate: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,12})?$/)
    .optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type SimulatedListingRequest = z.infer<typeof simulatedListingRequest>;
