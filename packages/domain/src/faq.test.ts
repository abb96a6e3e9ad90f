import { describe, expect, it } from 'vitest';
import { searchFaq, toggleFaqItem } from './faq';

describe('toggleFaqItem', () => {
  it('opens the clicked item when none is open', () => {
    expect(toggleFaqItem(null, 2)).toBe(2);
  });

  it('opening another item closes the open one', () => {
    expect(toggleFaqItem(0, 3)).toBe(3);
  });

  it('clicking the open item closes it', () => {
    expect(toggleFaqItem(3, 3)).toBeNull();
    expect(toggleFaqItem(0, 0)).toBeNull();
  });
});

describe('searchFaq', () => {
  const items = [
    { title: '충전은 얼마나 걸리나요?', answer: '입금 확인 후 1~10분 이내에 충전됩니다.' },
    { title: '환불은 어떻게 받나요?', answer: '남은 수량만큼 포인트로 환불됩니다.\nAPI 주문도 같습니다.' },
  ];

  it('returns every item with its index for an empty or blank query', () => {
    expect(searchFaq(items, '')).toEqual([
      { item: items[0], index: 0 },
      { item: items[1], index: 1 },
    ]);
    expect(searchFaq(items, '   ')).toHaveLength(2);
  });

  it('matches questions and answers, case-insensitively, keeping the original index', () => {
    expect(searchFaq(items, '환불')).toEqual([{ item: items[1], index: 1 }]);
    expect(searchFaq(items, '입금')).toEqual([{ item: items[0], index: 0 }]);
    expect(searchFaq(items, 'api')).toEqual([{ item: items[1], index: 1 }]);
  });

  it('needs every word to match', () => {
    expect(searchFaq(items, '충전 환불')).toEqual([]);
    expect(searchFaq(items, '포인트  환불')).toEqual([{ item: items[1], index: 1 }]);
  });
});
