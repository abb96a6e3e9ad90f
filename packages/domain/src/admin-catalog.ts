/**
 * The operator's catalog rules (providers, platforms, categories, services): the console's forms and
 * the server run the same checks with the same Korean messages, and the one markup formula that turns a
 * provider's rate into our unit price.
 *
 * Prices are integers throughout: our unit price is in thousandths of a won per unit (milli-won, see
 * order-rules.ts); a provider's API v2 `rate` is a decimal string in won per 1,000 units, which is the
 * same number as milli-won per unit, so it is read digit by digit (BigInt), never through a float.
 */
import { MILLI_PER_WON } from './order-rules';
import { REFILL_DAYS_MAX } from './refill-rules';
import { COMMENTS_MAX_LINES, isServiceType, type ServiceType } from './service-types';

export const CATALOG_MESSAGES = {
  PLATFORM_TEXT_REQUIRED: '플랫폼 이름을 입력해주세요.',
  CATEGORY_TEXT_REQUIRED: '카테고리 이름을 입력해주세요.',
  SERVICE_TEXT_REQUIRED: '상품명을 입력해주세요.',
  TEXT_TOO_LONG: '이름은 100자 이하로 입력해주세요.',
  TEXT_CONTROL: '이름에 줄바꿈이나 제어 문자는 넣을 수 없습니다.',
  COLOR_INVALID: '배경색은 #rrggbb 형식(예: #fdf2f8)으로 입력해주세요.',
  PRICE_INVALID: '단가는 0.001원 이상, 소수점 셋째 자리까지 입력해주세요.',
  PRICE_TOO_HIGH: '단가는 개당 1,000만 원 이하로 입력해주세요.',
  MIN_INVALID: '최소 수량은 1 이상의 정수로 입력해주세요.',
  MAX_INVALID: '최대 수량은 1 이상의 정수로 입력해주세요.',
  QUANTITY_TOO_LARGE: '수량은 10억 이하로 입력해주세요.',
  MIN_ABOVE_MAX: '최소 수량은 최대 수량보다 클 수 없습니다.',
  NOTICE_TOO_LONG: '안내문은 2,000자 이하로 입력해주세요.',
  REFILL_DAYS_INVALID: `리필 보장 기간은 0~${REFILL_DAYS_MAX}일 사이의 정수로 입력해주세요. (0이면 리필 없음)`,
  PROVIDER_SERVICE_ID_REQUIRED: '공급사를 선택했다면 공급사 상품 ID도 입력해주세요.',
  PROVIDER_SERVICE_ID_WITHOUT_PROVIDER: '공급사 상품 ID를 쓰려면 공급사를 선택해주세요.',
  PROVIDER_SERVICE_ID_INVALID: '공급사 상품 ID는 영문, 숫자, -, _ 로 64자까지 입력할 수 있습니다.',
  FAILOVER_SERVICE_ID_REQUIRED: '대체 공급사를 선택했다면 대체 공급사 상품 ID도 입력해주세요.',
  FAILOVER_SERVICE_ID_WITHOUT_PROVIDER: '대체 공급사 상품 ID를 쓰려면 대체 공급사를 선택해주세요.',
  FAILOVER_SERVICE_ID_INVALID: '대체 공급사 상품 ID는 영문, 숫자, -, _ 로 64자까지 입력할 수 있습니다.',
  FAILOVER_WITHOUT_PROVIDER: '대체 공급사를 쓰려면 먼저 공급사를 선택해주세요.',
  FAILOVER_SAME_PROVIDER: '대체 공급사는 공급사와 다른 공급사로 선택해주세요.',
  FAILOVER_PROVIDER_NOT_FOUND: '대체 공급사를 찾을 수 없습니다.',
  FAILOVER_SERVICE_NOT_LISTED:
    '대체 공급사의 상품 목록에 이 상품 ID가 없습니다. 대체 공급사가 판매 중인 상품 ID를 입력해주세요.',
  FAILOVER_LIST_UNREADABLE:
    '대체 공급사의 상품 목록을 읽지 못해 대체 공급사 상품 ID를 확인할 수 없습니다. 잠시 후 다시 저장해주세요.',
  PROVIDER_NAME_REQUIRED: '공급사 이름을 입력해주세요.',
  PROVIDER_URL_INVALID:
    'API 주소는 http:// 또는 https:// 로 시작하는 주소(또는 builtin:simulated)로 입력해주세요.',
  PROVIDER_KEY_REQUIRED: 'API 키를 입력해주세요.',
  PROVIDER_KEY_REQUIRED_FOR_NEW_URL:
    'API 주소를 바꾸면 API 키도 다시 입력해주세요. 저장된 키는 새 주소로 보내지 않습니다.',
  PROVIDER_URL_PRIVATE:
    '내부망이나 이 서버의 주소(127.0.0.1, localhost, 10.x, 192.168.x, 169.254.x 등)로는 공급사를 연결할 수 없습니다. 공급사의 공개 주소를 입력해주세요.',
  PROVIDER_KEY_INVALID: 'API 키는 공백 없이 500자 이하로 입력해주세요.',
  // PROVIDER_CONCURRENCY_MAX and PROVIDER_CONCURRENCY_DEFAULT (below; a test holds them to this text).
  PROVIDER_CONCURRENCY_INVALID: '동시 호출 수는 1~64 사이의 정수로 입력해주세요. (비우면 4)',
  MARKUP_INVALID: '마진은 0~1000 사이의 정수(%)로 입력해주세요.',
  IMPORT_NOTHING_SELECTED: '가져올 상품을 선택해주세요.',
  IMPORT_TOO_MANY: '한 번에 500개까지 가져올 수 있습니다.',
  ORDER_IDS_MISMATCH: '순서를 바꿀 목록이 현재 목록과 다릅니다. 새로고침한 뒤 다시 시도해주세요.',
  PROVIDER_NOT_FOUND: '공급사를 찾을 수 없습니다.',
  PLATFORM_NOT_FOUND: '플랫폼을 찾을 수 없습니다.',
  CATEGORY_NOT_FOUND: '카테고리를 찾을 수 없습니다.',
  SERVICE_NOT_FOUND: '상품을 찾을 수 없습니다.',
  PLATFORM_NOT_EMPTY: '카테고리가 있는 플랫폼은 삭제할 수 없습니다. 카테고리를 먼저 삭제해주세요.',
  CATEGORY_NOT_EMPTY: '상품이 있는 카테고리는 삭제할 수 없습니다. 상품을 먼저 삭제하거나 옮겨주세요.',
  SERVICE_HAS_ORDERS: '주문 내역이 있는 상품은 삭제할 수 없습니다. 숨김으로 바꿔주세요.',
  PROVIDER_FAILED: (detail: string) => `공급사가 응답하지 않거나 오류를 돌려주었습니다. (${detail})`,
  IMPORT_ALREADY: '이 카테고리에 이미 가져온 상품입니다.',
  IMPORT_UNKNOWN: '공급사 상품 목록에 없는 상품입니다.',
  IMPORT_BAD_RATE: '공급사 단가를 읽을 수 없거나 0원입니다.',
  IMPORT_BAD_LIMITS: '공급사의 최소·최대 수량을 쓸 수 없습니다.',
  IMPORT_UNSUPPORTED_TYPE: (type: string) =>
    `이 패널이 받을 수 없는 종류의 상품입니다. (${type}) 기본, 댓글 직접 입력, 패키지 상품만 가져올 수 있습니다.`,
  SERVICE_TYPE_INVALID: '상품 종류를 선택해주세요.',
  PACKAGE_QUANTITY_FIXED: '패키지 상품은 최소 수량과 최대 수량을 같은 값(패키지 수량)으로 입력해주세요.',
  COMMENTS_MAX_TOO_LARGE: `댓글 입력 상품의 최대 수량은 ${COMMENTS_MAX_LINES.toLocaleString('en-US')} 이하로 입력해주세요.`,
  AUTO_ONLY_DEFAULT: '자동주문은 기본 (수량 입력) 상품에서만 쓸 수 있습니다.',
} as const;

