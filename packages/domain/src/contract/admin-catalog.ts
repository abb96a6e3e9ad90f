import { z } from 'zod';
import { PINNABLE_FIELDS } from '../catalog-sync';
import { SERVICE_TYPES } from '../service-types';
import { requestText } from './common';

/**
 * The console's catalog calls (/admin/api/providers, platforms, categories, services). Numbers a rule
 * judges (price, min, max, markup) are loose here so the rule in admin-catalog.ts answers with its
 * Korean message; ids are bounded to the database's integer so nothing past it reaches a query.
 */
const rowId = z.number().int().min(1).max(2_147_483_647);
const looseNumber = z.number();

/** `:id` of a provider, platform, category or service in an operator URL. */
export const catalogIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** PUT …/order — the whole list in its new order (exactly the current ids, else 400). */
export const catalogReorderRequest = z.object({ ids: z.array(rowId).max(2000) });
export const catalogReorderResponse = z.object({ ids: z.array(z.number().int()), changed: z.boolean() });
export type CatalogReorderResponse = z.infer<typeof catalogReorderResponse>;

export const catalogDeleteResponse = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type CatalogDeleteResponse = z.infer<typeof catalogDeleteResponse>;

// ── Providers ────────────────────────────────────────────────────────────────────────────────────────

/** A provider as the console shows it: the key only masked (first 4 … last 4). */
export const adminProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  apiUrl: z.string(),
  maskedKey: z.string(),
  enabled: z.boolean(),
  /** 신규 주문 전송 중지 (docs/product.md#operator-console): new orders wait or go to a failover. */
  sendingPaused: z.boolean(),
  /** 동시 호출 수: calls in flight to it from each server process; null = the default (4). */
  maxConcurrency: z.number().int().nullable(),
  serviceCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminProvider = z.infer<typeof adminProvider>;
export const adminProvidersResponse = z.array(adminProvider);

/**
 * POST /admin/api/providers (key required) and PUT /admin/api/providers/:id (blank key: keep it).
 * `maxConcurrency` null: the default; absent: as it was (none on a new one).
 */
export const providerRequest = z.object({
  name: requestText(200),
  apiUrl: requestText(500),
  apiKey: requestText(500),
  maxConcurrency: looseNumber.nullable().optional(),
});
export type ProviderRequest = z.infer<typeof providerRequest>;
export const providerMutationResponse = z.object({ provider: adminProvider, changed: z.boolean() });
export type ProviderMutationResponse = z.infer<typeof providerMutationResponse>;

/** POST /admin/api/providers/:id/balance-check — the provider's own answer. */
export const providerBalanceResponse = z.object({ balance: z.string(), currency: z.string() });
export type ProviderBalanceResponse = z.infer<typeof providerBalanceResponse>;

/**
 * GET /admin/api/providers/:id/services — the provider's `action=services` list as it answered it
 * (rate: its price per 1,000 as text), with the categories where we already sell each one.
 */
export const providerServiceItem = z.object({
  service: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  rate: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  /** The provider's `refill` and `cancel` (absent: false): an import gives 30 days and cancellable. */
  refill: z.boolean(),
  cancel: z.boolean(),
  importedCategoryIds: z.array(z.number().int()),
});
export type ProviderServiceItem = z.infer<typeof providerServiceItem>;
export const providerServicesResponse = z.array(providerServiceItem);
export type ProviderServicesResponse = z.infer<typeof providerServicesResponse>;

/**
 * POST /admin/api/providers/:id/import — price = rate × (1 + markup/100), rounded up to a milli-won;
 * `markupPercent` an integer 0–1000.
 */
export const providerImportRequest = z.object({
  categoryId: rowId,
  markupPercent: looseNumber,
  /** Shown to members at once (default), or added hidden for a look first. */
  visible: z.boolean().optional().default(true),
  items: z
    .array(
      z.object({
        providerServiceId: requestText(64),
        text: requestText(200).optional(),
      }),
    )
    .max(2000),
});
export type ProviderImportRequest = z.input<typeof providerImportRequest>;
export const providerImportResponse = z.object({
  created: z.array(z.object({ providerServiceId: z.string(), serviceId: z.number().int() })),
  skipped: z.array(z.object({ providerServiceId: z.string(), reason: z.string() })),
});
export type ProviderImportResponse = z.infer<typeof providerImportResponse>;

// ── Platforms ────────────────────────────────────────────────────────────────────────────────────────

export const adminPlatform = z.object({
  id: z.number().int(),
  text: z.string(),
  visible: z.boolean(),
  bgColor: z.string(),
  sortOrder: z.number().int(),
  categoryCount: z.number().int(),
});
export type AdminPlatform = z.infer<typeof adminPlatform>;
export const adminPlatformsResponse = z.array(adminPlatform);

export const platformRequest = z.object({
  text: requestText(200),
  visible: z.boolean().optional().default(true),
  bgColor: requestText(20),
});
export type PlatformRequest = z.input<typeof platformRequest>;
export const platformMutationResponse = z.object({ platform: adminPlatform, changed: z.boolean() });
export type PlatformMutationResponse = z.infer<typeof platformMutationResponse>;

// ── Categories ───────────────────────────────────────────────────────────────────────────────────────

