import { describe, expect, it } from 'vitest';
import {
  ORDER_MAX_COST_WON,
  ORDER_MESSAGES as M,
  autoOrderQuantity,
  autoOrderRunCostWon,
  formatAutoOrderQuantity,
  refundForRemainsWon,
  formatUnitPriceMilli,
  orderCostWon,
  orderLinkParts,
  parseUnitPriceMilli,
  validateOrder,
  type OrderContext,
  type OrderInput,
} from './order-rules';
import { AutoOrderStatus } from './order-status';

const service = { unitPriceMilli: 60_000, min: 10, max: 30000, enableAuto: true, isReadOnly: false };
const ctx: OrderContext = { service, serviceCheck: false };
const valid: OrderInput = { link: 'https://www.instagram.com/p/abc123/', amount: 100, runs: 0, interval: 0 };

describe('orderCostWon', () => {
  it('is unit price × quantity × max(runs, 1), in whole won rounded up', () => {
    expect(orderCostWon(60_000, 100, 0)).toBe(6_000); // 60 원 × 100
    expect(orderCostWon(60_000, 100, 3)).toBe(18_000); // three runs
    expect(orderCostWon(350, 1_000, 0)).toBe(350); // 0.35 원 × 1,000
    expect(orderCostWon(350, 10, 0)).toBe(4); // 3.5 원 → 4 원, never given away
    expect(orderCostWon(1, 1, 1)).toBe(1); // 0.001 원 still costs 1 원
  });

  it('stays exact where milli-won products pass 2^53', () => {
    // 999,999,999.999 원 × 1,000,000 × 1,000 would overflow a float's integers; BigInt does not.
    expect(() => orderCostWon(999_999_999_999, 1_000_000, 1_000)).toThrow(RangeError);
    expect(orderCostWon(9_007_199_254_740, 1_000, 1)).toBe(9_007_199_254_740);
  });
});

describe('auto-order run shares and refunds', () => {
  it('splits an auto-order total into run shares that add up to it exactly', () => {
    for (const [unit, amount, runs] of [
      [350, 10, 3],
      [333, 7, 5],
      [60_000, 100, 4],
      [1, 1, 999],
    ] as const) {
      const shares = Array.from({ length: runs }, (_, i) => autoOrderRunCostWon(unit, amount, i + 1));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(orderCostWon(unit, amount, runs));
      for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
    }
  });

  it('refunds the undelivered part, never more than was paid', () => {
    expect(refundForRemainsWon(6_000, 60_000, 100, 25)).toBe(1_500); // 75 delivered cost 4,500
    expect(refundForRemainsWon(6_000, 60_000, 100, 100)).toBe(6_000); // nothing delivered
    expect(refundForRemainsWon(6_000, 60_000, 100, 0)).toBe(0);
    expect(refundForRemainsWon(4, 350, 10, 5)).toBe(2); // paid 4 for 3.5; 5 delivered cost 2 (1.75 ↑)
    expect(refundForRemainsWon(6_000, 60_000, 100, 500)).toBe(6_000); // nonsense remains clamp
    expect(refundForRemainsWon(1, 350, 10, 1)).toBe(0); // a share of 1 whose delivery costs 4 refunds 0
  });
});

describe('unit prices in milli-won', () => {
  it.each([
    ['0.35', 350],
    ['12', 12_000],
    ['12.5', 12_500],
    ['0.001', 1],
    [' 7.250 ', 7_250],
  ])('parses %j as %i', (text, milli) => {
    expect(parseUnitPriceMilli(text)).toBe(milli);
  });

  it.each(['', '-1', '1.2345', 'abc', '1e3', '0x10', '1,000'])('refuses %j', (text) => {
    expect(parseUnitPriceMilli(text)).toBeNull();
  });

  it('formats without trailing zeros', () => {
    expect([350, 12_000, 12_500, 1].map(formatUnitPriceMilli)).toEqual(['0.35', '12', '12.5', '0.001']);
  });
});

