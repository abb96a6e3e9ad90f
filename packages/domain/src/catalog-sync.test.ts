import { describe, expect, it } from 'vitest';
import {
  exchangeRateMissingMessage,
  billExceedsPaid,
  decideServiceSync,
  isExchangeRateText,
  priceAtMarkup,
  syncErrorText,
  unmappedUpstreamIds,
  upstreamUnitCostMilli,
  type SyncOptions,
  type SyncServiceInput,
  type UpstreamServiceEntry,
} from './catalog-sync';
import { DEFAULT_REFILL_DAYS } from './refill-rules';

const service = (over: Partial<SyncServiceInput> = {}): SyncServiceInput => ({
  unitPriceMilli: 1035,
  min: 10,
  max: 1000,
  refillDays: 0,
  cancellable: false,
  isReadOnly: false,
  syncDisabled: null,
  type: 'default',
  markupPercent: 15,
  pricePinned: false,
  ...over,
});
const entry = (over: Partial<UpstreamServiceEntry> = {}): UpstreamServiceEntry => ({
  rate: '900',
  type: 'Default',
  min: 10,
  max: 1000,
  refill: false,
  cancel: false,
  ...over,
});
const opts = (over: Partial<SyncOptions> = {}): SyncOptions => ({
  exchangeRate: null,
  reenable: false,
  marginGuard: 'disable',
  ...over,
});

describe('decideServiceSync', () => {
  it('changes nothing when the upstream entry matches', () => {
    expect(decideServiceSync(service(), entry(), opts()).changes).toEqual([]);
  });

  it('follows a new rate at the markup, rounded up to a milli-won', () => {
    const d = decideServiceSync(service(), entry({ rate: '1000' }), opts());
    expect(d.changes).toEqual([{ field: 'unitPriceMilli', from: 1035, to: 1150 }]);
    // 0.91 × 1.15 = 1.0465 → 2 milli-won, never 1
    expect(decideServiceSync(service(), entry({ rate: '0.91' }), opts()).next.unitPriceMilli).toBe(2);
    // 0.333 × 1.1 = 0.3663 → 1
    expect(
      decideServiceSync(service({ markupPercent: 10 }), entry({ rate: '0.333' }), opts()).next.unitPriceMilli,
    ).toBe(1);
  });

  it('keeps a pinned price and a price without a markup', () => {
    expect(decideServiceSync(service({ pricePinned: true }), entry({ rate: '800' }), opts()).changes).toEqual(
      [],
    );
    expect(
      decideServiceSync(service({ markupPercent: null }), entry({ rate: '800' }), opts()).changes,
    ).toEqual([]);
  });

  it('follows min and max, within the type rules', () => {
    expect(decideServiceSync(service(), entry({ min: 0, max: 5000 }), opts()).changes).toEqual([
      { field: 'min', from: 10, to: 1 },
      { field: 'max', from: 1000, to: 5000 },
    ]);
    const pkg = decideServiceSync(
      service({ type: 'package', min: 100, max: 100 }),
      entry({ type: 'Package', min: 200, max: 300 }),
      opts(),
    );
    expect(pkg.next).toMatchObject({ min: 200, max: 200 });
    const comments = decideServiceSync(
      service({ type: 'custom_comments' }),
      entry({ type: 'Custom Comments', max: 50_000 }),
      opts(),
    );
    expect(comments.next.max).toBe(10_000);
    // unusable limits (min above max) are left as they were
    expect(decideServiceSync(service(), entry({ min: 500, max: 100 }), opts()).next).toMatchObject({
      min: 10,
      max: 1000,
    });
  });

  it("follows refill and cancel, keeping the operator's own refill window", () => {
    const on = decideServiceSync(service(), entry({ refill: true, cancel: true }), opts());
    expect(on.changes).toEqual([
      { field: 'refillDays', from: 0, to: DEFAULT_REFILL_DAYS },
      { field: 'cancellable', from: false, to: true },
    ]);
    expect(decideServiceSync(service({ refillDays: 60 }), entry({ refill: true }), opts()).changes).toEqual(
      [],
    );
    expect(
      decideServiceSync(service({ refillDays: 60, cancellable: true }), entry(), opts()).changes,
    ).toEqual([
      { field: 'refillDays', from: 60, to: 0 },
      { field: 'cancellable', from: true, to: false },
    ]);
  });

  it('makes a vanished or unusable service read-only and keeps its terms', () => {
    const gone = decideServiceSync(service(), null, opts());
    expect(gone.changes).toEqual([
      { field: 'isReadOnly', from: false, to: true },
      { field: 'syncDisabled', from: null, to: 'vanished' },
    ]);
    expect(decideServiceSync(service(), entry({ type: 'Poll' }), opts()).next.syncDisabled).toBe('vanished');
    expect(decideServiceSync(service(), entry({ rate: 'abc' }), opts()).next.syncDisabled).toBe('vanished');
    expect(decideServiceSync(service(), entry({ rate: '0' }), opts()).next.syncDisabled).toBe('vanished');
    // the operator's own read-only stays theirs
    expect(decideServiceSync(service({ isReadOnly: true }), null, opts()).changes).toEqual([]);
  });

  it("re-enables a returned service only when the setting says so, and never the operator's own", () => {
    const off = service({ isReadOnly: true, syncDisabled: 'vanished' });
    expect(decideServiceSync(off, entry(), opts()).changes).toEqual([]);
    expect(decideServiceSync(off, entry(), opts({ reenable: true })).changes).toEqual([
      { field: 'isReadOnly', from: true, to: false },
      { field: 'syncDisabled', from: 'vanished', to: null },
    ]);
    expect(
      decideServiceSync(service({ isReadOnly: true }), entry(), opts({ reenable: true })).changes,
    ).toEqual([]);
  });

  it('converts a foreign rate before the markup, exactly', () => {
    // 0.5 USD per 1,000 at 1,380.5 won = 690.25 milli-won per unit; × 1.2 = 828.3 → 829
    const d = decideServiceSync(
      service({ markupPercent: 20 }),
      entry({ rate: '0.5' }),
      opts({ exchangeRate: '1380.5' }),
    );
    expect(d.next.unitPriceMilli).toBe(829);
    expect(upstreamUnitCostMilli('0.5', '1380.5')).toEqual({ num: 69025n, den: 100n });
    expect(priceAtMarkup({ num: 69025n, den: 100n }, 0)).toBe(691);
  });

  it('margin guard, disable: a pinned price below a risen rate stops orders', () => {
    const d = decideServiceSync(
      service({ pricePinned: true, unitPriceMilli: 1000 }),
      entry({ rate: '1000.5' }),
      opts(),
    );
    expect(d.belowCost).toBe(true);
    expect(d.changes).toEqual([
      { field: 'isReadOnly', from: false, to: true },
      { field: 'syncDisabled', from: null, to: 'margin' },
    ]);
    // at cost exactly is not below cost
    expect(
      decideServiceSync(service({ pricePinned: true, unitPriceMilli: 1000 }), entry({ rate: '1000' }), opts())
        .belowCost,
    ).toBe(false);
  });

  it('margin guard, reprice: cost plus the markup, pin or not', () => {
    const d = decideServiceSync(
      service({ pricePinned: true, unitPriceMilli: 1000 }),
      entry({ rate: '1000.5' }),
      opts({ marginGuard: 'reprice' }),
    );
    expect(d.belowCost).toBe(true);
    expect(d.changes).toEqual([{ field: 'unitPriceMilli', from: 1000, to: 1151 }]);
    const noMarkup = decideServiceSync(
      service({ markupPercent: null, unitPriceMilli: 1000 }),
      entry({ rate: '1000.5' }),
      opts({ marginGuard: 'reprice' }),
    );
    expect(noMarkup.next.unitPriceMilli).toBe(1001);
    expect(noMarkup.next.isReadOnly).toBe(false);
  });

  it('re-enables a margin-disabled service once the price covers cost again (with the setting)', () => {
    const off = service({
      pricePinned: true,
      unitPriceMilli: 1000,
      isReadOnly: true,
      syncDisabled: 'margin',
    });
    expect(decideServiceSync(off, entry({ rate: '900' }), opts({ reenable: true })).next.isReadOnly).toBe(
      false,
    );
    expect(decideServiceSync(off, entry({ rate: '1200' }), opts({ reenable: true })).changes).toEqual([]);
  });
});

