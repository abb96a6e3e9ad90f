export declare const YARDSTICK_TOLERANCE: number;

export interface Yardstick {
  before: number;
  after: number;
  mean: number;
  spreadPercent: number;
  /** Why no ratio may be printed: the two pgbench runs disagree by more than the tolerance. */
  noisy?: string;
}

export declare function yardstickOf(before: { tps: number }, after: { tps: number }): Yardstick;