describe('validateOrder (docs/product.md#order-rules)', () => {
  it('accepts a plain order and an auto-order', () => {
    expect(validateOrder(valid, ctx)).toBeNull();
    expect(validateOrder({ ...valid, runs: 3, interval: 60 }, ctx)).toBeNull();
  });

  it.each<[string, Partial<OrderInput>, Partial<OrderContext>, string]>([
    ['no product', {}, { service: null }, M.SERVICE_REQUIRED],
    ['service check on', {}, { serviceCheck: true }, M.UNAVAILABLE],
    ['read-only product', {}, { service: { ...service, isReadOnly: true } }, M.UNAVAILABLE],
    ['empty link', { link: '   ' }, {}, M.LINK_REQUIRED],
    ['not a URL', { link: 'instagram.com/p/abc' }, {}, M.LINK_FORMAT],
    ['javascript: URL', { link: 'javascript:alert(1)' }, {}, M.LINK_FORMAT],
    ['ftp URL', { link: 'ftp://example.com/x' }, {}, M.LINK_FORMAT],
    ['spaces inside', { link: 'https://example.com/a b' }, {}, M.LINK_FORMAT],
    // A direction override shows this link as `https://good.example/moc.live//:sptth` reversed: another host.
    [
      'a right-to-left override',
      { link: 'https://evil.example/\u202Emoc.elpmaxe.doog//:sptth' },
      {},
      M.LINK_INVISIBLE,
    ],
    ['a zero-width space', { link: 'https://insta\u200Bgram.com/p/abc' }, {}, M.LINK_INVISIBLE],
    ['a left-to-right isolate', { link: 'https://example.com/\u2066a\u2069' }, {}, M.LINK_INVISIBLE],
    ['a zero-width joiner', { link: 'https://example.com/a\u200Db' }, {}, M.LINK_INVISIBLE],
    ['a BOM inside', { link: 'https://exam\uFEFFple.com/' }, {}, M.LINK_INVISIBLE],
    ['a soft hyphen', { link: 'https://exam\u00ADple.com/' }, {}, M.LINK_INVISIBLE],
    ['a Hangul filler', { link: 'https://example.com/\u3164' }, {}, M.LINK_INVISIBLE],
    ['an escape character', { link: 'https://example.com/\u001B[0m' }, {}, M.LINK_INVISIBLE],
    ['fractional quantity', { amount: 10.5 }, {}, M.AMOUNT_NOT_INTEGER],
    ['quantity below min', { amount: 9 }, {}, M.AMOUNT_BELOW_MIN],
    ['quantity above max', { amount: 30_001 }, {}, M.AMOUNT_ABOVE_MAX],
    [
      'auto-order on a product without it',
      { runs: 3, interval: 60 },
      { service: { ...service, enableAuto: false } },
      M.AUTO_NOT_ALLOWED,
    ],
    ['one run', { runs: 1, interval: 60 }, {}, M.RUNS_TOO_FEW],
    ['interval without runs', { runs: 0, interval: 60 }, {}, M.RUNS_TOO_FEW],
    ['fractional runs', { runs: 2.5, interval: 60 }, {}, M.RUNS_NOT_INTEGER],
    ['too many runs', { runs: 1001, interval: 60 }, {}, M.RUNS_TOO_MANY],
    ['interval under 60', { runs: 3, interval: 59 }, {}, M.INTERVAL_TOO_SHORT],
    ['runs without interval', { runs: 3, interval: 0 }, {}, M.INTERVAL_TOO_SHORT],
    ['fractional interval', { runs: 3, interval: 60.5 }, {}, M.INTERVAL_NOT_INTEGER],
    ['interval over 30 days', { runs: 3, interval: 43_201 }, {}, M.INTERVAL_TOO_LONG],
  ])('refuses %s', (_, input, context, message) => {
    expect(validateOrder({ ...valid, ...input }, { ...ctx, ...context })).toBe(message);
  });

  it('checks the auto-order rules when the box is ticked, even with runs and interval still 0', () => {
    expect(validateOrder({ ...valid, autoOrder: true }, ctx)).toBe(M.RUNS_TOO_FEW);
    expect(validateOrder({ ...valid, runs: 3, interval: 60, autoOrder: true }, ctx)).toBeNull();
    expect(validateOrder({ ...valid, autoOrder: false }, ctx)).toBeNull();
  });

  it('refuses a total above ORDER_MAX_COST_WON exactly at the limit, for orders and auto-orders', () => {
    // 1,000,000 원 × 1,000 = the limit; one unit more passes it.
    const big = { ...service, unitPriceMilli: 1_000_000_000, max: 2_000 };
    expect(validateOrder({ ...valid, amount: 1_000 }, { ...ctx, service: big })).toBeNull();
    expect(validateOrder({ ...valid, amount: 1_001 }, { ...ctx, service: big })).toBe(M.COST_TOO_LARGE);
    // 10 × 100,000,000 원 per run: 1 run is the limit, 2 runs pass it.
    const perRun = { ...service, unitPriceMilli: 100_000_000_000 };
    expect(validateOrder({ ...valid, amount: 10 }, { ...ctx, service: perRun })).toBeNull();
    expect(validateOrder({ ...valid, amount: 10, runs: 2, interval: 60 }, { ...ctx, service: perRun })).toBe(
      M.COST_TOO_LARGE,
    );
    // Past 2^53 in milli-won (and past 2^31 won): compared exactly, never thrown.
    const huge = { ...service, unitPriceMilli: Number.MAX_SAFE_INTEGER, max: 2_147_483_647 };
    expect(
      validateOrder({ ...valid, amount: 2_147_483_647, runs: 1000, interval: 60 }, { ...ctx, service: huge }),
    ).toBe(M.COST_TOO_LARGE);
    expect(M.COST_TOO_LARGE).toContain(ORDER_MAX_COST_WON.toLocaleString('ko-KR'));
  });

  it('refuses a Package or Custom Comments order whose total passes the limit', () => {
    const pack = {
      ...service,
      type: 'package' as const,
      min: 2_000,
      max: 2_000,
      unitPriceMilli: 1_000_000_000,
    };
    expect(validateOrder({ ...valid, amount: undefined }, { ...ctx, service: pack })).toBe(M.COST_TOO_LARGE);
    const comments = {
      ...service,
      type: 'custom_comments' as const,
      min: 1,
      unitPriceMilli: 600_000_000_000,
    };
    const input = { ...valid, amount: undefined, comments: 'a\nb' };
    expect(validateOrder(input, { ...ctx, service: comments })).toBe(M.COST_TOO_LARGE);
    expect(validateOrder({ ...input, comments: 'a' }, { ...ctx, service: comments })).toBeNull();
  });

  it('reports the first broken rule in SPEC order', () => {
    expect(validateOrder({ link: '', amount: 1, runs: 1, interval: 1 }, ctx)).toBe(M.LINK_REQUIRED);
    expect(validateOrder({ ...valid, amount: 1, runs: 1 }, ctx)).toBe(M.AMOUNT_BELOW_MIN);
  });
});

