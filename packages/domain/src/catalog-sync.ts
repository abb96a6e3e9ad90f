/**
 * Catalog sync (docs/ARCHITECTURE.md#catalog-sync, docs/product.md#operator-console): what changes
 * on one of our services given what its upstream provider lists for it now. Pure, so the server's sync
 * and these rules' tests share one decision.
 *
 * Money is exact: a provider's `rate` (price per 1,000 units in its currency, decimal text) and the
 * operator's exchange rate (won per unit of that currency, decimal text) are multiplied as BigInt
 * fractions; the sale price is rounded up to a whole milli-won, so neither the conversion nor the
 * markup ever sells below cost.
 */
import { SERVICE_MAX_QUANTITY, SERVICE_MAX_UNIT_PRICE_MILLI, MARKUP_PERCENT_MAX } from './admin-catalog';
import { DEFAULT_REFILL_DAYS } from './refill-rules';
import { COMMENTS_MAX_LINES, serviceTypeOfProviderType, type ServiceType } from './service-types';

/** Why the sync made a service unorderable; null when it did not (the operator's own choice is kept). */
export type SyncDisabledReason = 'vanished' | 'margin';

/** What the margin guard does to a service whose cost rose above its price. */
export type MarginGuardMode = 'disable' | 'reprice';
export const MARGIN_GUARD_MODES: readonly MarginGuardMode[] = ['disable', 'reprice'];

export interface SyncedServiceState {
  unitPriceMilli: number;
  min: number;
  max: number;
  refillDays: number;
  cancellable: boolean;
  /** Unorderable (members see it, cannot order it). */
  isReadOnly: boolean;
  /** Set when the sync made it read-only, so only such a service is re-enabled by the sync. */
  syncDisabled: SyncDisabledReason | null;
}

export interface SyncServiceInput extends SyncedServiceState {
  type: ServiceType;
  /** The markup the service follows its provider's rate at; null = priced by hand, price not followed. */
  markupPercent: number | null;
  /** The operator set the price by hand: the sync keeps it (the margin guard still applies). */
  pricePinned: boolean;
  /** Terms the operator set by hand: the sync keeps them, narrowing only (see decideServiceSync). */
  pinnedFields?: readonly PinnableField[];
}

/**
 * The terms besides the price an operator's hand edit pins (docs/product.md#operator-console): the
 * service form's save pins each one it changed, and 공급사 값 따르기 unpins it.
 */
export const PINNABLE_FIELDS = ['min', 'max', 'refillDays', 'cancellable'] as const;
export type PinnableField = (typeof PINNABLE_FIELDS)[number];
export const isPinnableField = (field: string): field is PinnableField =>
  (PINNABLE_FIELDS as readonly string[]).includes(field);

/** The pinned fields of a stored value (a JSON array), each known one once, in PINNABLE_FIELDS order. */
export function pinnedFieldsOf(value: unknown): PinnableField[] {
  const given = Array.isArray(value) ? value : [];
  return PINNABLE_FIELDS.filter((field) => given.includes(field));
}

export interface UpstreamServiceEntry {
  rate: string;
  type: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
}

export interface SyncOptions {
  /** Won per one unit of the provider's currency as decimal text; '1' (or null) for a provider in KRW. */
  exchangeRate: string | null;
  /** Re-enable a service the sync disabled once its upstream service is back (and above cost). */
  reenable: boolean;
  marginGuard: MarginGuardMode;
}

export type SyncField = keyof SyncedServiceState;

export interface SyncChange {
  field: SyncField;
  from: number | boolean | string | null;
  to: number | boolean | string | null;
}

export interface SyncDecision {
  next: SyncedServiceState;
  changes: SyncChange[];
  /** The upstream cost per unit is above the price (before the guard acted). */
  belowCost: boolean;
}

/**
 * The sale price at `markupPercent` of a provider's `rate` in its currency at `exchangeRate` (won per
 * unit; null = KRW): the one conversion both the import and the sync use. Null when unusable.
 */
export function providerPriceMilli(
  rate: string,
  exchangeRate: string | null,
  markupPercent: number,
): number | null {
  const cost = upstreamUnitCostMilli(rate, exchangeRate);
  if (!cost || cost.num === 0n) return null;
  return priceAtMarkup(cost, markupPercent);
}

/** Why a provider in a foreign currency cannot be priced: its exchange rate is not set. */
export function exchangeRateMissingMessage(currency: string): string {
  return `공급사 통화가 ${currency}입니다. 동기화 화면에서 ${currency} 환율을 먼저 설정해주세요.`;
}

/**
 * A failed sync's error as the operator reads it: in Korean. A provider call's technical line
 * (`services: no answer within 15000 ms`, `services: HTTP 502`, `services: refused: Invalid key`)
 * gets a Korean sentence, the line kept after it in parentheses for whoever looks further; a message
 * already in Korean (the exchange-rate one) is shown as it is.
 */
