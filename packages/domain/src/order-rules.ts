/**
 * Order rules (docs/product.md#order-rules) for the order form and the server alike: the same checks in the
 * same order with the same Korean messages, and the one price formula.
 *
 * Unit prices can be fractions of a won (views and likes sell at 0.3–0.9 원 each), so they are held
 * exactly as integer thousandths of a won ("milli-won"), never as floats; a total is charged in whole
 * won, rounded up.
 */
import {
  commentLines,
  commentLinesProblem,
  COMMENT_MAX_LENGTH,
  COMMENTS_MAX_LINES,
  type ServiceType,
} from './service-types';
import { hasInvisibleCharacter, revealInvisibleCharacters } from './invisible-characters';
import { formatCount, formatWon } from './format';
import { AutoOrderStatus } from './order-status';

/**
 * The most one order (an auto-order: all its runs) may cost, in won (docs/product.md#order-rules). A
 * service's price and quantity limits are the operator's and its provider's, and their product with
 * up to 1,000 runs can pass what the money columns hold (2,147,483,647); a larger total is refused by
 * validateOrder with COST_TOO_LARGE before any statement runs, so every cost, refund and balance an
 * order moves stays inside them.
 */
export const ORDER_MAX_COST_WON = 1_000_000_000;

export const ORDER_MESSAGES = {
  SERVICE_REQUIRED: '서비스를 선택해 주세요.',
  LINK_REQUIRED: '주문 링크를 입력해주세요.',
  LINK_FORMAT: '주문 링크는 http:// 또는 https:// 로 시작하는 주소로 입력해주세요.',
  LINK_INVISIBLE:
    '주문 링크에 보이지 않는 문자(방향 전환·폭 없는 공백 같은 서식 문자, 제어 문자)는 넣을 수 없습니다. 주소창의 링크를 그대로 복사해 붙여 넣어 주세요.',
  AMOUNT_NOT_INTEGER: '주문 수량은 정수로 입력해주세요.',
  AMOUNT_BELOW_MIN: '주문 수량이 최소수량보다 적습니다.',
  AMOUNT_ABOVE_MAX: '주문 수량이 최대수량보다 많습니다.',
  RUNS_TOO_FEW: '자동주문 횟수는 1보다 커야 합니다',
  RUNS_NOT_INTEGER: '자동주문 횟수는 소수점이 불가합니다',
  INTERVAL_TOO_SHORT: '자동주문 간격은 60이상 이여야 합니다',
  INTERVAL_NOT_INTEGER: '자동주문 간격은 소수점이 불가합니다',
  RUNS_TOO_MANY: '자동주문 횟수는 1000회 이하로 입력해주세요.',
  COST_TOO_LARGE: `한 번에 주문할 수 있는 금액은 최대 ${formatWon(ORDER_MAX_COST_WON)}입니다. 수량이나 자동주문 횟수를 줄여 주세요.`,
  INTERVAL_TOO_LONG: '자동주문 간격은 43200분(30일) 이하로 입력해주세요.',
  AUTO_NOT_ALLOWED: '자동주문을 지원하지 않는 상품입니다.',
  UNAVAILABLE: '주문불가 상품입니다.',
  INSUFFICIENT_POINTS: '포인트가 부족합니다.',
  // Service types (docs/product.md#service-types).
  COMMENTS_REQUIRED: '댓글을 한 줄에 하나씩 입력해주세요.',
  COMMENTS_BELOW_MIN: '댓글 수가 최소수량보다 적습니다.',
  COMMENTS_ABOVE_MAX: '댓글 수가 최대수량보다 많습니다.',
  COMMENT_TOO_LONG: `댓글은 한 줄에 ${COMMENT_MAX_LENGTH}자까지 입력할 수 있습니다.`,
  COMMENT_CONTROL: '댓글에 제어 문자는 넣을 수 없습니다.',
  COMMENTS_AMOUNT_MISMATCH: '주문 수량은 입력한 댓글 수와 같아야 합니다.',
  COMMENTS_NOT_ACCEPTED: '이 상품은 댓글을 받지 않습니다. 댓글 입력 상품을 선택해주세요.',
  PACKAGE_AMOUNT_FIXED: '패키지 상품은 수량을 바꿀 수 없습니다.',
  FAILED: '주문에 실패했습니다.',
  SUCCESS: '주문에 성공했습니다.',
} as const;

