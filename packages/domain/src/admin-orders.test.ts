import { describe, expect, it } from 'vitest';
import {
  ADMIN_ORDER_MESSAGES as m,
  autoOrderCancelRefundWon,
  cancelRefusal,
  partialAllowed,
  partialRefundWon,
  partialRefusal,
  resendRefusal,
  seoulDayRange,
  type AdminOrderFacts,
} from './admin-orders';

const now = new Date('2026-11-22T09:00:00Z');
const order = (over: Partial<AdminOrderFacts> = {}): AdminOrderFacts => ({
  status: 0,
  amount: 100,
  unitPriceMilli: 350,
  cost: 35,
  refunded: 0,
  providerOrderId: null,
  remains: null,
  leasedUntil: null,
  ...over,
});

describe('operator order rules', () => {
  it('resends only an open order its provider has not accepted and no worker holds', () => {
    expect(resendRefusal(order(), now)).toBeNull();
    expect(resendRefusal(order({ providerOrderId: '1' }), now)).toBe(m.RESEND_AT_PROVIDER);
    expect(resendRefusal(order({ status: 5 }), now)).toBe(m.RESEND_REFUNDED);
    expect(resendRefusal(order({ status: 2 }), now)).toBe(m.RESEND_FINAL);
    expect(resendRefusal(order({ leasedUntil: '2026-11-22T09:01:00Z' }), now)).toBe(m.IN_FLIGHT);
    expect(resendRefusal(order({ leasedUntil: '2026-11-22T08:59:00Z' }), now)).toBeNull();
  });

  it('cancels open orders, lets a cancelled one through as a no-op, refuses finished ones', () => {
    expect(cancelRefusal(order({ status: 1, providerOrderId: '1' }), now)).toBeNull();
    expect(cancelRefusal(order({ status: 5 }), now)).toBeNull();
    expect(cancelRefusal(order({ status: 2 }), now)).toBe(m.CANCEL_FINAL);
    expect(cancelRefusal(order({ status: 3 }), now)).toBe(m.CANCEL_FINAL);
  });

  it('marks partial with 0 < remains < amount, once, and refunds within what is left', () => {
    expect(partialRefusal(order(), 100, now)).toBe(m.REMAINS_INVALID);
    expect(partialRefusal(order(), 0, now)).toBe(m.REMAINS_INVALID);
    expect(partialRefusal(order(), 1.5, now)).toBe(m.REMAINS_INVALID);
    expect(partialRefusal(order({ status: 2 }), 40, now)).toBeNull();
    expect(partialRefusal(order({ status: 3, remains: 40 }), 40, now)).toBeNull();
    expect(partialRefusal(order({ status: 3, remains: 40 }), 41, now)).toBe(m.PARTIAL_ALREADY);
    expect(partialRefusal(order({ status: 5 }), 40, now)).toBe(m.PARTIAL_NOT_ALLOWED);
    // 100 units at 0.35 won: 60 delivered cost 21 won, so 14 of the 35 go back.
    expect(partialRefundWon(order(), 40)).toBe(14);
    expect(partialRefundWon(order({ refunded: 30 }), 40)).toBe(5);
    expect(partialAllowed(order({ amount: 1 }), now)).toBe(false);
    expect(partialAllowed(order({ status: 2 }), now)).toBe(true);
  });

  it('refunds the runs of an auto-order not placed yet', () => {
    expect(autoOrderCancelRefundWon({ unitPriceMilli: 350, amount: 100, completed: 1, cost: 105 })).toBe(70);
    expect(autoOrderCancelRefundWon({ unitPriceMilli: 350, amount: 100, completed: 3, cost: 105 })).toBe(0);
  });

  it('reads from/to as whole Korean days', () => {
    expect(seoulDayRange('2026-11-22', '2026-11-22')).toEqual({
      start: new Date('2026-11-21T15:00:00Z'),
      end: new Date('2026-11-22T15:00:00Z'),
    });
    expect(seoulDayRange(undefined, undefined)).toEqual({});
    expect(seoulDayRange('2026-02-30')).toBeNull();
  });
});
