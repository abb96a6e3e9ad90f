import { describe, expect, it } from 'vitest';
import {
  WATCH_DEFAULTS,
  WATCH_KINDS,
  WATCH_KIND_TEXTS,
  isCancelWaiting,
  isChargeLapsing,
  isDepositUnmatched,
  isHeldOrder,
  isInquiryWaiting,
  isNotTakenOrder,
  isRefillWaiting,
  isStalledOrder,
  providerTroubles,
  stalledHoursOf,
  validateWatchSetting,
  watchThresholdsFrom,
  type WatchOrderFacts,
} from './ops-watch';
import { validateSettingValue } from './settings-rules';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const t = WATCH_DEFAULTS;

const order = (over: Partial<WatchOrderFacts> = {}): WatchOrderFacts => ({
  status: 0,
  serviceId: 1,
  providerOrderId: null,
  nextCheckAt: now,
  cancelRequestedAt: null,
  createdAt: ago(0),
  ...over,
});

describe('the watch (docs/product.md#operator-console)', () => {
  it('names every kind in Korean with the action that resolves it', () => {
    for (const kind of WATCH_KINDS) {
      const text = WATCH_KIND_TEXTS[kind];
      expect(text.title).toMatch(/[가-힣]/);
      expect(text.description).toMatch(/[가-힣]/);
      expect(text.action).toMatch(/[가-힣]/);
    }
  });

  it('an order is held when it is open and no tick will check it again', () => {
    expect(isHeldOrder(order({ nextCheckAt: null }))).toBe(true);
    expect(isHeldOrder(order({ nextCheckAt: null, status: 4 }))).toBe(true);
    expect(isHeldOrder(order())).toBe(false);
    expect(isHeldOrder(order({ nextCheckAt: null, status: 2 }))).toBe(false);
  });

  it('an order not taken by its provider appears after notTakenMinutes, not before', () => {
    expect(isNotTakenOrder(order({ createdAt: ago(14 * MIN) }), now, t)).toBe(false);
    expect(isNotTakenOrder(order({ createdAt: ago(15 * MIN) }), now, t)).toBe(true);
    expect(isNotTakenOrder(order({ createdAt: ago(HOUR), providerOrderId: '7' }), now, t)).toBe(false);
    expect(isNotTakenOrder(order({ createdAt: ago(HOUR), status: 5 }), now, t)).toBe(false);
    // a held order is its own kind
    expect(isNotTakenOrder(order({ createdAt: ago(HOUR), nextCheckAt: null }), now, t)).toBe(false);
  });

  it('an order at its provider stalls after the service’s hours, else the global ones', () => {
    const atProvider = { providerOrderId: '9', status: 1 };
    expect(isStalledOrder(order({ ...atProvider, createdAt: ago(47 * HOUR) }), now, t)).toBe(false);
    expect(isStalledOrder(order({ ...atProvider, createdAt: ago(48 * HOUR) }), now, t)).toBe(true);
    const slow = { ...t, stalledHoursByService: { 1: 96 } };
    expect(stalledHoursOf(1, slow)).toBe(96);
    expect(stalledHoursOf(2, slow)).toBe(48);
    expect(isStalledOrder(order({ ...atProvider, createdAt: ago(48 * HOUR) }), now, slow)).toBe(false);
    expect(isStalledOrder(order({ ...atProvider, createdAt: ago(48 * HOUR), serviceId: 2 }), now, slow)).toBe(
      true,
    );
    expect(
      isStalledOrder(
        order({ ...atProvider, createdAt: ago(99 * HOUR), cancelRequestedAt: ago(HOUR) }),
        now,
        t,
      ),
    ).toBe(false);
    expect(isStalledOrder(order({ ...atProvider, createdAt: ago(99 * HOUR), status: 2 }), now, t)).toBe(
      false,
    );
  });

  it('a cancellation waits too long after cancelWaitingHours from when it was asked', () => {
    const asked = (h: number) => order({ providerOrderId: '9', cancelRequestedAt: ago(h * HOUR) });
    expect(isCancelWaiting(asked(23), now, t)).toBe(false);
    expect(isCancelWaiting(asked(24), now, t)).toBe(true);
    expect(isCancelWaiting({ ...asked(30), status: 5 }, now, t)).toBe(false);
  });

  it('an inquiry waits too long while WAITING past inquiryWaitingHours since it began to wait', () => {
    const now = new Date('2026-12-02T00:00:00Z');
    const since = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const t = WATCH_DEFAULTS;
    expect(isInquiryWaiting({ state: 'WAITING', waitingSince: since(24) }, now, t)).toBe(true);
    expect(isInquiryWaiting({ state: 'WAITING', waitingSince: since(23.9) }, now, t)).toBe(false);
    expect(isInquiryWaiting({ state: 'ANSWERED', waitingSince: since(48) }, now, t)).toBe(false);
    expect(isInquiryWaiting({ state: 'WAITING', waitingSince: null }, now, t)).toBe(false);
    expect(
      isInquiryWaiting({ state: 'WAITING', waitingSince: since(3) }, now, { ...t, inquiryWaitingHours: 2 }),
    ).toBe(true);
    expect(watchThresholdsFrom(new Map([['WATCH_INQUIRY_WAITING_HOURS', '6']])).inquiryWaitingHours).toBe(6);
  });

  it('a refill waits too long while PENDING or INPROGRESS past refillWaitingHours', () => {
    expect(isRefillWaiting({ status: 1, createdAt: ago(71 * HOUR) }, now, t)).toBe(false);
    expect(isRefillWaiting({ status: 1, createdAt: ago(72 * HOUR) }, now, t)).toBe(true);
    expect(isRefillWaiting({ status: 0, createdAt: ago(80 * HOUR) }, now, t)).toBe(true);
    expect(isRefillWaiting({ status: 3, createdAt: ago(80 * HOUR) }, now, t)).toBe(false);
  });

  it('a deposit held past depositMinutes needs attention; a duplicate or a matched one does not', () => {
    expect(isDepositUnmatched({ status: 'UNMATCHED', createdAt: ago(29 * MIN) }, now, t)).toBe(false);
    expect(isDepositUnmatched({ status: 'UNMATCHED', createdAt: ago(30 * MIN) }, now, t)).toBe(true);
    expect(isDepositUnmatched({ status: 'LATE', createdAt: ago(HOUR) }, now, t)).toBe(true);
    expect(isDepositUnmatched({ status: 'DUPLICATE', createdAt: ago(HOUR) }, now, t)).toBe(false);
    expect(isDepositUnmatched({ status: 'MATCHED', createdAt: ago(HOUR) }, now, t)).toBe(false);
  });

  it('a pending charge is about to lapse within chargeLapseMinutes, not once lapsed', () => {
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(isChargeLapsing({ status: 0, expiresAt: at(31 * MIN) }, now, t)).toBe(false);
    expect(isChargeLapsing({ status: 0, expiresAt: at(30 * MIN) }, now, t)).toBe(true);
    expect(isChargeLapsing({ status: 0, expiresAt: at(0) }, now, t)).toBe(false);
    expect(isChargeLapsing({ status: 1, expiresAt: at(MIN) }, now, t)).toBe(false);
  });

  it('a provider is in trouble when its balance is low or unread, or its calls keep failing', () => {
    expect(providerTroubles({ balance: '10000.00', recentFailures: 2 }, t)).toEqual([]);
    expect(providerTroubles({ balance: '9999.99', recentFailures: 0 }, t)).toEqual(['LOW_BALANCE']);
    expect(providerTroubles({ balance: null, recentFailures: 3 }, t)).toEqual([
      'BALANCE_FAILED',
      'CALLS_FAILING',
    ]);
  });
});

