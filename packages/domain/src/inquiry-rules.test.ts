import { describe, expect, it } from 'vitest';
import {
  INQUIRY_MESSAGES as M,
  INQUIRY_TEXT_MAX,
  INQUIRY_TITLE_MAX,
  canMemberWrite,
  faqSuggestionsFor,
  inquiryLinkOf,
  stateAfterMemberMessage,
  validateInquiry,
  validateInquiryText,
  type InquiryInput,
} from './inquiry-rules';

const valid: InquiryInput = {
  type: 'ORDER_REFILL',
  title: '리필 부탁드립니다',
  text: '팔로워가 줄었어요.\n확인 부탁드립니다.',
  orderId: 12,
  chargeId: null,
};
const DAY = 24 * 60 * 60 * 1000;

describe('validateInquiry', () => {
  it('accepts an order inquiry linked to an order, with line breaks in its text', () => {
    expect(validateInquiry(valid)).toBeNull();
    expect(validateInquiry({ ...valid, type: 'CHARGE', orderId: null, chargeId: 3 })).toBeNull();
    expect(validateInquiry({ ...valid, type: 'ACCOUNT', orderId: null })).toBeNull();
  });

  it.each([
    ['an unknown type', { type: 'REFUND' }, M.TYPE],
    ['an order kind without an order', { orderId: null }, M.ORDER_REQUIRED],
    ['a charge inquiry without a charge', { type: 'CHARGE', orderId: null }, M.CHARGE_REQUIRED],
    ['an order on a charge inquiry', { type: 'CHARGE', chargeId: 1 }, M.LINK_NOT_ALLOWED],
    ['an order on an account inquiry', { type: 'ACCOUNT' }, M.LINK_NOT_ALLOWED],
    ['a charge on an order inquiry', { chargeId: 4 }, M.LINK_NOT_ALLOWED],
    ['an empty title', { title: '   ' }, M.TITLE_EMPTY],
    ['a one-letter title', { title: '앗' }, M.TITLE_TOO_SHORT],
    ['a long title', { title: '가'.repeat(INQUIRY_TITLE_MAX + 1) }, M.TITLE_TOO_LONG],
    ['a title of two lines', { title: '리필\n부탁' }, M.TITLE_ONE_LINE],
    ['a title turned around', { title: '리필 \u202E부탁' }, M.INVISIBLE],
    ['an empty text', { text: '\n  \n' }, M.TEXT_EMPTY],
    ['a long text', { text: '가'.repeat(INQUIRY_TEXT_MAX + 1) }, M.TEXT_TOO_LONG],
    ['a NUL in the text', { text: '확인\u0000부탁' }, M.INVISIBLE],
    ['a tab in the text', { text: '확인\t부탁' }, M.INVISIBLE],
  ])('refuses %s in Korean', (_, change, message) => {
    expect(validateInquiry({ ...valid, ...change })).toBe(message);
  });

  it('takes a message of exactly the limit', () => {
    expect(validateInquiryText('가'.repeat(INQUIRY_TEXT_MAX))).toBeNull();
    expect(validateInquiryText('a\r\nb')).toBeNull();
  });

  it('links the order kinds to an order, 충전·입금 to a charge, the rest to nothing', () => {
    expect(inquiryLinkOf('ORDER_SPEED')).toBe('order');
    expect(inquiryLinkOf('CHARGE')).toBe('charge');
    expect(inquiryLinkOf('OTHER')).toBe('none');
  });
});

describe('stateAfterMemberMessage', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('keeps a waiting inquiry waiting and makes an answered one wait again', () => {
    expect(stateAfterMemberMessage('WAITING', null, now)).toEqual({ state: 'WAITING', reopened: false });
    expect(stateAfterMemberMessage('ANSWERED', null, now)).toEqual({ state: 'WAITING', reopened: false });
  });

  it('reopens a closed inquiry up to 7 days after its closing and refuses it later', () => {
    const sevenDays = new Date(now.getTime() - 7 * DAY);
    expect(stateAfterMemberMessage('CLOSED', sevenDays, now)).toEqual({ state: 'WAITING', reopened: true });
    const longer = new Date(now.getTime() - 7 * DAY - 1);
    expect(stateAfterMemberMessage('CLOSED', longer, now)).toEqual({ refused: M.REOPEN_EXPIRED });
    expect(canMemberWrite('CLOSED', longer, now)).toBe(false);
    expect(canMemberWrite('CLOSED', sevenDays, now)).toBe(true);
  });
});

describe('faqSuggestionsFor', () => {
  const faqs = [
    { title: '리필은 어떻게 하나요?', answer: '주문내역에서 리필 요청을 누르세요.' },
    { title: '입금했는데 충전이 안 돼요', answer: '입금자명을 확인해주세요.' },
    { title: '주문 취소', answer: '진행 전 주문은 취소할 수 있습니다.' },
    { title: '리필 기간', answer: '상품마다 다릅니다.' },
  ];

  it('offers entries holding every word first, then any word, at most three', () => {
    expect(faqSuggestionsFor(faqs, '리필 요청').map((f) => f.title)).toEqual([
      '리필은 어떻게 하나요?',
      '리필 기간',
    ]);
    expect(faqSuggestionsFor(faqs, '충전 안 돼요').map((f) => f.title)).toEqual([
      '입금했는데 충전이 안 돼요',
    ]);
    expect(faqSuggestionsFor(faqs, '주문 리필 취소')).toHaveLength(3);
  });

  it('offers nothing for a title without a word of two characters', () => {
    expect(faqSuggestionsFor(faqs, '아 ')).toEqual([]);
  });
});
