import type { z } from 'zod';
import type {
  PublicCancelResponse,
  PublicOrderRequest,
  PublicOrderResponse,
  PublicRefillResponse,
  PublicServicesResponse,
  PublicStatusResponse,
  V2Error,
  V2OrderStatus,
  v2AddResponse,
  v2BalanceResponse,
  v2CancelResponse,
  v2MultiRefillResponse,
  v2MultiRefillStatusResponse,
  v2MultiStatusResponse,
  v2RefillResponse,
  v2RefillStatusResponse,
  v2ServicesResponse,
} from './contract/public-api';
import { ERROR_CATALOG, type ErrorBody } from './errors';
import { formatWon } from './format';
import { MILLI_PER_WON, ORDER_MESSAGES } from './order-rules';
import { API_KEY_HEADER, V2_ERRORS, v2Money, v2Rate } from './public-api';
import { ORDER_CANCEL_MESSAGES, REFILL_MESSAGES } from './refill-rules';

/**
 * The requests and answers the /api page shows, written once as data: the page renders them, a server
 * test parses every one with the contract's schemas, and the e2e suite runs the curl lines for real.
 * Values come from the demo catalog (apps/server/src/db/seed/demo-catalog.ts) so a fresh install
 * answers the examples with the same services. Types only from the contract: no zod in the web bundle.
 */

/** What a reader replaces with their own key; one constant, so a test can substitute a real key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The order id the examples place and then ask about. */
export const EXAMPLE_ORDER_ID = 23501;
/** The completed order the refill examples refill (EXAMPLE_ORDER_ID + 1 in the status examples). */
export const EXAMPLE_REFILLED_ORDER_ID = EXAMPLE_ORDER_ID + 1;
/** The open order the cancel examples cancel. */
export const EXAMPLE_CANCELLED_ORDER_ID = EXAMPLE_ORDER_ID + 2;
/** The refill the refill examples ask for and then ask about. */
export const EXAMPLE_REFILL_ID = 812;
export const EXAMPLE_LINK = 'https://www.instagram.com/p/abc/';

/** The first two services of the demo catalog, as the catalog holds them. */
const DEMO_SERVICES = [
  {
    id: 1,
    text: '🇰🇷 인스타그램 한국인 팔로워',
    unitPriceMilli: 60000,
    min: 10,
    max: 10000,
    category: '인스타그램 팔로워',
    refillDays: 30,
    cancellable: true,
  },
  {
    id: 2,
    text: '🌎 인스타그램 외국인 팔로워 (리필 30일)',
    unitPriceMilli: 8000,
    min: 50,
    max: 30000,
    category: '인스타그램 팔로워',
    refillDays: 30,
    cancellable: true,
  },
] as const;

/**
 * The demo's Package and Custom Comments services (docs/product.md#service-types), as the catalog
 * holds them: ids 5 and 6 (after the four Instagram followers and likes services).
 */
const DEMO_TYPED_SERVICES = [
  {
    id: 5,
    text: '🇰🇷 인스타그램 한국인 좋아요 100개 패키지',
    unitPriceMilli: 20000,
    min: 100,
    max: 100,
    category: '인스타그램 좋아요',
    refillDays: 0,
    cancellable: true,
    type: 'Package',
  },
  {
    id: 6,
    text: '🇰🇷 인스타그램 한국인 댓글 (직접 입력)',
    unitPriceMilli: 150000,
    min: 5,
    max: 1000,
    category: '인스타그램 댓글',
    refillDays: 0,
    cancellable: false,
    type: 'Custom Comments',
  },
] as const;

/** The comments the Custom Comments example sends: one a line (here joined by \n). */
export const EXAMPLE_COMMENTS = [
  '사진 너무 예뻐요!',
  '분위기 최고네요 👍',
  '저장해두고 갑니다',
  '다음 게시물도 기대할게요',
  '팔로우하고 갑니다',
];

const EXAMPLE_AMOUNT = 100;
/** 100 × 60 원. */
const EXAMPLE_CHARGE_WON = (EXAMPLE_AMOUNT * DEMO_SERVICES[0].unitPriceMilli) / MILLI_PER_WON;
const EXAMPLE_REMAINS = 57;

