/**
 * What the panel needs from an upstream provider (the trade's "SMM API v2": form-encoded POST with
 * `key` and `action`). Implemented over HTTP by `SmmApiClient`; the built-in simulated provider speaks
 * the same protocol, so tests and the demo run the real client code path.
 */
export interface ProviderOrderStatus {
  /** The provider's status text (Pending, In progress, Completed, Partial, Processing, Canceled). */
  status: string;
  startCount: number | null;
  remains: number | null;
  /**
   * What the provider charged for the order (decimal text in its currency) when it said; the margin
   * guard flags an order charged above what the member paid (docs/ARCHITECTURE.md#catalog-sync).
   */
  charge?: string | null;
}

/**
 * One entry of a provider's `services` list, as it sent it: `rate` is its price per 1,000 units as
 * decimal text (never turned into a float here); `type` and `category` are '' when it sent none;
 * `refill` and `cancel` are false when it sent none (docs/product.md#refill-and-cancellation).
 */
export interface ProviderServiceListing {
  service: string;
  name: string;
  type: string;
  category: string;
  rate: string;
  min: number;
  max: number;
  /** The provider refills what drops after delivery. */
  refill: boolean;
  /** The provider cancels an open order on request. */
  cancel: boolean;
}

export interface ProviderOrderInput {
  service: string;
  link: string;
  quantity?: number;
  comments?: string;
}

export interface ProviderApi {
  /**
   * Places an order. docs/product.md#service-types: a Default service is sent `quantity`; Custom
   * Comments its `comments` (one a line) and no quantity; a Package neither.
   */
  add(input: ProviderOrderInput): Promise<{ providerOrderId: string }>;
  /** Multi-status (up to 100 ids); an id the provider does not know maps to `{ error }`. */
  statuses(providerOrderIds: string[]): Promise<Map<string, ProviderOrderStatus | { error: string }>>;
  /** One order's status (`order=<id>`), for a provider without multi-status; an unknown id is `{ error }`. */
  status(providerOrderId: string): Promise<ProviderOrderStatus | { error: string }>;
  cancel(providerOrderIds: string[]): Promise<Map<string, true | { error: string }>>;
  balance(): Promise<{ balance: string; currency: string }>;
  /**
   * Asks the provider to refill these orders (`action=refill`); each provider order id maps to the
   * provider's refill id or to its `{ error }` (it refused that refill).
   */
  refill(providerOrderIds: string[]): Promise<Map<string, { refillId: string } | { error: string }>>;
  /**
   * The status text of these refills (`action=refill_status`, up to 100), with the provider's `reason`
   * when it sends one (the simulated provider does for a Rejected refill); an unknown one is `{ error }`.
   */
  refillStatuses(
    refillIds: string[],
  ): Promise<Map<string, { status: string; reason?: string } | { error: string }>>;
}

/**
 * The provider's catalog (`action=services`; malformed entries are left out), for the console's
 * import. Kept apart from ProviderApi, which is what fulfilling orders needs.
 */
export interface ProviderCatalogApi {
  services(): Promise<ProviderServiceListing[]>;
}

/** What the registry hands out: a client for orders and for the provider's catalog. */
export type ProviderClient = ProviderApi & ProviderCatalogApi;

/**
 * What a failed call did at the provider, as far as we can tell (docs/ARCHITECTURE.md#upstream-providers).
 * `SmmApiClient` decides it in one place for every answer:
 * - `not-sent`: it surely never reached the provider (the connection was refused or the address is not
 *   allowed, before any byte went out);
 * - `refused`: the provider read it and said no, in words we read (a JSON `{ "error": … }`);
 * - `unknown`: it went out and what came back is not an answer we understood (a timeout after sending,
 *   a cut connection, HTTP 5xx, an HTML page, a PHP notice with no JSON, an empty or cut-off body, a
 *   shape we do not know). The provider may have done the work: an `add`, `refill` or `cancel` answered
 *   so is never sent again nor refunded automatically.
 */
export type ProviderOutcome = 'not-sent' | 'refused' | 'unknown';

/**
 * Any failure to get a usable answer: a timeout, a connection error, HTTP ≥ 400, a body that is not
 * JSON, `{ "error": … }`, or JSON of an unexpected shape. `retryable` is false only when the provider
 * clearly refused the request itself (e.g. an unknown service or a bad link), so trying again cannot
 * help; everything else may succeed later.
 */
export class ProviderError extends Error {
  /**
   * True when the request reached the provider and may have been carried out although no usable
   * answer came back (`outcome` 'unknown'). For `add` this means the order may exist upstream: the
   * worker must not send it again blindly (see orders/provider-failure.ts).
   */
  readonly mayHaveBeenProcessed: boolean;

  constructor(
    message: string,
    readonly retryable: boolean,
    /** What the call did at the provider (ProviderOutcome). */
    readonly outcome: ProviderOutcome = 'not-sent',
    /**
     * The start of what the provider sent back, for the operator of an order held on it: at most
     * RAW_ANSWER_CHARS, the key masked; null when nothing came back.
     */
    readonly rawAnswer: string | null = null,
    /**
     * The provider asked us to slow down (HTTP 429): how long to leave it alone, from its Retry-After
     * (docs/ARCHITECTURE.md "Orders and the background loop"). null for every other failure.
     */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
    this.mayHaveBeenProcessed = outcome === 'unknown';
  }
}

/** The most characters of a provider's raw answer kept for the operator. */
export const RAW_ANSWER_CHARS = 400;

/**
 * A provider's raw answer fit to store and show an operator: the key masked, control characters
 * (but line breaks) dropped, cut to RAW_ANSWER_CHARS. Shown as text, never as HTML.
 */
export function rawAnswerOf(text: string, apiKey: string): string | null {
  const cut = withoutProviderKey(text.slice(0, RAW_ANSWER_CHARS * 2), apiKey)
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .slice(0, RAW_ANSWER_CHARS);
  return cut.trim() === '' ? null : cut;
}

/**
 * A provider's text with its API key masked (docs/ARCHITECTURE.md#providers-are-untrusted): the client
 * keeps the key out of its own errors, and every place that stores or shows a provider's text masks it
 * again, so this holds for any text. A key under 4 characters is not searched for (it would mask words).
 */
export function withoutProviderKey(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join('***') : text;
}
