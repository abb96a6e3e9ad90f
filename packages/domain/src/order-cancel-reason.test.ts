import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASON_MAX,
  cancelReasonOfFailedSends,
  cancelReasonOfRefusal,
  memberCancelReason,
} from './order-cancel-reason';

const refused = (words: string) => cancelReasonOfRefusal(`add: refused: ${words}`);

describe('cancel reasons (docs/product.md#orders)', () => {
  it('stores the provider call as one line the operator reads as it is', () => {
    expect(cancelReasonOfRefusal('add: refused: Incorrect link')).toBe('공급사 거절: Incorrect link');
    expect(cancelReasonOfRefusal('add: HTTP 400: refused: Bad\n\u202Elink')).toBe('공급사 거절: Bad link');
    expect(cancelReasonOfFailedSends(3, 'add: HTTP 500')).toBe('전송 실패 (3회): add: HTTP 500');
    expect(cancelReasonOfRefusal(`add: refused: ${'x'.repeat(900)}`)).toHaveLength(CANCEL_REASON_MAX);
  });

  it.each([
    ['Incorrect link', '링크가 올바르지 않습니다.'],
    ['invalid link', '링크가 올바르지 않습니다.'],
    ['The URL is not valid', '링크가 올바르지 않습니다.'],
    ['Quantity less than minimal 100', '최소 수량보다 적습니다'],
    ['Minimum quantity is 50', '최소 수량보다 적습니다'],
    ['Quantity more than maximal 5000', '최대 수량보다 많습니다'],
    ['Incorrect service ID', '공급사에서 이 상품을 지금 주문할 수 없습니다.'],
    ['Service not found', '공급사에서 이 상품을 지금 주문할 수 없습니다.'],
    ['Service is disabled', '공급사에서 이 상품을 지금 주문할 수 없습니다.'],
    [
      'You have active order with this link. Please wait until order being completed.',
      '같은 링크로 진행 중인 주문',
    ],
    ['This account is private', '비공개'],
    ['User not found', '찾을 수 없습니다'],
    ['Not enough funds on balance', '공급사 사정으로'],
    ['Invalid API key', '공급사 사정으로'],
  ])('translates %j', (words, korean) => {
    const text = memberCancelReason(refused(words));
    expect(text).toContain('공급사가 주문을 받지 않았습니다: ');
    expect(text).toContain(korean);
    expect(text).not.toContain(words);
  });

  it('quotes words it does not know, without links, hosts, the provider name or anything like a key', () => {
    expect(memberCancelReason(refused('Order rejected by moderation'))).toBe(
      '공급사가 주문을 받지 않았습니다: "Order rejected by moderation"',
    );
    const quoted = memberCancelReason(
      refused(
        'SuperPanel says: see https://superpanel.example/terms or mail ops@superpanel.example, ref sk_live_51HxYzAbCdEf123',
      ),
      'SuperPanel',
    )!;
    expect(quoted).not.toMatch(/superpanel|sk_live|51HxYz/i);
    expect(quoted).toContain('[링크]');
    expect(quoted).toContain('공급사 says');
    expect(memberCancelReason(refused('y'.repeat(400)))!.length).toBeLessThan(160);
    // A quote cannot close its own quotation marks.
    expect(memberCancelReason(refused('he said "ok"'))).toBe(
      `공급사가 주문을 받지 않았습니다: "he said 'ok'"`,
    );
  });

  it('says the sends failed without quoting our own technical text', () => {
    expect(memberCancelReason(cancelReasonOfFailedSends(3, 'add: connection failed'))).toBe(
      '공급사에 주문을 전달하지 못해 취소하고 전액 환불했습니다.',
    );
    expect(memberCancelReason(null)).toBeNull();
    expect(memberCancelReason('')).toBeNull();
  });
});