describe('the watch thresholds as operator settings', () => {
  it('reads each stored value, keeping the default for an empty or unusable one', () => {
    const t2 = watchThresholdsFrom(
      new Map([
        ['WATCH_NOT_TAKEN_MINUTES', '5'],
        ['WATCH_STALLED_HOURS', ''],
        ['WATCH_STALLED_HOURS_BY_SERVICE', '12=96, 15 = 168'],
        ['WATCH_PROVIDER_MIN_BALANCE', '50,000'],
        ['WATCH_DEPOSIT_MINUTES', 'soon'],
      ]),
    );
    expect(t2).toEqual({
      ...WATCH_DEFAULTS,
      notTakenMinutes: 5,
      stalledHoursByService: { 12: 96, 15: 168 },
      providerMinBalance: 50_000,
    });
  });

  it('refuses what it could not read, with a Korean message; empty keeps the default', () => {
    expect(validateWatchSetting('WATCH_NOT_TAKEN_MINUTES', '')).toBeNull();
    expect(validateWatchSetting('WATCH_NOT_TAKEN_MINUTES', '20')).toBeNull();
    expect(validateWatchSetting('WATCH_NOT_TAKEN_MINUTES', '0')).toBe(
      '1~10,080 사이의 정수로 입력하거나 비워두세요.',
    );
    expect(validateWatchSetting('WATCH_STALLED_HOURS', '1.5')).toMatch(/정수/);
    expect(validateWatchSetting('WATCH_PROVIDER_MIN_BALANCE', '0')).toBeNull();
    expect(validateWatchSetting('WATCH_STALLED_HOURS_BY_SERVICE', '12=96,15=168')).toBeNull();
    expect(validateWatchSetting('WATCH_STALLED_HOURS_BY_SERVICE', '12:96')).toMatch(/상품번호=시간/);
    expect(validateWatchSetting('WATCH_STALLED_HOURS_BY_SERVICE', '12=0')).toMatch(/상품번호=시간/);
    // the console's one rule for every setting routes the watch keys here
    expect(validateSettingValue('WATCH_REFILL_WAITING_HOURS', 'x')).toMatch(/정수/);
    expect(validateSettingValue('WATCH_REFILL_WAITING_HOURS', '96')).toBeNull();
  });
});
