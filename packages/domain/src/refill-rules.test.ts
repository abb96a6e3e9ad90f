import { describe, expect, it } from 'vitest';
import { OrderStatus } from './order-status';
import {
  REFILL_MESSAGES as M,
  REFILL_REQUEST_INTERVAL_MS,
  RefillStatus,
  refillRefusal,
  refillStatusFromProvider,
  refillWindowEndsAt,
  type RefillEligibilityInput,
} from './refill-rules';

const DAY = 24 * 60 * 60 * 1000;
const finishedAt = new Date('2026-03-01T10:00:00Z');
const eligible: RefillEligibilityInput = {
  orderStatus: OrderStatus.COMPLETED,
  finishedAt,
  refillDays: 30,
  hasOpenRefill: false,
  lastRequestedAt: null,
  now: new Date(finishedAt.getTime() + DAY),
};
const refusal = (change: Partial<RefillEligibilityInput>) => refillRefusal({ ...eligible, ...change });

describe('refillRefusal', () => {
  it('allows a completed or partial order of a refillable service within its window', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ orderStatus: OrderStatus.PARTIAL })).toBeNull();
  });

  it('refuses a service without refills first, whatever else holds', () => {
    expect(refusal({ refillDays: 0, orderStatus: OrderStatus.PENDING, hasOpenRefill: true })).toBe(
      M.NOT_REFILLABLE,
    );
  });

  it.each([OrderStatus.PENDING, OrderStatus.INPROGRESS, OrderStatus.PROCESSING, OrderStatus.CANCELED])(
    'refuses an order in status %i as not eligible',
    (orderStatus) => {
      expect(refusal({ orderStatus })).toBe(M.NOT_ELIGIBLE);
    },
  );

  it('refuses a final order whose finish time is unknown', () => {
    expect(refusal({ finishedAt: null })).toBe(M.NOT_ELIGIBLE);
  });

  it('counts the window to the millisecond from the finish', () => {
    const end = refillWindowEndsAt(finishedAt, 30);
    expect(end.getTime() - finishedAt.getTime()).toBe(30 * DAY);
    expect(refusal({ now: end })).toBeNull();
    expect(refusal({ now: new Date(end.getTime() + 1) })).toBe(M.WINDOW_PASSED(30));
    expect(M.WINDOW_PASSED(30)).toContain('30일');
  });

  it('refuses while a refill is open, before the daily limit', () => {
    expect(refusal({ hasOpenRefill: true, lastRequestedAt: eligible.now })).toBe(M.ALREADY_OPEN);
  });

  it('refuses a second request within a day of the last, allows it a day after', () => {
    const last = new Date(eligible.now.getTime() - REFILL_REQUEST_INTERVAL_MS + 1);
    expect(refusal({ lastRequestedAt: last })).toBe(M.TOO_SOON);
    expect(refusal({ lastRequestedAt: new Date(last.getTime() - 1) })).toBeNull();
  });
});

describe('refillStatusFromProvider', () => {
  it.each([
    ['Pending', RefillStatus.PENDING],
    ['In progress', RefillStatus.INPROGRESS],
    ['in_progress', RefillStatus.INPROGRESS],
    ['Processing', RefillStatus.INPROGRESS],
    [' Completed ', RefillStatus.COMPLETED],
    ['complete', RefillStatus.COMPLETED],
    ['Rejected', RefillStatus.REJECTED],
    ['Canceled', RefillStatus.REJECTED],
    ['cancelled', RefillStatus.REJECTED],
    ['Error', RefillStatus.REJECTED],
  ])('reads %j as %i', (text, status) => {
    expect(refillStatusFromProvider(text)).toBe(status);
  });

  it('reads anything else as unknown (asked again later)', () => {
    expect(refillStatusFromProvider('Partial')).toBeNull();
    expect(refillStatusFromProvider('')).toBeNull();
  });
});