/** The API URL of the built-in simulated provider (it has no host of its own). */
export const BUILTIN_SIMULATED_PROVIDER_URL = 'builtin:simulated';

export const CATALOG_TEXT_MAX = 100;
export const SERVICE_NOTICE_MAX = 2000;
/** 10,000,000 원 per unit: far above any real price, far inside exact integer arithmetic. */
export const SERVICE_MAX_UNIT_PRICE_MILLI = 10_000_000 * MILLI_PER_WON;
export const SERVICE_MAX_QUANTITY = 1_000_000_000;
export const MARKUP_PERCENT_MAX = 1000;
export const IMPORT_MAX_ITEMS = 500;
const PROVIDER_SERVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
// Text shown on one line (names): no control characters at all, line breaks included.
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;

function checkName(text: string, required: string): string | null {
  if (text.trim().length === 0) return required;
  if (text.length > CATALOG_TEXT_MAX) return CATALOG_MESSAGES.TEXT_TOO_LONG;
  if (LINE_CONTROL.test(text)) return CATALOG_MESSAGES.TEXT_CONTROL;
  return null;
}

export interface PlatformInput {
  text: string;
  visible: boolean;
  bgColor: string;
}

export function validatePlatformInput(input: PlatformInput): string | null {
  return (
    checkName(input.text, CATALOG_MESSAGES.PLATFORM_TEXT_REQUIRED) ??
    (COLOR.test(input.bgColor) ? null : CATALOG_MESSAGES.COLOR_INVALID)
  );
}