// ─── REST ─────────────────────────────────────────────────────────────────────────────────────────────

export const REST_EXAMPLES = {
  services: DEMO_SERVICES.map((s) => ({
    id: s.id,
    text: s.text,
    min: s.min,
    max: s.max,
    price: s.unitPriceMilli / MILLI_PER_WON,
    category: s.category,
    refill: s.refillDays > 0,
    refillDays: s.refillDays,
    cancel: s.cancellable,
    type: 'default' as const,
  })) satisfies PublicServicesResponse,
  orderRequest: {
    serviceId: DEMO_SERVICES[0].id,
    link: EXAMPLE_LINK,
    amount: EXAMPLE_AMOUNT,
  } satisfies PublicOrderRequest,
  orderResponse: { wId: EXAMPLE_ORDER_ID } satisfies PublicOrderResponse,
  statusResponse: { status: 'IN PROGRESS', remains: EXAMPLE_REMAINS } satisfies PublicStatusResponse,
  /** POST /api/refill/{wId}: asked, not yet at the provider. */
  refillResponse: {
    refill: EXAMPLE_REFILL_ID,
    wId: EXAMPLE_REFILLED_ORDER_ID,
    status: 'Pending',
    reason: null,
  } satisfies PublicRefillResponse,
  /** GET /api/refill/{refillId}, once the provider has done it. */
  refillStatusResponse: {
    refill: EXAMPLE_REFILL_ID,
    wId: EXAMPLE_REFILLED_ORDER_ID,
    status: 'Completed',
    reason: null,
  } satisfies PublicRefillResponse,
  /** POST /api/cancel/{wId} of an order not yet at its provider: refunded in full at once. */
  cancelResponse: {
    wId: EXAMPLE_CANCELLED_ORDER_ID,
    outcome: 'cancelled',
    refunded: EXAMPLE_CHARGE_WON,
    message: ORDER_CANCEL_MESSAGES.CANCELLED(formatWon(EXAMPLE_CHARGE_WON)),
  } satisfies PublicCancelResponse,
};

/** Every error answer of the REST dialect: `{ message, code }` with the catalog's status. */
export const REST_ERROR_EXAMPLES = {
  badRequest: { message: ORDER_MESSAGES.AMOUNT_BELOW_MIN, code: 'ORDER_INVALID' },
  badKey: { message: ERROR_CATALOG.API_KEY_INVALID.message, code: 'API_KEY_INVALID' },
  // The server's own wording for an order that is unknown or another member's (public-api.service.ts).
  notFound: { message: ERROR_CATALOG.ORDER_NOT_FOUND.message, code: 'ORDER_NOT_FOUND' },
  insufficientPoints: { message: ERROR_CATALOG.INSUFFICIENT_POINTS.message, code: 'INSUFFICIENT_POINTS' },
  tooManyRequests: { message: ERROR_CATALOG.TOO_MANY_REQUESTS.message, code: 'TOO_MANY_REQUESTS' },
  // A refill or cancel refused carries the rule's own message (refill-rules.ts), as on the site.
  refillRefused: { message: REFILL_MESSAGES.NOT_ELIGIBLE, code: 'REFILL_REFUSED' },
  cancelRefused: { message: ORDER_CANCEL_MESSAGES.FINAL, code: 'ORDER_CANCEL_REFUSED' },
} satisfies Record<string, ErrorBody>;

// ─── SMM API v2 ───────────────────────────────────────────────────────────────────────────────────────

const inProgress = {
  charge: v2Money(EXAMPLE_CHARGE_WON),
  start_count: '3572',
  status: 'In progress',
  remains: String(EXAMPLE_REMAINS),
  currency: 'KRW',
} satisfies V2OrderStatus;

/** One request of the v2 dialect: its form fields besides `key`, and the answer. */
export interface V2Example<R> {
  params: Readonly<Record<string, string>>;
  response: R;
}

