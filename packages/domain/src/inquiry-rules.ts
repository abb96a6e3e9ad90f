/**
 * 1:1 문의 (docs/product.md#inquiries): what a member may ask about, the states an inquiry goes through,
 * the limits of its text and the flood limits, with the Korean refusals the form and the server share.
 */
import { hasInvisibleCharacter } from './invisible-characters';
import { searchFaq, type FaqEntry } from './faq';

/**
 * The kinds of inquiry. The four order kinds are what the trade's tickets are typed by (리필, 취소,
 * 속도) plus 기타; each names one of the member's orders, and 충전·입금 one of their charges.
 */
export const INQUIRY_TYPES = [
  'ORDER_REFILL',
  'ORDER_CANCEL',
  'ORDER_SPEED',
  'ORDER_OTHER',
  'CHARGE',
  'ACCOUNT',
  'OTHER',
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  ORDER_REFILL: '주문 문제 · 리필',
  ORDER_CANCEL: '주문 문제 · 취소',
  ORDER_SPEED: '주문 문제 · 속도',
  ORDER_OTHER: '주문 문제 · 기타',
  CHARGE: '충전·입금 문제',
  ACCOUNT: '계정',
  OTHER: '기타',
};

/** What an inquiry of a type must be linked to: one of the member's orders, charges, or nothing. */
export type InquiryLink = 'order' | 'charge' | 'none';
export function inquiryLinkOf(type: InquiryType): InquiryLink {
  if (type === 'CHARGE') return 'charge';
  return type.startsWith('ORDER_') ? 'order' : 'none';
}

export const INQUIRY_STATES = ['WAITING', 'ANSWERED', 'CLOSED'] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];
export const INQUIRY_STATE_LABELS: Record<InquiryState, string> = {
  WAITING: '답변 대기',
  ANSWERED: '답변 완료',
  CLOSED: '종료',
};

export const INQUIRY_TITLE_MIN = 2;
export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_TEXT_MAX = 2000;
/** Inquiries not closed that one member may have at once (a new one, or a reopened one, past it is refused). */
export const INQUIRY_OPEN_MAX = 5;
/** Messages (a new inquiry's first one included) one member may write in an hour. */
export const INQUIRY_MESSAGES_PER_HOUR = 20;
/** A closed inquiry takes a new message (and opens again) this long after it was closed. */
export const INQUIRY_REOPEN_DAYS = 7;
const REOPEN_MS = INQUIRY_REOPEN_DAYS * 24 * 60 * 60 * 1000;

export const INQUIRY_MESSAGES = {
  TYPE: '문의 유형을 골라주세요.',
  ORDER_REQUIRED: '문의할 주문을 골라주세요.',
  CHARGE_REQUIRED: '문의할 충전 신청을 골라주세요.',
  LINK_NOT_ALLOWED: '이 문의 유형에는 주문이나 충전 신청을 연결할 수 없습니다.',
  ORDER_NOT_FOUND: '내 주문 중에서 골라주세요.',
  CHARGE_NOT_FOUND: '내 충전 신청 중에서 골라주세요.',
  TITLE_EMPTY: '제목을 입력해주세요.',
  TITLE_TOO_SHORT: `제목은 ${INQUIRY_TITLE_MIN}자 이상 입력해주세요.`,
  TITLE_TOO_LONG: `제목은 ${INQUIRY_TITLE_MAX}자 이하로 입력해주세요.`,
  TITLE_ONE_LINE: '제목은 한 줄로 입력해주세요.',
  TEXT_EMPTY: '내용을 입력해주세요.',
  TEXT_TOO_LONG: `내용은 ${INQUIRY_TEXT_MAX.toLocaleString('ko-KR')}자 이하로 입력해주세요.`,
  INVISIBLE: '보이지 않는 문자는 쓸 수 없습니다. 다시 입력해주세요.',
  TOO_MANY_OPEN: `답변을 기다리는 문의가 ${INQUIRY_OPEN_MAX}건 있습니다. 기존 문의에 이어서 남겨주세요.`,
  TOO_MANY_MESSAGES: `문의 메시지는 1시간에 ${INQUIRY_MESSAGES_PER_HOUR}건까지 남길 수 있습니다. 잠시 후 다시 시도해주세요.`,
  REOPEN_EXPIRED: `종료된 지 ${INQUIRY_REOPEN_DAYS}일이 지난 문의입니다. 새 문의를 남겨주세요.`,
  CLOSED: '종료된 문의입니다.',
  ASSIGNEE: '담당자는 운영자 중에서 골라주세요.',
} as const;

