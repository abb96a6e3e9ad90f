import type { FastifyBaseLogger } from 'fastify';
import type { OrderWorker } from './order-worker';

/**
 * The single in-process timer that drives the background work (DESIGN.md "Background work"). Ticks
 * never overlap in one process; several processes may tick at once, which the worker's SKIP LOCKED
 * claims make safe. A failing tick is logged and the next one tries again.
 */
export function startTicker(
  worker: OrderWorker,
  intervalSeconds: number,
  log: FastifyBaseLogger,
): () => void {
  if (intervalSeconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    worker
      .tick()
      .then((report) => {
        if (report.submitted || report.refunds || report.failures || report.autoOrderRuns) {
          log.info({ tick: report }, 'background tick');
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'background tick failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