export const V2_EXAMPLES = {
  services: {
    params: { action: 'services' },
    response: [...DEMO_SERVICES.map((s) => ({ ...s, type: 'Default' as const })), ...DEMO_TYPED_SERVICES].map(
      (s) => ({
        service: s.id,
        name: s.text,
        type: s.type,
        category: s.category,
        rate: v2Rate(s.unitPriceMilli),
        min: String(s.min),
        max: String(s.max),
        refill: s.refillDays > 0,
        cancel: s.cancellable,
        dripfeed: s.id === 1,
      }),
    ) satisfies z.infer<typeof v2ServicesResponse>,
  },
  add: {
    params: {
      action: 'add',
      service: String(DEMO_SERVICES[0].id),
      link: EXAMPLE_LINK,
      quantity: String(EXAMPLE_AMOUNT),
    },
    response: { order: EXAMPLE_ORDER_ID } satisfies z.infer<typeof v2AddResponse>,
  },
  /** Drip-feed: `runs` orders of `quantity`, `interval` minutes apart (the site's auto-order). */
  addDripFeed: {
    params: {
      action: 'add',
      service: String(DEMO_SERVICES[0].id),
      link: EXAMPLE_LINK,
      quantity: String(EXAMPLE_AMOUNT),
      runs: '5',
      interval: '60',
    },
    response: { order: EXAMPLE_ORDER_ID + 3 } satisfies z.infer<typeof v2AddResponse>,
  },
  /** Custom Comments: the comments one a line instead of a quantity (5 comments = quantity 5). */
  addComments: {
    params: {
      action: 'add',
      service: String(DEMO_TYPED_SERVICES[1].id),
      link: EXAMPLE_LINK,
      comments: EXAMPLE_COMMENTS.join('\n'),
    },
    response: { order: EXAMPLE_ORDER_ID + 4 } satisfies z.infer<typeof v2AddResponse>,
  },
  /** Package: the link only; its quantity is fixed (min = max). */
  addPackage: {
    params: { action: 'add', service: String(DEMO_TYPED_SERVICES[0].id), link: EXAMPLE_LINK },
    response: { order: EXAMPLE_ORDER_ID + 5 } satisfies z.infer<typeof v2AddResponse>,
  },
  status: {
    params: { action: 'status', order: String(EXAMPLE_ORDER_ID) },
    response: inProgress,
  },
  multiStatus: {
    params: {
      action: 'status',
      orders: [EXAMPLE_ORDER_ID, EXAMPLE_ORDER_ID + 1, 99999].join(','),
    },
    response: {
      [EXAMPLE_ORDER_ID]: inProgress,
      [EXAMPLE_ORDER_ID + 1]: {
        charge: v2Money(8000),
        start_count: '1204',
        status: 'Completed',
        remains: '0',
        currency: 'KRW',
      },
      99999: { error: V2_ERRORS.INCORRECT_ORDER_ID },
    } satisfies z.infer<typeof v2MultiStatusResponse>,
  },
  balance: {
    params: { action: 'balance' },
    response: { balance: v2Money(12345), currency: 'KRW' } satisfies z.infer<typeof v2BalanceResponse>,
  },
  cancel: {
    params: { action: 'cancel', orders: [EXAMPLE_ORDER_ID + 2, EXAMPLE_ORDER_ID + 1].join(',') },
    response: [
      { order: EXAMPLE_ORDER_ID + 2, cancel: 1 },
      { order: EXAMPLE_ORDER_ID + 1, cancel: { error: V2_ERRORS.CANNOT_CANCEL } },
    ] satisfies z.infer<typeof v2CancelResponse>,
  },
  refill: {
    params: { action: 'refill', order: String(EXAMPLE_REFILLED_ORDER_ID) },
    response: { refill: String(EXAMPLE_REFILL_ID) } satisfies z.infer<typeof v2RefillResponse>,
  },
  /** Several orders at once: the refill's id, or why that order cannot be refilled. */
  multiRefill: {
    params: { action: 'refill', orders: [EXAMPLE_REFILLED_ORDER_ID, EXAMPLE_ORDER_ID].join(',') },
    response: [
      { order: EXAMPLE_REFILLED_ORDER_ID, refill: EXAMPLE_REFILL_ID },
      { order: EXAMPLE_ORDER_ID, refill: { error: V2_ERRORS.REFILL_NOT_FINISHED } },
    ] satisfies z.infer<typeof v2MultiRefillResponse>,
  },
  refillStatus: {
    params: { action: 'refill_status', refill: String(EXAMPLE_REFILL_ID) },
    response: { status: 'Completed' } satisfies z.infer<typeof v2RefillStatusResponse>,
  },
  multiRefillStatus: {
    params: { action: 'refill_status', refills: [EXAMPLE_REFILL_ID, EXAMPLE_REFILL_ID + 1, 99999].join(',') },
    response: [
      { refill: EXAMPLE_REFILL_ID, status: 'Completed' },
      { refill: EXAMPLE_REFILL_ID + 1, status: 'In progress' },
      { refill: 99999, status: { error: V2_ERRORS.INCORRECT_REFILL_ID } },
    ] satisfies z.infer<typeof v2MultiRefillStatusResponse>,
  },
} satisfies Record<string, V2Example<unknown>>;

