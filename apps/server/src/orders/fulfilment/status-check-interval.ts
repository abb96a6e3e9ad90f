/**
 * How long after a status answer an open order is asked again (docs/ARCHITECTURE.md "Orders and the
 * background loop", refresh by need): an order placed or moved in the last RECENT_SECONDS every
 * `baseSeconds` (ORDER_STATUS_REFRESH_SECONDS), one unchanged for longer half as often for each doubling
 * of that time, never less often than every SLOWEST_CHECK_SECONDS (nor more often than the base). A
 * sweep of many old, stable orders then costs a fraction of the calls, while a member still sees a
 * moving order's progress within the base interval. The watch's "stalled" (48 h without progress)
 * reads progress_at, which this does not touch, so it is not delayed by more than the cap.
 */
export const RECENT_SECONDS = 600;
export const SLOWEST_CHECK_SECONDS = 600;

export function statusCheckSeconds(baseSeconds: number, sinceProgressSeconds: number): number {
  if (!(sinceProgressSeconds >= RECENT_SECONDS)) return baseSeconds;
  const doublings = Math.floor(Math.log2(sinceProgressSeconds / RECENT_SECONDS)) + 1;
  return Math.min(Math.max(baseSeconds, SLOWEST_CHECK_SECONDS), baseSeconds * 2 ** doublings);
}

/** Seconds since an order last progressed (its provider took it or changed its status or remains). */
export function secondsSinceProgress(order: { progressAt: Date | null; createdAt: Date }, now: Date): number {
  return (now.getTime() - (order.progressAt ?? order.createdAt).getTime()) / 1000;
}
