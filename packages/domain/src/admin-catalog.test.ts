import { describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES as M,
  isProviderApiUrl,
  isSameIdSet,
  maskProviderKey,
  moveId,
  providerRateToUnitPriceMilli,
  validatePlatformInput,
  validateProviderInput,
  PROVIDER_CONCURRENCY_DEFAULT,
  PROVIDER_CONCURRENCY_MAX,
  validateServiceInput,
  type ServiceInput,
} from './admin-catalog';

const service = (over: Partial<ServiceInput> = {}): ServiceInput => ({
  text: '인스타그램 좋아요',
  unitPriceMilli: 300,
  min: 10,
  max: 1000,
  notice: '',
  refillDays: 0,
  providerId: null,
  providerServiceId: '',
  ...over,
});

describe('providerRateToUnitPriceMilli (rate = won per 1,000 = milli-won per unit)', () => {
  it('applies the markup exactly and rounds up to a whole milli-won', () => {
    expect(providerRateToUnitPriceMilli('900', 15)).toBe(1035);
    expect(providerRateToUnitPriceMilli('0.90', 15)).toBe(2); // 1.035 milli-won → 2
    expect(providerRateToUnitPriceMilli('36', 0)).toBe(36);
    expect(providerRateToUnitPriceMilli('36.00', 50)).toBe(54);
    expect(providerRateToUnitPriceMilli('12.5', 20)).toBe(15);
    expect(providerRateToUnitPriceMilli('12.51', 20)).toBe(16); // 15.012 → 16
    expect(providerRateToUnitPriceMilli('3500', 1000)).toBe(38500);
    // A float would say 0.1 × 3 × 100 … ≠ exact; the integer path never drifts.
    expect(providerRateToUnitPriceMilli('0.1', 200)).toBe(1);
    expect(providerRateToUnitPriceMilli('1000.000000000001', 0)).toBe(1001);
  });

  it('refuses what is not a plain decimal, a zero price, or a bad markup', () => {
    for (const rate of ['', 'abc', '-1', '1e3', '1,000', '0', '0.000', ' .5', 'NaN']) {
      expect(providerRateToUnitPriceMilli(rate, 10), rate).toBeNull();
    }
    expect(providerRateToUnitPriceMilli('10', -1)).toBeNull();
    expect(providerRateToUnitPriceMilli('10', 1001)).toBeNull();
    expect(providerRateToUnitPriceMilli('10', 1.5)).toBeNull();
    expect(providerRateToUnitPriceMilli('999999999999999', 0)).toBeNull(); // above the price cap
  });
});

describe('validateServiceInput', () => {
  it('takes a failover provider (대체 공급사) with its service id, both or neither, never the provider itself', () => {
    const m = M;
    const mapped = { providerId: 3, providerServiceId: '12' };
    expect(
      validateServiceInput(service({ ...mapped, failoverProviderId: 4, failoverProviderServiceId: 'x-9' })),
    ).toBeNull();
    expect(validateServiceInput(service({ ...mapped, failoverProviderId: null }))).toBeNull();
    expect(validateServiceInput(service({ ...mapped, failoverProviderId: 4 }))).toBe(
      m.FAILOVER_SERVICE_ID_REQUIRED,
    );
    expect(validateServiceInput(service({ ...mapped, failoverProviderServiceId: '9' }))).toBe(
      m.FAILOVER_SERVICE_ID_WITHOUT_PROVIDER,
    );
    expect(
      validateServiceInput(service({ ...mapped, failoverProviderId: 4, failoverProviderServiceId: '9 9' })),
    ).toBe(m.FAILOVER_SERVICE_ID_INVALID);
    expect(
      validateServiceInput(service({ ...mapped, failoverProviderId: 3, failoverProviderServiceId: '9' })),
    ).toBe(m.FAILOVER_SAME_PROVIDER);
    expect(validateServiceInput(service({ failoverProviderId: 4, failoverProviderServiceId: '9' }))).toBe(
      m.FAILOVER_WITHOUT_PROVIDER,
    );
  });

  it('accepts a good service and a fractional price', () => {
    expect(validateServiceInput(service())).toBeNull();
    expect(
      validateServiceInput(service({ unitPriceMilli: 1, providerId: 3, providerServiceId: '12' })),
    ).toBeNull();
    // The refill window: 0 (no refill) up to a year, whole days.
    for (const refillDays of [0, 1, 30, 365])
      expect(validateServiceInput(service({ refillDays }))).toBeNull();
  });

  it('names the first problem in Korean', () => {
    expect(validateServiceInput(service({ text: '  ' }))).toBe(M.SERVICE_TEXT_REQUIRED);
    expect(validateServiceInput(service({ text: 'a\nb' }))).toBe(M.TEXT_CONTROL);
    expect(validateServiceInput(service({ text: 'x'.repeat(101) }))).toBe(M.TEXT_TOO_LONG);
    expect(validateServiceInput(service({ unitPriceMilli: 0 }))).toBe(M.PRICE_INVALID);
    expect(validateServiceInput(service({ unitPriceMilli: 0.5 }))).toBe(M.PRICE_INVALID);
    expect(validateServiceInput(service({ unitPriceMilli: 1e300 }))).toBe(M.PRICE_INVALID);
    expect(validateServiceInput(service({ unitPriceMilli: 10_000_000_001 }))).toBe(M.PRICE_TOO_HIGH);
    expect(validateServiceInput(service({ min: 0 }))).toBe(M.MIN_INVALID);
    expect(validateServiceInput(service({ max: 2.5 }))).toBe(M.MAX_INVALID);
    expect(validateServiceInput(service({ max: 2_000_000_000 }))).toBe(M.QUANTITY_TOO_LARGE);
    expect(validateServiceInput(service({ min: 100, max: 10 }))).toBe(M.MIN_ABOVE_MAX);
    expect(validateServiceInput(service({ notice: 'x'.repeat(2001) }))).toBe(M.NOTICE_TOO_LONG);
    for (const refillDays of [-1, 366, 1.5, Number.NaN, 1e300]) {
      expect(validateServiceInput(service({ refillDays })), String(refillDays)).toBe(M.REFILL_DAYS_INVALID);
    }
    expect(validateServiceInput(service({ providerId: 1 }))).toBe(M.PROVIDER_SERVICE_ID_REQUIRED);
    expect(validateServiceInput(service({ providerServiceId: '5' }))).toBe(
      M.PROVIDER_SERVICE_ID_WITHOUT_PROVIDER,
    );
    expect(validateServiceInput(service({ providerId: 1, providerServiceId: 'a b' }))).toBe(
      M.PROVIDER_SERVICE_ID_INVALID,
    );
  });
});

