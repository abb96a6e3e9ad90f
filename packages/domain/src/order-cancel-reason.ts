/**
 * Why the background loop cancelled and refunded an order (docs/product.md#orders): its provider
 * refused it, or every send failed. The server stores one line (`orders.cancel_reason`) made here; the
 * operator reads it as it is (the provider's own words), the member reads `memberCancelReason` of it:
 * the provider's words in Korean where they are known, quoted otherwise, never naming the provider or
 * holding anything that looks like a key.
 */
import { cleanProviderLine } from './invisible-characters';

const REFUSED_PREFIX = '공급사 거절: ';
const FAILED_PREFIX = '전송 실패';
/** The stored reason's length (the column is text; a provider's refusal is a sentence). */
export const CANCEL_REASON_MAX = 500;
/** How much of a provider's words a member sees when they are quoted. */
const MEMBER_QUOTE_MAX = 120;

/**
 * The stored reason of an order its provider refused: `message` is the provider call's error, of which
 * only the provider's own words are kept (the action and HTTP status before them are the client's
 * English, of no use to an operator reading 취소 사유).
 */
export function cancelReasonOfRefusal(message: string): string {
  return `${REFUSED_PREFIX}${cleanProviderLine(providerWords(message))}`.slice(0, CANCEL_REASON_MAX);
}

/** The stored reason of an order cancelled after `attempts` failed sends; `message` is the last error. */
export function cancelReasonOfFailedSends(attempts: number, message: string): string {
  return `${FAILED_PREFIX} (${attempts}회): ${cleanProviderLine(message)}`.slice(0, CANCEL_REASON_MAX);
}

const OUT_OF_FUNDS =
  /\b(not enough|insufficient|low)\b.*\b(funds?|balance|money|credit)\b|\bno (funds|balance)\b/i;

/**
 * A refusal for the provider's own account, not the order: "Not enough funds on balance", "Insufficient
 * balance" … The order is fine and goes through once its operator tops the provider up, so the worker
 * retries it with the usual back-off (the watch and the notifications show the provider low meanwhile)
 * instead of cancelling and refunding it at once like an order the provider refused
 * (docs/ARCHITECTURE.md#provider-health); a member reads it as the provider's trouble.
 */
export function isOutOfFunds(refusal: string): boolean {
  return OUT_OF_FUNDS.test(refusal);
}

/**
 * The trade's common refusals in Korean, first match wins (the provider's text as it was quoted, any
 * case). A refusal about the provider's own account (its balance, its key) reads as the provider's
 * trouble: the member's points are not the question and the provider's affairs are not theirs.
 */
const KNOWN_REFUSALS: readonly { pattern: RegExp; korean: string }[] = [
  { pattern: OUT_OF_FUNDS, korean: '공급사 사정으로 주문을 처리하지 못했습니다.' },
  {
    pattern: /\b(api[ _-]?key|invalid key|incorrect key)\b/i,
    korean: '공급사 사정으로 주문을 처리하지 못했습니다.',
  },
  {
    pattern:
      /\b(incorrect|invalid|bad|wrong|malformed|not ?a ?valid)\b.*\b(link|url)\b|\b(link|url)\b.*\b(incorrect|invalid|not valid|wrong)\b/i,
    korean: '링크가 올바르지 않습니다. 링크를 확인한 뒤 다시 주문해 주세요.',
  },
  {
    pattern: /\bquantity\b.*\b(less|lower|smaller)\b.*\bmin|\bmin(imum|imal)?\b.*\bquantity\b/i,
    korean: '주문 수량이 공급사의 최소 수량보다 적습니다.',
  },
  {
    pattern: /\bquantity\b.*\b(more|greater|higher|bigger)\b.*\bmax|\bmax(imum|imal)?\b.*\bquantity\b/i,
    korean: '주문 수량이 공급사의 최대 수량보다 많습니다.',
  },
  {
    pattern:
      /\b(incorrect|invalid|unknown|wrong|bad)\b.*\bservice\b|\bservice\b.*\b(not found|not exist|does ?n[o']t exist|disabled|unavailable|not active|inactive|closed)\b/i,
    korean: '공급사에서 이 상품을 지금 주문할 수 없습니다.',
  },
  {
    pattern: /\bactive order\b.*\blink\b|\b(already|still)\b.*\border\b.*\b(link|in progress|running)\b/i,
    korean: '같은 링크로 진행 중인 주문이 공급사에 있습니다. 진행 중인 주문이 끝난 뒤 다시 주문해 주세요.',
  },
  {
    pattern: /\bprivate\b/i,
    korean: '계정이나 게시물이 비공개라 처리할 수 없습니다. 공개로 바꾼 뒤 다시 주문해 주세요.',
  },
  {
    pattern:
      /\b(user|username|account|profile|page|post|video|channel|media)\b.*\b(not found|not exist|does ?n[o']t exist|deleted|unavailable)\b/i,
    korean: '링크의 계정이나 게시물을 찾을 수 없습니다. 링크를 확인해 주세요.',
  },
];

/**
 * The provider's own words in a stored refusal: what follows the client's `refused: ` (an action and an
 * HTTP status before it are ours), else the text after the action's name.
 */
function providerWords(message: string): string {
  const refused = message.lastIndexOf('refused: ');
  if (refused !== -1) return message.slice(refused + 'refused: '.length).trim();
  return message.replace(/^[a-z_]+: /, '').trim();
}

/**
 * Quoted words without what could identify the provider or its account: links and host names, the
 * provider's name, anything shaped like a key or token; cut to MEMBER_QUOTE_MAX.
 */
function maskedQuote(words: string, providerName: string | null): string {
  let text = words
    .replace(/\bhttps?:\/\/\S+/gi, '[링크]')
    .replace(/\b[\w-]+(\.[\w-]+)*\.[a-z]{2,}\b/gi, '[주소]')
    .replace(/[A-Za-z0-9_-]{16,}/g, (token) => (/\d/.test(token) || token.length >= 24 ? '***' : token));
  const name = providerName?.trim();
  if (name && name.length >= 2) text = text.split(name).join('공급사');
  text = text.replace(/"/g, "'");
  return text.length > MEMBER_QUOTE_MAX ? `${text.slice(0, MEMBER_QUOTE_MAX - 1)}…` : text;
}

/**
 * What a member reads of a stored cancel reason, in Korean; null for none. `providerName` is masked
 * out of a quote (members never learn who fulfils their orders).
 */
export function memberCancelReason(stored: string | null, providerName: string | null = null): string | null {
  if (!stored) return null;
  if (stored.startsWith(FAILED_PREFIX)) {
    return '공급사에 주문을 전달하지 못해 취소하고 전액 환불했습니다.';
  }
  if (!stored.startsWith(REFUSED_PREFIX)) return '주문이 처리되지 못해 취소하고 전액 환불했습니다.';
  const words = cleanProviderLine(providerWords(stored.slice(REFUSED_PREFIX.length)));
  const known = KNOWN_REFUSALS.find((entry) => entry.pattern.test(words));
  if (known) return `공급사가 주문을 받지 않았습니다: ${known.korean}`;
  if (words === '') return '공급사가 주문을 받지 않아 취소하고 전액 환불했습니다.';
  return `공급사가 주문을 받지 않았습니다: "${maskedQuote(words, providerName)}"`;
}