describe('orderLinkParts (a stored link as a screen shows it)', () => {
  it('puts the real host first and the rest after it, decoded', () => {
    expect(orderLinkParts('https://www.instagram.com/p/%ED%95%9C%EA%B8%80?x=1#c')).toEqual({
      href: 'https://www.instagram.com/p/%ED%95%9C%EA%B8%80?x=1#c',
      host: 'www.instagram.com',
      rest: '/p/한글?x=1#c',
      text: 'https://www.instagram.com/p/%ED%95%9C%EA%B8%80?x=1#c',
    });
    // user:password@ never passes for the host.
    expect(orderLinkParts('https://instagram.com@evil.example/p')).toMatchObject({ host: 'evil.example' });
    // An international name as the browser reaches it.
    expect(orderLinkParts('https://інстаграм.com/p').host).toBe('xn--80aai1bbuei1p.com');
  });

  it('shows an invisible character as its code point and never makes that link clickable', () => {
    const parts = orderLinkParts('https://evil.example/\u202E//elpmaxe.doog//:sptth');
    expect(parts.href).toBeNull();
    expect(parts.text).toBe('https://evil.example/<U+202E>//elpmaxe.doog//:sptth');
    // Hidden in percent-encoding, revealed once decoded.
    expect(orderLinkParts('https://evil.example/%E2%80%AEgnp.exe').rest).toBe('/<U+202E>gnp.exe');
  });

  it('leaves text that is not an http(s) URL as text', () => {
    expect(orderLinkParts('javascript:alert(1)')).toMatchObject({ href: null, text: 'javascript:alert(1)' });
    expect(orderLinkParts('not a link')).toMatchObject({ href: null, text: 'not a link' });
  });
});

/** A cancelled auto-order once showed quantity × runs though fewer runs were placed. */
describe('autoOrderQuantity / formatAutoOrderQuantity', () => {
  const autoOrder = { amount: 100, runs: 5, completed: 3 };

  it('a stopped one counts the runs it placed, and keeps the plan beside it', () => {
    const cancelled = { ...autoOrder, status: AutoOrderStatus.CANCLED };
    expect(autoOrderQuantity(cancelled)).toEqual({ final: 300, planned: 500 });
    expect(formatAutoOrderQuantity(cancelled)).toBe('300 (계획 500)');
    expect(formatAutoOrderQuantity({ ...cancelled, amount: 1000, completed: 0 })).toBe('0 (계획 5,000)');
  });

  it('a running one still counts its whole plan; a finished one placed every run', () => {
    expect(formatAutoOrderQuantity({ ...autoOrder, status: AutoOrderStatus.ACTIVE })).toBe('500');
    for (const status of [AutoOrderStatus.COMPLETED, AutoOrderStatus.PARTIAL]) {
      expect(formatAutoOrderQuantity({ ...autoOrder, completed: 5, status })).toBe('500');
    }
    expect(formatAutoOrderQuantity({ amount: 1000, runs: 1000, completed: 1000, status: 2 })).toBe(
      '1,000,000',
    );
  });
});

describe('money in the order messages is written as ₩ (docs/product.md#display-constants)', () => {
  it('COST_TOO_LARGE', () => {
    expect(M.COST_TOO_LARGE).toContain('최대 ₩1,000,000,000입니다');
    expect(M.COST_TOO_LARGE).not.toMatch(/\d원/);
  });
});