export function validateCategoryInput(input: { text: string }): string | null {
  return checkName(input.text, CATALOG_MESSAGES.CATEGORY_TEXT_REQUIRED);
}

export interface ServiceInput {
  text: string;
  unitPriceMilli: number;
  min: number;
  max: number;
  notice: string;
  /** Days after the order finished a member may ask for a refill; 0 = no refill. */
  refillDays: number;
  providerId: number | null;
  providerServiceId: string;
  /** docs/product.md#service-types; absent = default. */
  type?: ServiceType;
  enableAuto?: boolean;
  /**
   * The provider a new order goes to while the first's sending is paused (docs/product.md#operator-console),
   * and its service id there: both or neither; absent = none.
   */
  failoverProviderId?: number | null;
  failoverProviderServiceId?: string;
}

/** The service form's checks in the order the form shows its fields. */
export function validateServiceInput(input: ServiceInput): string | null {
  const m = CATALOG_MESSAGES;
  const name = checkName(input.text, m.SERVICE_TEXT_REQUIRED);
  if (name) return name;
  if (!Number.isSafeInteger(input.unitPriceMilli) || input.unitPriceMilli < 1) return m.PRICE_INVALID;
  if (input.unitPriceMilli > SERVICE_MAX_UNIT_PRICE_MILLI) return m.PRICE_TOO_HIGH;
  if (!Number.isSafeInteger(input.min) || input.min < 1) return m.MIN_INVALID;
  if (!Number.isSafeInteger(input.max) || input.max < 1) return m.MAX_INVALID;
  if (input.min > SERVICE_MAX_QUANTITY || input.max > SERVICE_MAX_QUANTITY) return m.QUANTITY_TOO_LARGE;
  if (input.min > input.max) return m.MIN_ABOVE_MAX;
  const type = input.type ?? 'default';
  if (!isServiceType(type)) return m.SERVICE_TYPE_INVALID;
  if (type === 'package' && input.min !== input.max) return m.PACKAGE_QUANTITY_FIXED;
  if (type === 'custom_comments' && input.max > COMMENTS_MAX_LINES) return m.COMMENTS_MAX_TOO_LARGE;
  if (type !== 'default' && input.enableAuto === true) return m.AUTO_ONLY_DEFAULT;
  if (input.notice.length > SERVICE_NOTICE_MAX) return m.NOTICE_TOO_LONG;
  if (!Number.isSafeInteger(input.refillDays) || input.refillDays < 0 || input.refillDays > REFILL_DAYS_MAX) {
    return m.REFILL_DAYS_INVALID;
  }
  const serviceId = input.providerServiceId.trim();
  if (input.providerId !== null && serviceId === '') return m.PROVIDER_SERVICE_ID_REQUIRED;
  if (input.providerId === null && serviceId !== '') return m.PROVIDER_SERVICE_ID_WITHOUT_PROVIDER;
  if (serviceId !== '' && !PROVIDER_SERVICE_ID.test(serviceId)) return m.PROVIDER_SERVICE_ID_INVALID;
  const failoverId = input.failoverProviderId ?? null;
  const failoverServiceId = (input.failoverProviderServiceId ?? '').trim();
  if (failoverId !== null && failoverServiceId === '') return m.FAILOVER_SERVICE_ID_REQUIRED;
  if (failoverId === null && failoverServiceId !== '') return m.FAILOVER_SERVICE_ID_WITHOUT_PROVIDER;
  if (failoverServiceId !== '' && !PROVIDER_SERVICE_ID.test(failoverServiceId)) {
    return m.FAILOVER_SERVICE_ID_INVALID;
  }
  if (failoverId !== null && input.providerId === null) return m.FAILOVER_WITHOUT_PROVIDER;
  if (failoverId !== null && failoverId === input.providerId) return m.FAILOVER_SAME_PROVIDER;
  return null;
}

export function isProviderApiUrl(value: string): boolean {
  if (value === BUILTIN_SIMULATED_PROVIDER_URL) return true;
  return value.length <= 500 && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/.test(value);
}

export interface ProviderInput {
  name: string;
  apiUrl: string;
  /** On an edit, '' keeps the stored key, as long as the URL stays the same. */
  apiKey: string;
  /**
   * 동시 호출 수: calls in flight to the provider at once from each server process, 1 to
   * PROVIDER_CONCURRENCY_MAX; null (or absent) = PROVIDER_CONCURRENCY_DEFAULT.
   */
  maxConcurrency?: number | null;
}

/**
 * Calls in flight to one provider from one process when the operator set none: a batch finishes in a
 * fraction of the time of one call after another, and a provider is not flooded by one panel process.
 */