/** Auto-order limits (docs/product.md#auto-orders): more than one run, at least 60 minutes apart. */
export const AUTO_ORDER_MIN_INTERVAL_MINUTES = 60;
/** Upper bounds that keep every total far inside exact integer arithmetic. */
export const AUTO_ORDER_MAX_RUNS = 1000;
export const AUTO_ORDER_MAX_INTERVAL_MINUTES = 60 * 24 * 30;
export const ORDER_LINK_MAX_LENGTH = 2000;

export const MILLI_PER_WON = 1000;

/** '0.35' → 350, '12' → 12000; null for anything that is not a non-negative price with ≤ 3 decimals. */
export function parseUnitPriceMilli(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(3, '0'));
  return whole * MILLI_PER_WON + fraction;
}

/** 350 → '0.35', 12000 → '12': the unit price as a member reads it (no trailing zeros). */
export function formatUnitPriceMilli(milli: number): string {
  const whole = Math.floor(milli / MILLI_PER_WON);
  const fraction = String(milli % MILLI_PER_WON)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const wholeWonFormat = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

/**
 * 350 → '₩0.35', 60000 → '₩60', 1234500 → '₩1,234.5': a unit price shown like every other amount on the
 * site (₩, thousands separators) without losing the thousandths a price may have.
 */
export function formatUnitPrice(milli: number): string {
  const [whole = '0', fraction] = formatUnitPriceMilli(milli).split('.');
  const grouped = wholeWonFormat.format(Number(whole));
  return fraction ? `₩${grouped}.${fraction}` : `₩${grouped}`;
}

/** The price of `units` units in whole won, rounded up (BigInt: milli-won products can pass 2^53). */
export function costOfUnitsWon(unitPriceMilli: number, units: number | bigint): number {
  const milli = BigInt(unitPriceMilli) * BigInt(units);
  const perWon = BigInt(MILLI_PER_WON);
  const won = (milli + perWon - 1n) / perWon;
  if (won > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('order total out of range');
  return Number(won);
}

/**
 * Total = unit price × quantity × max(runs, 1), in whole won rounded up, so a fraction of a won is
 * never given away (docs/product.md#orders).
 */
export function orderCostWon(unitPriceMilli: number, amount: number, runs: number): number {
  return costOfUnitsWon(unitPriceMilli, BigInt(amount) * BigInt(Math.max(runs, 1)));
}

/**
 * The share of an auto-order's up-front total that its run number `run` (1-based) carries: the shares
 * of all runs add up to exactly the total, however the rounding falls.
 */
export function autoOrderRunCostWon(unitPriceMilli: number, amount: number, run: number): number {
  return (
    costOfUnitsWon(unitPriceMilli, BigInt(amount) * BigInt(run)) -
    costOfUnitsWon(unitPriceMilli, BigInt(amount) * BigInt(run - 1))
  );
}

/**
 * An auto-order's final quantity (docs/product.md#auto-orders): quantity × the runs it places. A running
 * one still counts every run of its plan; a stopped one placed only `completed` runs (the rest were
 * refunded), so `final` is what was really ordered and `planned` what was asked for. Quantity × runs for
 * a cancelled one would show units nobody ordered or paid for.
 */
export function autoOrderQuantity(autoOrder: {
  amount: number;
  runs: number;
  completed: number;
  status: AutoOrderStatus;
}): { final: number; planned: number } {
  const planned = autoOrder.amount * autoOrder.runs;
  const placedRuns = autoOrder.status === AutoOrderStatus.ACTIVE ? autoOrder.runs : autoOrder.completed;
  return { final: autoOrder.amount * placedRuns, planned };
}

/** The final quantity as the histories show it: '500', or '300 (계획 500)' for one stopped early. */
export function formatAutoOrderQuantity(autoOrder: Parameters<typeof autoOrderQuantity>[0]): string {
  const { final, planned } = autoOrderQuantity(autoOrder);
  return final === planned ? formatCount(final) : `${formatCount(final)} (계획 ${formatCount(planned)})`;
}

/**
 * Whether the total of `units` units at `unitPriceMilli` stays within ORDER_MAX_COST_WON: BigInt
 * throughout, so any price and quantity a request can carry is compared exactly and never throws.
 */
export function orderCostWithinLimit(unitPriceMilli: number, units: bigint): boolean {
  if (!Number.isSafeInteger(unitPriceMilli) || unitPriceMilli < 0 || units < 0n) return false;
  const milli = BigInt(unitPriceMilli) * units;
  return milli <= BigInt(ORDER_MAX_COST_WON) * BigInt(MILLI_PER_WON);
}

/**
 * What goes back for an order of `amount` that paid `cost` and left `remains` undelivered: the cost
 * less the price of what was delivered (rounded up), never below 0 nor above the cost.
 */
export function refundForRemainsWon(
  cost: number,
  unitPriceMilli: number,
  amount: number,
  remains: number,
): number {
  const undelivered = Math.min(Math.max(remains, 0), amount);
  if (undelivered === 0) return 0;
  const delivered = costOfUnitsWon(unitPriceMilli, amount - undelivered);
  return Math.min(cost, Math.max(0, cost - delivered));
}

export interface OrderServiceRules {
  /** The unit price in milli-won: the total is checked against ORDER_MAX_COST_WON. */
  unitPriceMilli: number;
  min: number;
  max: number;
  enableAuto: boolean;
  isReadOnly: boolean;
  /** docs/product.md#service-types; absent = default. */
  type?: ServiceType;
}

export interface OrderInput {
  link: string;
  /**
   * The quantity asked for. May be left out for a Custom Comments service (the number of comment lines)
   * and a Package (its fixed quantity): see orderAmount.
   */
  amount?: number;
  /** A Custom Comments order's comments, one a line (docs/product.md#service-types). */
  comments?: string;
  /** 0 without auto-order. */
  runs: number;
  /** Minutes between runs; 0 without auto-order. */
  interval: number;
  /**
   * Whether the member asked for an auto-order (the form's checkbox). The wire format has no such field
   * (without auto-order, runs and interval are sent as 0: docs/product.md#data-shapes), so when absent
   * it is read from them: an auto-order is one with runs or interval not 0.
   */
  autoOrder?: boolean;
}

export interface OrderContext {
  /** The chosen product, or null when none is chosen (or it is hidden / unknown). */
  service: OrderServiceRules | null;
  /** ENABLE_SERVICE_CHECK: ordering is paused site-wide. */
  serviceCheck: boolean;
}

/** Whether an order is an auto-order: the form's checkbox, or on the wire runs or interval not 0. */
export function isAutoOrder(input: Pick<OrderInput, 'runs' | 'interval' | 'autoOrder'>): boolean {
  return input.autoOrder ?? (input.runs !== 0 || input.interval !== 0);
}

/**
 * An http(s) link with a host that has a dot, no whitespace and no invisible character (a direction
 * override or a zero-width space would make it read as another address: docs/product.md#order-rules).
 */
export function isOrderLink(link: string): boolean {
  if (link.length > ORDER_LINK_MAX_LENGTH || /\s/.test(link) || hasInvisibleCharacter(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * A stored order link as a screen shows it (docs/product.md#operator-console): its real host first,
 * then the rest, so no path can pass for another address. `href` is the parsed URL (null when the
 * link is not an http(s) URL or holds an invisible character: shown as text, not a link); `host` is
 * the host as the browser will reach it (an international name in its xn-- form); `rest` is the path,
 * query and fragment, percent-decoded where that gives readable text, with any invisible character
 * shown as its code point. `text` is the whole link fit to show as plain text.
 */
export function orderLinkParts(link: string): {
  href: string | null;
  host: string;
  rest: string;
  text: string;
} {
  const text = revealInvisibleCharacters(link);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { href: null, host: '', rest: text, text };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || hasInvisibleCharacter(link)) {
    return { href: null, host: '', rest: text, text };
  }
  const tail = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
  let rest = tail;
  try {
    rest = decodeURIComponent(tail);
  } catch {
    // Not UTF-8 percent-encoding: shown as encoded.
  }
  return { href: url.href, host: url.host, rest: revealInvisibleCharacters(rest), text };
}

/**
 * The quantity an order delivers (and is priced by): a Custom Comments order's number of comment lines,
 * a Package's fixed quantity (its min), otherwise the amount asked for. Call after validateOrder passed.
 */
export function orderAmount(
  service: Pick<OrderServiceRules, 'type' | 'min'>,
  input: Pick<OrderInput, 'amount' | 'comments'>,
): number {
  switch (service.type ?? 'default') {
    case 'custom_comments':
      return commentLines(input.comments ?? '').length;
    case 'package':
      return service.min;
    default:
      return input.amount ?? Number.NaN;
  }
}

/** The comments as they are stored and sent to the provider: the lines joined by \n, or null. */
export function orderComments(
  service: Pick<OrderServiceRules, 'type'>,
  input: Pick<OrderInput, 'comments'>,
): string | null {
  return service.type === 'custom_comments' ? commentLines(input.comments ?? '').join('\n') : null;
}

/**
 * Custom Comments and Package (docs/product.md#service-types): no drip-feed; an amount, when sent, must
 * be what the type fixes (the number of lines, the package's quantity); comments only where they are taken.
 */
function validateTypedOrder(type: ServiceType, input: OrderInput, service: OrderServiceRules): string | null {
  const m = ORDER_MESSAGES;
  const amountSent = input.amount !== undefined;
  if (type === 'package') {
    if (input.comments !== undefined && input.comments.trim() !== '') return m.COMMENTS_NOT_ACCEPTED;
    if (amountSent && input.amount !== service.min) return m.PACKAGE_AMOUNT_FIXED;
  } else {
    const lines = commentLines(input.comments ?? '');
    if (lines.length === 0) return m.COMMENTS_REQUIRED;
    const problem = commentLinesProblem(lines);
    if (problem === 'control') return m.COMMENT_CONTROL;
    if (problem === 'too-long') return m.COMMENT_TOO_LONG;
    if (lines.length < service.min) return m.COMMENTS_BELOW_MIN;
    if (lines.length > service.max || lines.length > COMMENTS_MAX_LINES) return m.COMMENTS_ABOVE_MAX;
    if (amountSent && input.amount !== lines.length) return m.COMMENTS_AMOUNT_MISMATCH;
  }
  if (isAutoOrder(input)) return m.AUTO_NOT_ALLOWED;
  return costProblem(service, orderAmount({ ...service, type }, input), 0);
}

/**
 * The first broken rule's message, or null, in the order of docs/product.md#order-rules. An auto-order
 * is one with runs or interval not 0; without it both must be 0 (the form sends 0). The balance is
 * checked by the caller against `orderCostWon` (on the server by the debit itself).
 */
export function validateOrder(input: OrderInput, ctx: OrderContext): string | null {
  const m = ORDER_MESSAGES;
  const { service } = ctx;
  if (!service) return m.SERVICE_REQUIRED;
  if (ctx.serviceCheck || service.isReadOnly) return m.UNAVAILABLE;
  const link = input.link.trim();
  if (link.length === 0) return m.LINK_REQUIRED;
  if (hasInvisibleCharacter(link)) return m.LINK_INVISIBLE;
  if (!isOrderLink(link)) return m.LINK_FORMAT;
  const type = service.type ?? 'default';
  if (type !== 'default') return validateTypedOrder(type, input, service);
  if (input.comments !== undefined && input.comments.trim() !== '') return m.COMMENTS_NOT_ACCEPTED;
  const amount = input.amount;
  if (amount === undefined || !Number.isSafeInteger(amount)) return m.AMOUNT_NOT_INTEGER;
  if (amount < service.min) return m.AMOUNT_BELOW_MIN;
  if (amount > service.max) return m.AMOUNT_ABOVE_MAX;
  if (!isAutoOrder(input)) return costProblem(service, amount, 0);
  if (!service.enableAuto) return m.AUTO_NOT_ALLOWED;
  // `!(x > 1)` rather than `x <= 1`, so NaN fails too.
  if (!(input.runs > 1)) return m.RUNS_TOO_FEW;
  if (!Number.isInteger(input.runs)) return m.RUNS_NOT_INTEGER;
  if (input.runs > AUTO_ORDER_MAX_RUNS) return m.RUNS_TOO_MANY;
  if (!(input.interval >= AUTO_ORDER_MIN_INTERVAL_MINUTES)) return m.INTERVAL_TOO_SHORT;
  if (!Number.isInteger(input.interval)) return m.INTERVAL_NOT_INTEGER;
  if (input.interval > AUTO_ORDER_MAX_INTERVAL_MINUTES) return m.INTERVAL_TOO_LONG;
  return costProblem(service, amount, input.runs);
}

/** COST_TOO_LARGE when the order's total (all runs) would pass ORDER_MAX_COST_WON. */
function costProblem(service: OrderServiceRules, amount: number, runs: number): string | null {
  const units = BigInt(amount) * BigInt(Math.max(runs, 1));
  return orderCostWithinLimit(service.unitPriceMilli, units) ? null : ORDER_MESSAGES.COST_TOO_LARGE;
}