export type V2ExampleName = keyof typeof V2_EXAMPLES;

/** What every v2 failure looks like (HTTP 200, the trade's English text). */
export const V2_ERROR_EXAMPLE = { error: V2_ERRORS.INVALID_KEY } satisfies V2Error;

// ─── curl lines ───────────────────────────────────────────────────────────────────────────────────────

/** Single-quoted for a POSIX shell (a quote inside becomes '\''). */
function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A shell word: left bare when it holds nothing a shell would read, else single-quoted. */
function shellWord(text: string): string {
  return /^[\w.,:/=@%+-]+$/.test(text) ? text : quoted(text);
}

/** One line with at most two options, else one option per line (backslash continuations). */
function curlLine(url: string, options: string[], method?: 'POST'): string {
  const head = ['curl -s', method ? `-X ${method}` : '', quoted(url)].filter(Boolean).join(' ');
  return options.length <= 2 ? [head, ...options].join(' ') : [head, ...options].join(' \\\n  ');
}

export type RestExampleName = 'services' | 'order' | 'status' | 'refill' | 'refillStatus' | 'cancel';

/**
 * The REST example as a shell command for this site, e.g.
 * `curl -s 'https://example.com/api/services' -H 'api-key: YOUR_API_KEY'`.
 */
export function curlExample(origin: string, name: RestExampleName, apiKey = API_KEY_PLACEHOLDER): string {
  const base = `${origin}/api`;
  const keyHeader = `-H ${shellWord(`${API_KEY_HEADER}: ${apiKey}`)}`;
  switch (name) {
    case 'services':
      return curlLine(`${base}/services`, [keyHeader]);
    case 'order':
      return curlLine(
        `${base}/order`,
        [
          keyHeader,
          `-H ${shellWord('content-type: application/json')}`,
          `-d ${shellWord(JSON.stringify(REST_EXAMPLES.orderRequest))}`,
        ],
        'POST',
      );
    case 'status':
      return curlLine(`${base}/status/${EXAMPLE_ORDER_ID}`, [keyHeader]);
    case 'refill':
      return curlLine(`${base}/refill/${EXAMPLE_REFILLED_ORDER_ID}`, [keyHeader], 'POST');
    case 'refillStatus':
      return curlLine(`${base}/refill/${EXAMPLE_REFILL_ID}`, [keyHeader]);
    case 'cancel':
      return curlLine(`${base}/cancel/${EXAMPLE_CANCELLED_ORDER_ID}`, [keyHeader], 'POST');
  }
}

/**
 * The v2 example as a shell command: form fields, `key` first; the link quoted and URL-encoded by
 * curl, since a real link may carry `&` or `?` (a reader copies the pattern). E.g.
 * `curl -s -X POST 'https://example.com/api/v2' -d key=YOUR_API_KEY -d action=balance`.
 */
export function v2CurlExample(origin: string, name: V2ExampleName, apiKey = API_KEY_PLACEHOLDER): string {
  const fields = Object.entries({ key: apiKey, ...V2_EXAMPLES[name].params }).map(([field, value]) =>
    // Free text is URL-encoded by curl itself (a link's `&`, the comments' spaces and line breaks).
    field === 'link' || field === 'comments'
      ? `--data-urlencode ${quoted(`${field}=${value}`)}`
      : `-d ${shellWord(`${field}=${value}`)}`,
  );
  return curlLine(`${origin}/api/v2`, fields, 'POST');
}
