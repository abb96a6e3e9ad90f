import type { FastifyBaseLogger } from 'fastify';

/** One share of the background loop: orders, charges … Its report's counts are logged when non-zero. */
export interface BackgroundJob {
  name: string;
  tick(): Promise<object>;
}

/**
 * The single in-process timer that drives the background work (DESIGN.md "Background work"). Ticks
 * never overlap in one process; several processes may tick at once, which the jobs' SKIP LOCKED
 * claims make safe. A failing job is logged, does not stop the others, and the next tick tries again.
 */
export function startTicker(
  jobs: readonly BackgroundJob[],
  intervalSeconds: number,
  log: FastifyBaseLogger,
): () => void {
  if (intervalSeconds <= 0) return () => {};
  let running = false;
  const runJob = async (job: BackgroundJob) => {
    try {
      const report = await job.tick();
      if (Object.values(report).some((value) => typeof value === 'number' && value > 0)) {
        log.info({ tick: report, job: job.name }, 'background tick');
      }
    } catch (error) {
      log.error({ err: error, job: job.name }, 'background tick failed');
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      for (const job of jobs) await runJob(job);
    })().finally(() => {
      running = false;
    });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
