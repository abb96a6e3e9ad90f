import { describe, expect, it } from 'vitest';
import { YARDSTICK_TOLERANCE, yardstickOf } from '../scripts/bench/yardstick.mjs';

/** docs/performance.md, "How it is measured": a ratio only beside a steady yardstick. */
describe('the orders benchmark yardstick', () => {
  it('gives the mean of pgbench before and after the case when they agree within 15 %', () => {
    expect(YARDSTICK_TOLERANCE).toBe(0.15);
    expect(yardstickOf({ tps: 3000 }, { tps: 3400 })).toEqual({
      before: 3000,
      after: 3400,
      mean: 3200,
      spreadPercent: 12.5,
    });
  });

  it('refuses a ratio, saying why, when they differ by more than 15 % of their mean', () => {
    const noisy = yardstickOf({ tps: 3253 }, { tps: 3810 });
    expect(noisy.spreadPercent).toBe(15.8);
    expect(noisy.noisy).toMatch(/too noisy for a ratio: pgbench -N gave 3253 tps before and 3810 after/);
    // Either direction: a quieter machine after the case is as wrong a yardstick as a busier one.
    expect(yardstickOf({ tps: 3810 }, { tps: 3253 }).noisy).toBeDefined();
    expect(yardstickOf({ tps: 1000 }, { tps: 1150 }).noisy).toBeUndefined();
  });
});