export function syncErrorText(error: string): string {
  const line = error.trim();
  if (/[가-힣]/.test(line)) return line;
  const said = (korean: string) => (line ? `${korean} (${line})` : korean);
  if (/no answer within/.test(line)) return said('공급사가 제한 시간 안에 응답하지 않았습니다.');
  if (/connection failed/.test(line)) return said('공급사에 연결하지 못했습니다.');
  if (/private or local address/.test(line)) return said('공급사 주소가 내부 주소를 가리킵니다.');
  if (/refused:/.test(line)) return said('공급사가 요청을 거절했습니다.');
  if (/HTTP \d{3}/.test(line)) return said('공급사가 오류로 응답했습니다.');
  if (line === 'abandoned') return '이전 동기화가 끝나지 못하고 중단되었습니다.';
  if (line === 'internal error') return '서버 오류로 동기화하지 못했습니다.';
  return said('공급사의 상품 목록을 가져오지 못했습니다.');
}

/**
 * A listing that looks like the provider's fault rather than its catalog (docs/product.md): an
 * empty list while services of ours are mapped to it, or more than half of our orderable mapped
 * services missing at once. Such a run changes nothing until the operator applies it. Null when fine.
 */
export function suspiciousListing(
  listedIds: ReadonlySet<string>,
  mapped: readonly { providerServiceId: string; isReadOnly: boolean }[],
): string | null {
  if (mapped.length === 0) return null;
  if (listedIds.size === 0) return `공급사가 빈 상품 목록을 보냈습니다 (연결된 상품 ${mapped.length}개).`;
  const orderable = mapped.filter((row) => !row.isReadOnly);
  const missing = orderable.filter((row) => !listedIds.has(row.providerServiceId)).length;
  if (missing * 2 > orderable.length) {
    return `판매 중인 연결 상품 ${orderable.length}개 중 ${missing}개가 공급사 목록에서 한꺼번에 사라졌습니다.`;
  }
  return null;
}

