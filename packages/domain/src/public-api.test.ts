import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from './order-rules';
import { AutoOrderStatus, OrderStatus } from './order-status';
import { REFILL_MESSAGES, REFILL_STATUS_V2, REFILL_STATUSES } from './refill-rules';
import {
  orderStatusOfAutoOrder,
  refillStatusText,
  REFILL_STATUS_TEXTS,
  v2ErrorForRefillRefusal,
  V2_ERRORS,
  parseOrderId,
  parseV2OrderIds,
  restStatusText,
  v2ErrorForOrderRule,
  v2Money,
  v2Rate,
  v2StatusText,
} from './public-api';

describe('public API wire vocabulary', () => {
  it('words each status in both dialects by its number (docs/product.md#orders)', () => {
    expect(restStatusText(OrderStatus.INPROGRESS)).toBe('IN PROGRESS');
    expect(v2StatusText(OrderStatus.INPROGRESS)).toBe('In progress');
    expect(restStatusText(OrderStatus.PROCESSING)).toBe('PROCESSING');
    expect(v2StatusText(OrderStatus.CANCELED)).toBe('Canceled');
    expect(orderStatusOfAutoOrder(AutoOrderStatus.ACTIVE)).toBe(OrderStatus.INPROGRESS);
    expect(orderStatusOfAutoOrder(AutoOrderStatus.CANCLED)).toBe(OrderStatus.CANCELED);
    expect(orderStatusOfAutoOrder(AutoOrderStatus.PARTIAL)).toBe(OrderStatus.PARTIAL);
  });

  it('writes money as the trade does; the rate per 1,000 is the milli-won unit price, exactly', () => {
    expect(v2Money(12345)).toBe('12345.00');
    expect(v2Rate(60000)).toBe('60000.00'); // 60 원 a unit
    expect(v2Rate(350)).toBe('350.00'); // 0.35 원 a unit
  });

  it('reads order ids strictly: digits only, 1 … 2^31−1, at most 100 per request', () => {
    expect(parseOrderId('42')).toBe(42);
    for (const bad of ['', '0', '-1', '1.5', '1e3', ' 1', '2147483648', 'abc'])
      expect(parseOrderId(bad)).toBeNull();
    expect(parseV2OrderIds('1, 2,abc,,3')).toEqual([
      { text: '1', id: 1 },
      { text: '2', id: 2 },
      { text: 'abc', id: null },
      { text: '3', id: 3 },
    ]);
    expect(parseV2OrderIds('')).toBeNull();
    expect(parseV2OrderIds(Array.from({ length: 101 }, (_, i) => i + 1).join(','))).toBeNull();
    expect(parseV2OrderIds(Array.from({ length: 100 }, (_, i) => i + 1).join(','))).toHaveLength(100);
  });

  it("maps every order rule's Korean message to the trade's English error", () => {
    const service = { min: 10, max: 30000 };
    expect(v2ErrorForOrderRule(ORDER_MESSAGES.AMOUNT_BELOW_MIN, service)).toBe(
      'Quantity less than minimal 10',
    );
    expect(v2ErrorForOrderRule(ORDER_MESSAGES.AMOUNT_ABOVE_MAX, service)).toBe(
      'Quantity more than maximal 30000',
    );
    expect(v2ErrorForOrderRule(ORDER_MESSAGES.SERVICE_REQUIRED, null)).toBe('Incorrect service ID');
    expect(v2ErrorForOrderRule(ORDER_MESSAGES.INSUFFICIENT_POINTS, service)).toBe(
      'Not enough funds on balance',
    );
    // Every rule message has a wording of its own (none falls through to the generic one by accident).
    const ruleMessages = Object.entries(ORDER_MESSAGES).filter(
      ([name]) => !['FAILED', 'SUCCESS'].includes(name),
    );
    for (const [name, message] of ruleMessages) {
      expect(v2ErrorForOrderRule(message, service), name).not.toBe('Incorrect request');
    }
  });

  it("words a refill's state as the trade does, the same words as REFILL_STATUS_V2", () => {
    for (const status of REFILL_STATUSES) expect(refillStatusText(status)).toBe(REFILL_STATUS_V2[status]);
    expect(REFILL_STATUS_TEXTS).toHaveLength(REFILL_STATUSES.length);
  });

  it("maps every refill refusal's Korean message to its own English error", () => {
    expect(v2ErrorForRefillRefusal(REFILL_MESSAGES.NOT_REFILLABLE)).toBe(
      'Refill is disabled for this service',
    );
    expect(v2ErrorForRefillRefusal(REFILL_MESSAGES.WINDOW_PASSED(30))).toBe(
      'Refill period for this order has expired',
    );
    expect(v2ErrorForRefillRefusal(REFILL_MESSAGES.WINDOW_PASSED(7))).toBe(V2_ERRORS.REFILL_PERIOD_EXPIRED);
    expect(v2ErrorForRefillRefusal('무엇이든')).toBe('Refill is not available for this order');
    const texts = [
      REFILL_MESSAGES.NOT_REFILLABLE,
      REFILL_MESSAGES.NOT_ELIGIBLE,
      REFILL_MESSAGES.WINDOW_PASSED(30),
      REFILL_MESSAGES.ALREADY_OPEN,
      REFILL_MESSAGES.TOO_SOON,
      REFILL_MESSAGES.NO_PROVIDER,
    ].map(v2ErrorForRefillRefusal);
    // Each reason keeps its own words; only the one the trade has none for is the generic one.
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.at(-1)).toBe(V2_ERRORS.REFILL_UNAVAILABLE);
  });
});
