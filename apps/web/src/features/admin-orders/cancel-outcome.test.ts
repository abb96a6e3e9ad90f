import { describe, expect, it } from 'vitest';
import type { OrderCancelResponse } from '@smm/domain/contract';
import { cancelOutcome } from './cancel-outcome';
import { sampleOrder } from './orders-test-data';

const answer = (
  provider: OrderCancelResponse['provider'],
  over: Partial<OrderCancelResponse> = {},
  providerOrderId: string | null = '9001',
): OrderCancelResponse => ({
  order: sampleOrder({ id: 9, status: 5, refunded: 5_000, providerOrderId }),
  changed: true,
  refunded: 5_000,
  provider,
  ...over,
});

describe('cancelOutcome: what a cancellation did, from the answer', () => {
  it('says the refund and that the provider accepted', () => {
    expect(cancelOutcome(9, answer({ asked: true, accepted: true, error: null }))).toEqual({
      tone: 'success',
      text: '주문 #9를 취소하고 ₩5,000을 환불했습니다. 공급사도 취소 요청을 받아들였습니다 (공급사 주문번호 9001).',
    });
  });

  it('warns with the provider’s reason when it refused', () => {
    expect(
      cancelOutcome(9, answer({ asked: true, accepted: false, error: 'Order cannot be canceled' })),
    ).toEqual({
      tone: 'warning',
      text: '주문 #9를 취소하고 ₩5,000을 환불했습니다. 공급사는 취소 요청을 받아들이지 않았습니다 (공급사 주문번호 9001): Order cannot be canceled',
    });
  });

  it('warns when the provider could not be asked', () => {
    const missing = '공급사가 없거나 꺼져 있어 공급사에 취소를 요청하지 못했습니다.';
    expect(cancelOutcome(9, answer({ asked: false, accepted: false, error: missing }))).toEqual({
      tone: 'warning',
      text: `주문 #9를 취소하고 ₩5,000을 환불했습니다. ${missing}`,
    });
  });

  it('says nothing was sent when the order was not at a provider', () => {
    expect(cancelOutcome(9, answer({ asked: false, accepted: false, error: null }, {}, null))).toEqual({
      tone: 'success',
      text: '주문 #9를 취소하고 ₩5,000을 환불했습니다. 공급사에 접수되기 전이라 공급사에는 아무것도 보내지 않았고, 더 이상 전송되지 않습니다.',
    });
  });

  it('says an order already cancelled changed nothing, and a cancel with nothing to refund', () => {
    const none = { asked: false, accepted: false, error: null };
    expect(cancelOutcome(9, answer(none, { changed: false, refunded: 0 }, null)).text).toBe(
      '이미 취소된 주문입니다.',
    );
    expect(cancelOutcome(9, answer(none, { changed: false, refunded: 0 })).text).toBe(
      '이미 취소됐거나 공급사에 취소를 요청한 주문입니다.',
    );
    expect(cancelOutcome(10, answer(none, { refunded: 0 }, null)).text).toMatch(
      /^주문 #10을 취소했습니다\(환불할 금액 없음\)\. /,
    );
  });

  it('a 취소 at a provider: accepted waits for its status; refused or not known changed nothing', () => {
    expect(cancelOutcome(9, answer({ asked: true, accepted: true, error: null }, { refunded: 0 }))).toEqual({
      tone: 'success',
      text: '주문 #9의 취소 요청을 공급사가 받아들였습니다 (공급사 주문번호 9001). 환불은 공급사가 취소·부분 완료를 알려오면 됩니다.',
    });
    expect(
      cancelOutcome(
        9,
        answer({ asked: true, accepted: false, error: 'unknown' }, { changed: false, refunded: 0 }),
      ),
    ).toEqual({
      tone: 'warning',
      text: '공급사가 취소를 받아들이지 않아 아무것도 바뀌지 않았습니다 (공급사 주문번호 9001): unknown. 필요하면 강제 환불하세요.',
    });
  });

  it('a 강제 환불 says the refund was forced', () => {
    expect(cancelOutcome(9, answer({ asked: true, accepted: false, error: 'no' }), true).text).toMatch(
      /^주문 #9를 취소하고 ₩5,000을 강제 환불했습니다\. /,
    );
  });
});