/** A non-negative decimal as numerator / 10^scale, or null. */
export function parseDecimal(text: string): { num: bigint; den: bigint } | null {
  const match = /^(\d{1,15})(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/**
 * The provider's cost of one unit in milli-won as an exact fraction: rate (per 1,000 units, in its
 * currency) × exchange rate (won per unit of currency); won per 1,000 units is milli-won per unit.
 */
export function upstreamUnitCostMilli(
  rate: string,
  exchangeRate: string | null,
): { num: bigint; den: bigint } | null {
  const r = parseDecimal(rate);
  const fx = parseDecimal(exchangeRate ?? '1');
  if (!r || !fx || fx.num === 0n) return null;
  return { num: r.num * fx.num, den: r.den * fx.den };
}

/** Cost × (100 + markup) / 100 rounded up to a whole milli-won; null when 0 or out of range. */
export function priceAtMarkup(cost: { num: bigint; den: bigint }, markupPercent: number): number | null {
  if (!Number.isSafeInteger(markupPercent) || markupPercent < 0 || markupPercent > MARKUP_PERCENT_MAX)
    return null;
  const numerator = cost.num * BigInt(100 + markupPercent);
  const divisor = cost.den * 100n;
  const milli = (numerator + divisor - 1n) / divisor;
  if (milli < 1n || milli > BigInt(SERVICE_MAX_UNIT_PRICE_MILLI)) return null;
  return Number(milli);
}

/** True when selling at `unitPriceMilli` would earn less than the provider charges per unit. */
export function isBelowCost(unitPriceMilli: number, cost: { num: bigint; den: bigint }): boolean {
  return cost.num > BigInt(unitPriceMilli) * cost.den;
}

/**
 * The max a service of this type may have (docs/product.md#service-types): a Package's quantity is
 * fixed (its min), a Custom Comments order has at most COMMENTS_MAX_LINES lines.
 */
export function maxOfServiceType(type: ServiceType, min: number, max: number): number {
  if (type === 'package') return min;
  return Math.min(max, SERVICE_MAX_QUANTITY, type === 'custom_comments' ? COMMENTS_MAX_LINES : Infinity);
}

/**
 * The decision for one mapped service. `entry` null: the upstream service is gone from its list (or
 * listed with a type or rate we cannot use, which is the same for ordering). A gone service is made
 * read-only; the rest of its terms stay as they were.
 */
export function decideServiceSync(
  service: SyncServiceInput,
  entry: UpstreamServiceEntry | null,
  options: SyncOptions,
): SyncDecision {
  const next: SyncedServiceState = {
    unitPriceMilli: service.unitPriceMilli,
    min: service.min,
    max: service.max,
    refillDays: service.refillDays,
    cancellable: service.cancellable,
    isReadOnly: service.isReadOnly,
    syncDisabled: service.syncDisabled,
  };
  const cost = entry ? upstreamUnitCostMilli(entry.rate, options.exchangeRate) : null;
  const usable =
    entry !== null && cost !== null && cost.num > 0n && serviceTypeOfProviderType(entry.type) !== null;
  let belowCost = false;

  if (!usable || !entry || !cost) {
    if (!next.isReadOnly) {
      next.isReadOnly = true;
      next.syncDisabled = 'vanished';
    }
    return { next, changes: diff(service, next), belowCost };
  }

  if (!service.pricePinned && service.markupPercent !== null) {
    const price = priceAtMarkup(cost, service.markupPercent);
    if (price !== null) next.unitPriceMilli = price;
  }
  // A pinned term is the operator's, kept; but never what the provider refuses: a pinned min/max is
  // narrowed into the provider's range (never widened past it), and refill or cancel the provider
  // withdrew is turned off even when pinned on. A pinned range that no longer meets the provider's
  // follows the provider's, as nothing in it could be sold.
  const pinned = new Set(service.pinnedFields ?? []);
  const min = Math.max(1, entry.min);
  const max = maxOfServiceType(service.type, min, entry.max);
  if (min <= SERVICE_MAX_QUANTITY && min <= max) {
    const keptMin = pinned.has('min') ? Math.max(service.min, min) : min;
    const keptMax = pinned.has('max') ? Math.min(service.max, max) : max;
    const fits = keptMin <= keptMax;
    next.min = fits ? keptMin : min;
    next.max = fits ? keptMax : max;
  }
  if (!entry.refill) next.refillDays = 0;
  else if (next.refillDays === 0 && !pinned.has('refillDays')) next.refillDays = DEFAULT_REFILL_DAYS;
  next.cancellable = pinned.has('cancellable') ? service.cancellable && entry.cancel : entry.cancel;

  belowCost = isBelowCost(next.unitPriceMilli, cost);
  if (belowCost && options.marginGuard === 'reprice') {
    const price = priceAtMarkup(cost, service.markupPercent ?? 0);
    if (price !== null) {
      next.unitPriceMilli = price;
    }
  }
  if (isBelowCost(next.unitPriceMilli, cost)) {
    if (!next.isReadOnly || next.syncDisabled !== null) {
      next.isReadOnly = true;
      next.syncDisabled = 'margin';
    }
  } else if (next.syncDisabled !== null && options.reenable) {
    next.isReadOnly = false;
    next.syncDisabled = null;
  }
  return { next, changes: diff(service, next), belowCost };
}

const FIELDS: SyncField[] = [
  'unitPriceMilli',
  'min',
  'max',
  'refillDays',
  'cancellable',
  'isReadOnly',
  'syncDisabled',
];

function diff(before: SyncedServiceState, after: SyncedServiceState): SyncChange[] {
  return FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    from: before[field],
    to: after[field],
  }));
}

/** The console's names for what a sync changes. */
export const SYNC_FIELD_LABELS: Record<SyncField, string> = {
  unitPriceMilli: '단가',
  min: '최소 수량',
  max: '최대 수량',
  refillDays: '리필 보장 기간',
  cancellable: '취소 가능',
  isReadOnly: '주문 중지',
  syncDisabled: '동기화 중지 사유',
};

/** The run statuses of a sync: 'suspicious' changed nothing and waits for the operator. */
export const SYNC_RUN_STATUS_LABELS: Record<string, string> = {
  running: '진행 중',
  ok: '완료',
  failed: '실패',
  suspicious: '의심 (적용 안 함)',
};

export const SYNC_DISABLED_LABELS: Record<SyncDisabledReason, string> = {
  vanished: '공급사 상품 없음',
  margin: '원가 초과 (역마진)',
};

/** Which of a provider's listed services are not mapped to any of ours (the report's "new" list). */
export function unmappedUpstreamIds(listed: readonly string[], mapped: ReadonlySet<string>): string[] {
  return listed.filter((id) => !mapped.has(id));
}

/** An exchange rate the operator may set: won per unit of currency, positive decimal text. */
export function isExchangeRateText(text: string): boolean {
  const parsed = parseDecimal(text);
  return parsed !== null && parsed.num > 0n;
}

/**
 * A provider's bill for an order (decimal text in its currency) converted to won, compared with what
 * the member paid: true when the provider billed more (the order sold at a loss).
 */
export function billExceedsPaid(bill: string, exchangeRate: string | null, paidWon: number): boolean {
  const c = parseDecimal(bill);
  const fx = parseDecimal(exchangeRate ?? '1');
  if (!c || !fx || !Number.isSafeInteger(paidWon)) return false;
  return c.num * fx.num > BigInt(paidWon) * c.den * fx.den;
}
