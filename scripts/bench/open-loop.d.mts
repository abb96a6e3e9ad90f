// Types of open-loop.mjs for tooling/bench-pipeline.test.ts.
export interface OpenLoopResult<T> {
  scheduled: number;
  started: number;
  skipped: number;
  results: { i: number; scheduledAt: number; value?: T; error?: unknown }[];
  elapsedSeconds: number;
}
export declare function openLoop<T>(options: {
  rate: number;
  seconds: number;
  maxInFlight?: number;
  send: (i: number, scheduledAt: number) => Promise<T> | T;
  now?: () => number;
}): Promise<OpenLoopResult<T>>;
