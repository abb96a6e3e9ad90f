import { describe, expect, it } from 'vitest';
import { PRIVACY_POLICY } from './privacy-policy';
import { TERMS_OF_SERVICE } from './terms-of-service';

describe('terms (docs/product.md#referral-rewards-and-charge-bonuses)', () => {
  it('say in the refund article that bonus and referral points are never refunded as cash', () => {
    const refunds = TERMS_OF_SERVICE.articles.find((a) => a.heading.startsWith('제7조'));
    expect(refunds?.items).toContain(
      '충전 보너스와 추천인 적립으로 받은 포인트는 서비스 구매에만 쓸 수 있으며, 현금으로 환불되지 않습니다.',
    );
  });

  it('name the sign-up address and device token among what is collected', () => {
    const collected = PRIVACY_POLICY.articles[0]?.items?.join('\n') ?? '';
    expect(collected).toContain('가입 시 접속 IP와 기기 식별값');
  });
});