describe('helpers', () => {
  it('lists unmapped upstream ids', () => {
    expect(unmappedUpstreamIds(['1', '2', '3'], new Set(['2']))).toEqual(['1', '3']);
  });
  it('checks exchange rate text', () => {
    expect(isExchangeRateText('1380.5')).toBe(true);
    expect(isExchangeRateText('0')).toBe(false);
    expect(isExchangeRateText('1e3')).toBe(false);
    expect(isExchangeRateText('-1')).toBe(false);
  });
  it('compares a provider charge with what was paid', () => {
    expect(billExceedsPaid('1000.01', null, 1000)).toBe(true);
    expect(billExceedsPaid('1000', null, 1000)).toBe(false);
    expect(billExceedsPaid('0.75', '1400', 1000)).toBe(true);
    expect(billExceedsPaid('0.7', '1400', 1000)).toBe(false);
    expect(billExceedsPaid('n/a', null, 1)).toBe(false);
  });
});

describe('syncErrorText', () => {
  it('says a provider call’s failure in Korean, keeping the technical line after it', () => {
    expect(syncErrorText('services: no answer within 15000 ms')).toBe(
      '공급사가 제한 시간 안에 응답하지 않았습니다. (services: no answer within 15000 ms)',
    );
    expect(syncErrorText('services: HTTP 502')).toBe('공급사가 오류로 응답했습니다. (services: HTTP 502)');
    expect(syncErrorText('services: HTTP 401: refused: Invalid API key')).toBe(
      '공급사가 요청을 거절했습니다. (services: HTTP 401: refused: Invalid API key)',
    );
    expect(syncErrorText('services: connection failed')).toMatch(/^공급사에 연결하지 못했습니다\./);
    expect(syncErrorText('services: unexpected answer')).toMatch(
      /^공급사의 상품 목록을 가져오지 못했습니다\./,
    );
    expect(syncErrorText('internal error')).toBe('서버 오류로 동기화하지 못했습니다.');
    // Already Korean: as it is.
    const rate = exchangeRateMissingMessage('USD');
    expect(syncErrorText(rate)).toBe(rate);
  });
});
