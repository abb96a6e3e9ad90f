/**
 * Mass orders (docs/product.md#mass-order): many orders pasted at once in the trade's line format,
 * `service_id | link | quantity`, or `service_id | link | quantity | runs | interval` for drip-feed.
 * Every line is one order, checked by validateOrder with the single order's messages; the overlap rule
 * (docs/product.md#refill-and-cancellation) also holds between the lines. The screen shows the server's
 * own preview of these checks (nothing parsed in the browser), so a line it shows as fine is one the
 * server takes unless the catalogue or the open orders changed in between.
 */
import { orderLinkKey } from './order-link-key';
import {
  isAutoOrder,
  orderAmount,
  orderCostWon,
  validateOrder,
  ORDER_MESSAGES,
  type OrderServiceRules,
} from './order-rules';

/** Lines (blank ones not counted) one mass order may hold. */
export const MASS_ORDER_MAX_LINES = 500;
/** Characters of pasted text: 500 lines of a 2,000-character link and their numbers, with room to spare. */
export const MASS_ORDER_MAX_TEXT = 1_100_000;

export const MASS_ORDER_MESSAGES = {
  EMPTY: '주문할 줄을 입력해주세요. 한 줄에 "서비스번호 | 링크 | 수량" 하나씩입니다.',
  TOO_MANY_LINES: `대량 주문은 한 번에 ${MASS_ORDER_MAX_LINES}줄까지 입력할 수 있습니다.`,
  LINE_FORMAT:
    '"서비스번호 | 링크 | 수량" 형식으로 입력해주세요. 자동주문은 "서비스번호 | 링크 | 수량 | 횟수 | 간격"입니다.',
  SERVICE_ID: '서비스번호는 숫자로 입력해주세요.',
  UNKNOWN_SERVICE: '없는 서비스번호입니다. 주문하기의 상품 번호를 확인해주세요.',
  COMMENTS_SERVICE: '댓글 상품은 대량 주문에서 주문할 수 없습니다. 주문하기에서 주문해주세요.',
  NOTHING_VALID: '주문할 수 있는 줄이 없습니다. 줄마다 표시된 오류를 고쳐 주세요.',
} as const;

/** A later line ordering the same service for the same link as line `first` (the overlap rule). */
export function massOrderDuplicateMessage(first: number): string {
  return `${first}번째 줄과 같은 링크로 같은 서비스를 주문했습니다. 한 줄로 합치거나 앞 주문이 끝난 뒤 다시 주문해 주세요.`;
}

/** One order as a line asks for it; runs and interval are 0 without drip-feed. */
export interface MassOrderLineInput {
  serviceId: number;
  link: string;
  /** NaN when the quantity is not a whole number written in digits (validateOrder says so). */
  amount: number;
  runs: number;
  interval: number;
}

/** A non-blank line: `line` is its 1-based number in the pasted text (blank lines counted). */
export interface ParsedMassLine {
  line: number;
  /** The line as pasted, trimmed (for the result table and its CSV). */
  text: string;
  order: MassOrderLineInput | null;
  error: string | null;
}

/** Digits, with a decimal part so that validateOrder can say "no decimals" as it does for one order. */
const NUMBER = /^\d+(?:\.\d+)?$/;
const SERVICE_ID_MAX = 2_147_483_647;

/** A number written in digits (unsafe ones stay unsafe, so validateOrder refuses them); anything else NaN. */
function wholeNumber(text: string): number {
  return NUMBER.test(text) ? Number(text) : Number.NaN;
}

function parseLine(line: number, text: string): ParsedMassLine {
  const parts = text.split('|').map((part) => part.trim());
  if (parts.length !== 3 && parts.length !== 5) {
    return { line, text, order: null, error: MASS_ORDER_MESSAGES.LINE_FORMAT };
  }
  const [id = '', link = '', quantity = '', runs = '0', interval = '0'] = parts;
  const serviceId = wholeNumber(id);
  if (!(Number.isInteger(serviceId) && serviceId >= 1 && serviceId <= SERVICE_ID_MAX)) {
    return { line, text, order: null, error: MASS_ORDER_MESSAGES.SERVICE_ID };
  }
  const order = {
    serviceId,
    link,
    amount: wholeNumber(quantity),
    runs: wholeNumber(runs),
    interval: wholeNumber(interval),
  };
  return { line, text, order, error: null };
}

