// The yardstick of the orders benchmark (docs/performance.md, "How it is measured").

/** Before and after pgbench runs further apart than this (of their mean) make a ratio meaningless. */
export const YARDSTICK_TOLERANCE = 0.15;

/**
 * The yardstick of one orders case: pgbench -N just before and just after it (same clients, same
 * duration). A ratio is only as good as the yardstick, so it is given only when the two agree.
 */
export function yardstickOf(before, after) {
  const mean = Math.round((before.tps + after.tps) / 2);
  const spread = Math.abs(before.tps - after.tps) / mean;
  const steady = spread <= YARDSTICK_TOLERANCE;
  return {
    before: before.tps,
    after: after.tps,
    mean,
    spreadPercent: Number((spread * 100).toFixed(1)),
    ...(steady
      ? {}
      : {
          noisy:
            `too noisy for a ratio: pgbench -N gave ${before.tps} tps before and ${after.tps} after ` +
            `(${(spread * 100).toFixed(0)} % apart, more than ${YARDSTICK_TOLERANCE * 100} %): ` +
            'something else used the cores during the case',
        }),
  };
}