describe('platform and provider rules', () => {
  it('checks the color as #rrggbb', () => {
    expect(validatePlatformInput({ text: '인스타', visible: true, bgColor: '#fdf2f8' })).toBeNull();
    for (const bgColor of ['fdf2f8', '#fff', '#gggggg', 'red', '#fdf2f8 ']) {
      expect(validatePlatformInput({ text: '인스타', visible: true, bgColor })).toBe(M.COLOR_INVALID);
    }
  });

  it('takes http(s) URLs and the built-in simulator only', () => {
    expect(isProviderApiUrl('https://panel.example/api/v2')).toBe(true);
    expect(isProviderApiUrl('http://127.0.0.1:8080/api/v2')).toBe(true);
    expect(isProviderApiUrl('builtin:simulated')).toBe(true);
    for (const url of ['ftp://x.com', 'javascript:alert(1)', 'https://', 'panel.example', 'https://a b']) {
      expect(isProviderApiUrl(url), url).toBe(false);
    }
  });

  it('requires a key on create only; a blank key on edit keeps the old one', () => {
    const input = { name: '공급사', apiUrl: 'https://p.example/api/v2', apiKey: '' };
    expect(validateProviderInput(input, { keyRequired: true })).toBe(M.PROVIDER_KEY_REQUIRED);
    expect(validateProviderInput(input, { keyRequired: false })).toBeNull();
    expect(validateProviderInput({ ...input, apiKey: 'a b' }, { keyRequired: false })).toBe(
      M.PROVIDER_KEY_INVALID,
    );
    expect(validateProviderInput({ ...input, apiUrl: 'ftp://x' }, { keyRequired: false })).toBe(
      M.PROVIDER_URL_INVALID,
    );
  });

  it('takes 동시 호출 수 blank (the default) or a whole number from 1 to 64, with its Korean message', () => {
    const input = { name: '공급사', apiUrl: 'https://p.example/api/v2', apiKey: 'key-1' };
    const check = (maxConcurrency: number | null | undefined) =>
      validateProviderInput({ ...input, maxConcurrency }, { keyRequired: true });
    for (const ok of [undefined, null, 1, 4, 32, 64]) expect(check(ok), String(ok)).toBeNull();
    for (const bad of [0, -1, 65, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e30]) {
      expect(check(bad), String(bad)).toBe(M.PROVIDER_CONCURRENCY_INVALID);
    }
    expect(M.PROVIDER_CONCURRENCY_INVALID).toBe(
      `동시 호출 수는 1~${PROVIDER_CONCURRENCY_MAX} 사이의 정수로 입력해주세요. (비우면 ${PROVIDER_CONCURRENCY_DEFAULT})`,
    );
  });

  it('wants the key again when an edit changes the URL: the stored key never goes to another URL', () => {
    const stored = 'https://p.example/api/v2';
    const input = { name: '공급사', apiUrl: stored, apiKey: '' };
    const edit = { keyRequired: false, storedApiUrl: stored };
    expect(validateProviderInput(input, edit)).toBeNull();
    expect(validateProviderInput({ ...input, apiUrl: ` ${stored} ` }, edit)).toBeNull();
    for (const apiUrl of ['https://evil.example/api/v2', 'http://p.example/api/v2', 'builtin:simulated']) {
      expect(validateProviderInput({ ...input, apiUrl }, edit), apiUrl).toBe(
        M.PROVIDER_KEY_REQUIRED_FOR_NEW_URL,
      );
      expect(validateProviderInput({ ...input, apiUrl, apiKey: 'new-key' }, edit)).toBeNull();
    }
  });

  it('masks a key so that it is never shown whole', () => {
    expect(maskProviderKey('sk-live-0123456789abcdef')).toBe('sk-l…cdef');
    expect(maskProviderKey('demo')).toBe('••••');
    expect(maskProviderKey('abcdefgh1234')).toBe('abcd…1234');
    expect(maskProviderKey('abcdefgh123')).toBe('••••');
  });
});

describe('reorder helpers', () => {
  it('isSameIdSet wants exactly the current ids, once each', () => {
    expect(isSameIdSet([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(isSameIdSet([1, 2], [1, 2, 3])).toBe(false);
    expect(isSameIdSet([1, 1, 2], [1, 2, 3])).toBe(false);
    expect(isSameIdSet([1, 2, 4], [1, 2, 3])).toBe(false);
  });

  it('moveId swaps with a neighbour and ignores moves past the ends', () => {
    expect(moveId([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
