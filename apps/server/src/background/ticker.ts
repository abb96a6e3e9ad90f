import type { FastifyBaseLogger } from 'fastify';

/** One share of the background loop: orders, charges … Its report's counts are logged when non-zero. */
export interface BackgroundJob {
  name: string;
  tick(): Promise<object>;
}

/**
 * The single in-process timer that drives the background work (docs/ARCHITECTURE.md#background-work). Ticks
 * never overlap in one process; several processes may tick at once, which the jobs' SKIP LOCKED
 * claims make safe. A failing job is logged, does not stop the others, and the next tick tries again.
 *
 * The app owns one (app.background) and closes it with itself: once closing, no new tick starts, and
 * the close waits for the running one, so an order being sent to its provider is recorded before
 * the database closes (a graceful shutdown never leaves work for the lease to recover).
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly jobs: readonly BackgroundJob[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A tick every `intervalSeconds` (0: never). Started once the server listens (main.ts). */
  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || this.closed || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), intervalSeconds * 1000);
    this.timer.unref();
  }

  /** True once start() set the loop going, until close(): only then do woken lanes act. */
  get started(): boolean {
    return this.timer !== undefined && !this.closed;
  }

  /** True while a tick runs. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /**
   * One tick of every job, in order, now; the promise of the tick, or undefined when none starts
   * (one is running already, or the ticker is closing).
   */
  runOnce(): Promise<void> | undefined {
    if (this.closed || this.running) return undefined;
    const tick = (async () => {
      for (const job of this.jobs) await this.runJob(job);
    })().finally(() => {
      this.running = undefined;
    });
    this.running = tick;
    return tick;
  }

  /** No tick starts any more; resolves when the running one (if any) has finished. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async runJob(job: BackgroundJob): Promise<void> {
    try {
      const report = await job.tick();
      if (Object.values(report).some((value) => typeof value === 'number' && value > 0)) {
        this.log.info({ tick: report, job: job.name }, 'background tick');
      }
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'background tick failed');
    }
  }
}