export interface InquiryInput {
  type: string;
  title: string;
  text: string;
  orderId: number | null;
  chargeId: number | null;
}

const isInquiryType = (value: string): value is InquiryType =>
  (INQUIRY_TYPES as readonly string[]).includes(value);

/**
 * A message's text: line breaks are kept (the thread shows them), every other character that prints as
 * nothing is refused (docs/product.md#order-rules' rule for text one person types and another reads).
 */
export function validateInquiryText(text: string): string | null {
  const m = INQUIRY_MESSAGES;
  if (text.trim().length === 0) return m.TEXT_EMPTY;
  if (text.length > INQUIRY_TEXT_MAX) return m.TEXT_TOO_LONG;
  if (hasInvisibleCharacter(text.replace(/\r?\n/g, ''))) return m.INVISIBLE;
  return null;
}

export function validateInquiryTitle(title: string): string | null {
  const m = INQUIRY_MESSAGES;
  const trimmed = title.trim();
  if (trimmed.length === 0) return m.TITLE_EMPTY;
  if (/[\r\n]/.test(title)) return m.TITLE_ONE_LINE;
  if (hasInvisibleCharacter(title)) return m.INVISIBLE;
  if (trimmed.length < INQUIRY_TITLE_MIN) return m.TITLE_TOO_SHORT;
  if (trimmed.length > INQUIRY_TITLE_MAX) return m.TITLE_TOO_LONG;
  return null;
}

/** The first problem of a new inquiry's form, or null (whether the order or charge is the member's is the server's check). */
export function validateInquiry(input: InquiryInput): string | null {
  const m = INQUIRY_MESSAGES;
  if (!isInquiryType(input.type)) return m.TYPE;
  const link = inquiryLinkOf(input.type);
  if (link === 'order' && input.orderId === null) return m.ORDER_REQUIRED;
  if (link === 'charge' && input.chargeId === null) return m.CHARGE_REQUIRED;
  if ((link !== 'order' && input.orderId !== null) || (link !== 'charge' && input.chargeId !== null))
    return m.LINK_NOT_ALLOWED;
  return validateInquiryTitle(input.title) ?? validateInquiryText(input.text);
}

/**
 * The state after the member writes in an inquiry: a waiting one stays waiting, an answered one waits
 * again, a closed one opens again within INQUIRY_REOPEN_DAYS of its closing; later it is refused.
 */
export function stateAfterMemberMessage(
  state: InquiryState,
  closedAt: Date | null,
  now: Date,
): { state: 'WAITING'; reopened: boolean } | { refused: string } {
  if (state !== 'CLOSED') return { state: 'WAITING', reopened: false };
  if (closedAt !== null && now.getTime() - closedAt.getTime() <= REOPEN_MS)
    return { state: 'WAITING', reopened: true };
  return { refused: INQUIRY_MESSAGES.REOPEN_EXPIRED };
}

/** Whether the member may write in the inquiry now (the thread hides its form when not). */
export function canMemberWrite(state: InquiryState, closedAt: Date | null, now: Date): boolean {
  return !('refused' in stateAfterMemberMessage(state, closedAt, now));
}

/** At most this many FAQ entries are offered while a title is typed. */
export const INQUIRY_FAQ_SUGGESTIONS = 3;

/**
 * FAQ entries that may already answer a title being typed: those holding every word of it first (the FAQ
 * page's search), then those holding any word of two characters or more, at most INQUIRY_FAQ_SUGGESTIONS.
 */
export function faqSuggestionsFor<T extends FaqEntry>(items: readonly T[], title: string): T[] {
  const words = title
    .toLocaleLowerCase('ko-KR')
    .split(/[\s.,!?~·]+/)
    .filter((word) => word.length >= 2);
  if (words.length === 0) return [];
  const all = searchFaq(items, words.join(' ')).map(({ item }) => item);
  const some = items.filter((item) => {
    const text = `${item.title}\n${item.answer}`.toLocaleLowerCase('ko-KR');
    return !all.includes(item) && words.some((word) => text.includes(word));
  });
  return [...all, ...some].slice(0, INQUIRY_FAQ_SUGGESTIONS);
}
