import { describe, expect, it } from 'vitest';
import {
  checkMassOrder,
  MASS_ORDER_MAX_LINES,
  MASS_ORDER_MESSAGES as MM,
  massOrderDuplicateMessage,
  massOrderTotalWon,
  parseMassOrder,
  type MassOrderContext,
  type ParsedMassLine,
} from './mass-order';
import { ORDER_MESSAGES as M, type OrderServiceRules } from './order-rules';

const services: Record<number, OrderServiceRules> = {
  1: { unitPriceMilli: 60_000, min: 10, max: 30_000, enableAuto: true, isReadOnly: false },
  2: { unitPriceMilli: 350, min: 100, max: 10_000, enableAuto: false, isReadOnly: false },
  3: {
    unitPriceMilli: 1_000,
    min: 1,
    max: 100,
    enableAuto: false,
    isReadOnly: false,
    type: 'custom_comments',
  },
  4: { unitPriceMilli: 5_000_000, min: 50, max: 50, enableAuto: false, isReadOnly: false, type: 'package' },
  5: { unitPriceMilli: 1_000, min: 1, max: 100, enableAuto: false, isReadOnly: true },
};
const ctx: MassOrderContext = {
  serviceOf: (id) => services[id] ?? null,
  serviceCheck: false,
  refuseOverlap: true,
};

function lines(text: string): ParsedMassLine[] {
  const parsed = parseMassOrder(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.lines;
}

describe('parseMassOrder', () => {
  it('reads three or five fields a line, spaces around | allowed, blank lines ignored but counted', () => {
    const parsed = lines(
      '1 | https://instagram.com/p/a | 100\n\n  \r\n1|https://instagram.com/p/b|200|3|60\r\n',
    );
    expect(parsed).toEqual([
      {
        line: 1,
        text: '1 | https://instagram.com/p/a | 100',
        order: { serviceId: 1, link: 'https://instagram.com/p/a', amount: 100, runs: 0, interval: 0 },
        error: null,
      },
      {
        line: 4,
        text: '1|https://instagram.com/p/b|200|3|60',
        order: { serviceId: 1, link: 'https://instagram.com/p/b', amount: 200, runs: 3, interval: 60 },
        error: null,
      },
    ]);
  });

  it('refuses a line of another shape or a service id that is not a number, line by line', () => {
    const parsed = lines(
      '1 | https://a.com\n1|https://a.com|1|2\nabc | https://a.com | 10\n0|https://a.com|10',
    );
    expect(parsed.map((l) => l.error)).toEqual([
      MM.LINE_FORMAT,
      MM.LINE_FORMAT,
      MM.SERVICE_ID,
      MM.SERVICE_ID,
    ]);
  });

  it('refuses an empty paste and more than 500 lines as a whole', () => {
    expect(parseMassOrder(' \n\n')).toEqual({ error: MM.EMPTY });
    const many = Array.from({ length: MASS_ORDER_MAX_LINES + 1 }, (_, i) => `1|https://a.com/${i}|10`);
    expect(parseMassOrder(many.join('\n'))).toEqual({ error: MM.TOO_MANY_LINES });
    expect('lines' in parseMassOrder(many.slice(1).join('\n\n'))).toBe(true);
  });
});

describe('checkMassOrder', () => {
  it('checks each line with the single order rules and prices the valid ones', () => {
    const checked = checkMassOrder(
      lines(
        [
          '1 | https://instagram.com/p/a | 100', // 60 won × 100
          '1 | https://instagram.com/p/b | 5', // below min
          '2 | https://a.com/x | 1000 | 2 | 60', // no drip-feed on service 2
          '1 | https://instagram.com/p/c | 100 | 3 | 60', // drip-feed, 3 runs
          '1 | ftp://a.com | 100',
          '1 | https://a.com/\u202eexe | 100',
          '1 | https://instagram.com/p/d | 1.5',
          '4 | https://a.com/pkg | 50',
          '4 | https://a.com/pkg2 | 49',
          '5 | https://a.com/ro | 10',
          '9 | https://a.com/none | 10',
        ].join('\n'),
      ),
      ctx,
    );
    expect(checked.map((l) => l.error)).toEqual([
      null,
      M.AMOUNT_BELOW_MIN,
      M.AUTO_NOT_ALLOWED,
      null,
      M.LINK_FORMAT,
      M.LINK_INVISIBLE,
      M.AMOUNT_NOT_INTEGER,
      null,
      M.PACKAGE_AMOUNT_FIXED,
      M.UNAVAILABLE,
      MM.UNKNOWN_SERVICE,
    ]);
    expect(checked.map((l) => l.cost)).toEqual([
      6_000,
      null,
      null,
      18_000,
      null,
      null,
      null,
      250_000,
      null,
      null,
      null,
    ]);
    expect(checked[3]!.auto).toBe(true);
    expect(massOrderTotalWon(checked)).toBe(6_000 + 18_000 + 250_000);
  });

  it('reads "| 0 | 0" as no drip-feed, and refuses numbers past exact integers or not in digits', () => {
    const checked = checkMassOrder(
      lines(
        [
          '1 | https://instagram.com/p/a | 100 | 0 | 0',
          '1 | https://instagram.com/p/b | 99999999999999999999',
          '1 | https://instagram.com/p/c | 1e3',
          '1.5 | https://instagram.com/p/f | 100',
          '1 | https://instagram.com/p/d | 100 | 2.5 | 60',
          '1 | https://instagram.com/p/e | 100 | 3 | 59',
        ].join('\n'),
      ),
      ctx,
    );
    expect(checked.map((l) => [l.auto, l.error])).toEqual([
      [false, null],
      [false, M.AMOUNT_NOT_INTEGER],
      [false, M.AMOUNT_NOT_INTEGER],
      [false, MM.SERVICE_ID],
      [false, M.RUNS_NOT_INTEGER],
      [false, M.INTERVAL_TOO_SHORT],
    ]);
  });

  it('refuses Custom Comments products clearly', () => {
    const [line] = checkMassOrder(lines('3 | https://a.com/p | 10'), ctx);
    expect(line!.error).toBe(MM.COMMENTS_SERVICE);
  });

  it('refuses a later line of the same service for the same link (by its key), not another service', () => {
    const checked = checkMassOrder(
      lines(
        [
          '1 | https://instagram.com/p/a | 5', // invalid: does not hold the link
          '1 | https://www.instagram.com/p/a/ | 100',
          '2 | https://instagram.com/p/a | 100',
          '1 | https://instagram.com/reel/a?igshid=x | 200',
        ].join('\n'),
      ),
      ctx,
    );
    expect(checked.map((l) => l.error)).toEqual([
      M.AMOUNT_BELOW_MIN,
      null,
      null,
      massOrderDuplicateMessage(2),
    ]);
    const allowed = checkMassOrder(
      lines('1 | https://instagram.com/p/a | 100\n1 | https://instagram.com/p/a | 100'),
      { ...ctx, refuseOverlap: false },
    );
    expect(allowed.map((l) => l.error)).toEqual([null, null]);
  });

  it('refuses every line while ordering is paused', () => {
    const [line] = checkMassOrder(lines('1 | https://a.com/p | 100'), { ...ctx, serviceCheck: true });
    expect(line!.error).toBe(M.UNAVAILABLE);
  });
});