/**
 * The pasted text as lines (any line break; blank lines ignored), each parsed or with its Korean
 * error; or the whole text's error (nothing to order, more than MASS_ORDER_MAX_LINES lines).
 */
export function parseMassOrder(text: string): { lines: ParsedMassLine[] } | { error: string } {
  const lines: ParsedMassLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!.trim();
    if (row === '') continue;
    if (lines.length === MASS_ORDER_MAX_LINES) return { error: MASS_ORDER_MESSAGES.TOO_MANY_LINES };
    lines.push(parseLine(index + 1, row));
  }
  return lines.length === 0 ? { error: MASS_ORDER_MESSAGES.EMPTY } : { lines };
}

export interface MassOrderContext {
  /** The product of this id as the order form would find it, or null (unknown, hidden). */
  serviceOf(serviceId: number): OrderServiceRules | null;
  /** ENABLE_SERVICE_CHECK: ordering is paused site-wide. */
  serviceCheck: boolean;
  /** The overlap rule applies (ALLOW_OVERLAPPING_ORDERS off): also between the lines. */
  refuseOverlap: boolean;
}

/** A line checked: `cost` (won, all runs) and `amount` when it can be ordered, else its `error`. */
export interface CheckedMassLine extends ParsedMassLine {
  auto: boolean;
  amount: number | null;
  cost: number | null;
}

/**
 * Every line checked as a single order is (validateOrder against its product), Custom Comments products
 * refused (their comments have no place in a line), and a line repeating an earlier valid line's
 * service and link (by the link's key) refused under the overlap rule; the valid ones priced.
 */
export function checkMassOrder(lines: readonly ParsedMassLine[], ctx: MassOrderContext): CheckedMassLine[] {
  const firstLineOf = new Map<string, number>();
  return lines.map((parsed) => {
    const refused = (error: string): CheckedMassLine => ({
      ...parsed,
      auto: false,
      amount: null,
      cost: null,
      error,
    });
    const { order } = parsed;
    if (!order || parsed.error) return refused(parsed.error ?? MASS_ORDER_MESSAGES.LINE_FORMAT);
    const service = ctx.serviceOf(order.serviceId);
    if (!service) return refused(MASS_ORDER_MESSAGES.UNKNOWN_SERVICE);
    if (service.type === 'custom_comments') return refused(MASS_ORDER_MESSAGES.COMMENTS_SERVICE);
    const message = validateOrder(
      { link: order.link, amount: order.amount, runs: order.runs, interval: order.interval },
      { service, serviceCheck: ctx.serviceCheck },
    );
    if (message)
      return refused(
        message === ORDER_MESSAGES.SERVICE_REQUIRED ? MASS_ORDER_MESSAGES.UNKNOWN_SERVICE : message,
      );
    if (ctx.refuseOverlap) {
      const key = `${order.serviceId}\n${orderLinkKey(order.link)}`;
      const first = firstLineOf.get(key);
      if (first !== undefined) return refused(massOrderDuplicateMessage(first));
      firstLineOf.set(key, parsed.line);
    }
    const auto = isAutoOrder(order);
    const amount = orderAmount(service, { amount: order.amount });
    const cost = orderCostWon(service.unitPriceMilli, amount, auto ? order.runs : 0);
    return { ...parsed, auto, amount, cost, error: null };
  });
}

/** The won the valid lines cost together. */
export function massOrderTotalWon(lines: readonly Pick<CheckedMassLine, 'cost' | 'error'>[]): number {
  return lines.reduce((sum, line) => (line.error === null && line.cost !== null ? sum + line.cost : sum), 0);
}