export const PROVIDER_CONCURRENCY_DEFAULT = 4;
/**
 * The most an operator may set: enough for a provider that answers in 50 ms to take hundreds of
 * orders a second from one process (docs/performance.md), and a bound on what one process opens.
 */
export const PROVIDER_CONCURRENCY_MAX = 64;

/** null when `value` is absent, null, or a whole number from 1 to PROVIDER_CONCURRENCY_MAX. */
export function validateProviderConcurrency(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return Number.isSafeInteger(value) && value >= 1 && value <= PROVIDER_CONCURRENCY_MAX
    ? null
    : CATALOG_MESSAGES.PROVIDER_CONCURRENCY_INVALID;
}

/**
 * `keyRequired`: a new provider. `storedApiUrl`: an edit of a provider at that URL; a blank key keeps
 * the stored one only while the URL stays, since the key is the secret of the provider at that URL and
 * must never be sent to another one (docs/ARCHITECTURE.md, "Providers are untrusted").
 */
export function validateProviderInput(
  input: ProviderInput,
  options: { keyRequired: boolean; storedApiUrl?: string },
): string | null {
  const m = CATALOG_MESSAGES;
  const name = checkName(input.name, m.PROVIDER_NAME_REQUIRED);
  if (name) return name;
  if (!isProviderApiUrl(input.apiUrl.trim())) return m.PROVIDER_URL_INVALID;
  const concurrency = validateProviderConcurrency(input.maxConcurrency);
  if (concurrency) return concurrency;
  if (input.apiKey === '') {
    if (options.keyRequired) return m.PROVIDER_KEY_REQUIRED;
    return providerUrlChanged(options.storedApiUrl, input.apiUrl)
      ? m.PROVIDER_KEY_REQUIRED_FOR_NEW_URL
      : null;
  }
  if (input.apiKey.length > 500 || /\s/.test(input.apiKey) || LINE_CONTROL.test(input.apiKey)) {
    return m.PROVIDER_KEY_INVALID;
  }
  return null;
}

/** True when an edit moves a provider to another URL (so its stored key may not go along). */
export function providerUrlChanged(storedApiUrl: string | undefined, apiUrl: string): boolean {
  return storedApiUrl !== undefined && apiUrl.trim() !== storedApiUrl;
}

/**
 * A provider key as the console shows it: the first and last 4 characters of a long key
 * ("sk-l…9f3a"); a key of fewer than 12 characters would be half revealed that way, so only its
 * length shows ("••••").
 */
export function maskProviderKey(key: string): string {
  if (key.length < 12) return '••••';
  return `${key.slice(0, 4)}…${key.slice(-4)}`;
}

export function validateMarkupPercent(markup: number): string | null {
  return Number.isSafeInteger(markup) && markup >= 0 && markup <= MARKUP_PERCENT_MAX
    ? null
    : CATALOG_MESSAGES.MARKUP_INVALID;
}

/**
 * A provider's rate (won per 1,000 units, e.g. "0.90", "36", "12.5") with our markup in percent, as our
 * unit price in milli-won, rounded up to a whole milli-won so a markup never sells below cost:
 * rate won / 1,000 units = rate milli-won / unit; × (100 + markup) / 100.
 * '900' at 15 % → 1035 (1.035 원 per unit); '0.90' at 15 % → 2 (1.035 milli-won, rounded up).
 * null for a rate that is not a plain non-negative decimal, or whose price is 0 or out of range.
 */
export function providerRateToUnitPriceMilli(rate: string, markupPercent: number): number | null {
  if (validateMarkupPercent(markupPercent)) return null;
  const match = /^(\d{1,15})(?:\.(\d{1,12}))?$/.exec(rate.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  const scaled = BigInt(`${match[1]}${fraction}`); // rate × 10^decimals
  const divisor = 10n ** BigInt(fraction.length) * 100n;
  const numerator = scaled * BigInt(100 + markupPercent);
  const milli = (numerator + divisor - 1n) / divisor;
  if (milli < 1n || milli > BigInt(SERVICE_MAX_UNIT_PRICE_MILLI)) return null;
  return Number(milli);
}

/** A reorder must name exactly the current set of ids, each once. */
export function isSameIdSet(ids: readonly number[], current: readonly number[]): boolean {
  if (ids.length !== current.length) return false;
  const wanted = new Set(ids);
  if (wanted.size !== ids.length) return false;
  return current.every((id) => wanted.has(id));
}

/** `ids` with the entry at `index` swapped with its neighbour above (-1) or below (+1). */
export function moveId(ids: readonly number[], index: number, direction: -1 | 1): number[] {
  const next = [...ids];
  const target = index + direction;
  if (index < 0 || index >= next.length || target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The price of 1,000 units in won ("1,000개당"): milli-won per unit × 1,000 units / 1,000, exactly. */
export function pricePerThousandWon(unitPriceMilli: number): number {
  return unitPriceMilli;
}