export const adminCategory = z.object({
  id: z.number().int(),
  platformId: z.number().int(),
  platformText: z.string(),
  text: z.string(),
  sortOrder: z.number().int(),
  serviceCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoriesResponse = z.array(adminCategory);

/** Moving a category to another platform puts it last there. */
export const categoryRequest = z.object({ platformId: rowId, text: requestText(200) });
export type CategoryRequest = z.infer<typeof categoryRequest>;
export const categoryMutationResponse = z.object({ category: adminCategory, changed: z.boolean() });
export type CategoryMutationResponse = z.infer<typeof categoryMutationResponse>;

// ── Services ─────────────────────────────────────────────────────────────────────────────────────────

export const adminService = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryText: z.string(),
  platformId: z.number().int(),
  platformText: z.string(),
  text: z.string(),
  /** Thousandths of a won per unit (0.3 원 = 300). */
  unitPriceMilli: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  notice: z.string(),
  /** Days after an order finished a member may ask for a refill; 0 = no refill. */
  refillDays: z.number().int(),
  /** Whether a member may cancel an open order of it (docs/product.md#refill-and-cancellation). */
  cancellable: z.boolean(),
  /** docs/product.md#service-types. */
  type: z.enum(SERVICE_TYPES),
  enableAuto: z.boolean(),
  isReadOnly: z.boolean(),
  visible: z.boolean(),
  providerId: z.number().int().nullable(),
  providerName: z.string().nullable(),
  providerServiceId: z.string().nullable(),
  sortOrder: z.number().int(),
  /** Catalog sync (docs/product.md#operator-console): the markup it follows its provider's rate at. */
  markupPercent: z.number().int().nullable(),
  /** The operator set the price by hand: the sync keeps it. */
  pricePinned: z.boolean(),
  /** The other terms the operator set by hand ('min' | 'max' | 'refillDays' | 'cancellable'): the sync keeps them. */
  pinnedFields: z.array(z.enum(PINNABLE_FIELDS)).optional(),
  /** Why the sync stopped orders of it ('vanished' | 'margin'), or null. */
  syncDisabled: z.string().nullable(),
  /** 대체 공급사: where a new order goes while its provider's sending is paused (and its service id there). */
  failoverProviderId: z.number().int().nullable(),
  failoverProviderName: z.string().nullable(),
  failoverProviderServiceId: z.string().nullable(),
  /**
   * One unit's cost at the failover in milli-won, read from its services list when saved (null: not
   * known), and whether the operator confirmed sending there at a loss (docs/ARCHITECTURE.md#provider-health).
   */
  failoverUnitCostMilli: z.number().int().nullable().optional(),
  failoverLossConfirmed: z.boolean().optional(),
});
export type AdminService = z.infer<typeof adminService>;
export const adminServicesResponse = z.array(adminService);

/**
 * POST /admin/api/services and PUT /admin/api/services/:id. The price travels as `unitPriceMilli`
 * (the form takes won with up to 3 decimals and converts with parseUnitPriceMilli). A service moved to
 * another category goes last there. `providerServiceId` '' with `providerId` null: no provider.
 */
export const serviceRequest = z.object({
  categoryId: rowId,
  text: requestText(200),
  unitPriceMilli: looseNumber,
  min: looseNumber,
  max: looseNumber,
  notice: requestText(4000),
  /** Whole days 0–365 (0 = no refill); judged by validateServiceInput. Absent: 0. */
  refillDays: looseNumber.optional().default(0),
  cancellable: z.boolean().optional().default(false),
  /** Absent: default. Package needs min = max; only default may enable auto-orders (validateServiceInput). */
  type: z.enum(SERVICE_TYPES).optional().default('default'),
  enableAuto: z.boolean().optional().default(false),
  isReadOnly: z.boolean().optional().default(false),
  visible: z.boolean().optional().default(true),
  providerId: rowId.nullable().optional().default(null),
  providerServiceId: requestText(100),
  /**
   * Absent: pinned when the price differs from the stored one (a hand edit), else as it was; false
   * clears the pin so the catalog sync follows the provider again (docs/product.md#operator-console).
   */
  pricePinned: z.boolean().optional(),
  /**
   * Terms to unpin (공급사 값 따르기): the sync follows the provider's value again. A term the save
   * changes and that is not named here is pinned (docs/product.md#operator-console).
   */
  followProvider: z.array(z.enum(PINNABLE_FIELDS)).max(PINNABLE_FIELDS.length).optional(),
  /** 대체 공급사 and its service id: both or neither, another existing provider (validateServiceInput). */
  failoverProviderId: rowId.nullable().optional().default(null),
  failoverProviderServiceId: requestText(100),
  /**
   * The operator's explicit yes to sending orders to the failover even where it costs more than the
   * member paid (an order is otherwise left waiting). Absent: false.
   */
  failoverLossConfirmed: z.boolean().optional().default(false),
  /**
   * The operator's yes, for this save only, to a price below its provider's unit cost (or its
   * failover's): without it such a save is refused with CATALOG_BELOW_COST; with it the audit entry
   * records the loss (packages/domain price-guard.ts). Absent: false.
   */
  lossConfirmed: z.boolean().optional().default(false),
});
export type ServiceRequest = z.input<typeof serviceRequest>;
export const serviceMutationResponse = z.object({ service: adminService, changed: z.boolean() });
export type ServiceMutationResponse = z.infer<typeof serviceMutationResponse>;
