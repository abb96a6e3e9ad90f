/**
 * A provider lane's calls in flight (its 동시 호출 수): shared by the batches of one lane, so the next
 * claim's calls start as the previous batch's last ones finish, never more than `limit` at once.
 */
export class LaneSlots {
  private inUse = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(public limit: number) {}

  async acquire(): Promise<void> {
    if (this.inUse < this.limit) {
      this.inUse += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** A call ended: its slot goes to the next waiting call, or is free (fewer if the limit was lowered). */
  release(): void {
    if (this.inUse <= this.limit) {
      const next = this.waiting.shift();
      if (next) return next();
    }
    this.inUse -= 1;
  }
}

/**
 * Runs `calls` in order, each once a slot is free; `allStarted` is told when the last has started, so
 * the lane can claim its next batch meanwhile. After a failure no new call starts; the ones running
 * finish, then the first failure is thrown (a database outage stops the lane, as one call after
 * another did).
 */
export async function inParallel(
  calls: (() => Promise<void>)[],
  slots: LaneSlots,
  allStarted?: () => void,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  const running: Promise<void>[] = [];
  for (const call of calls) {
    await slots.acquire();
    if (failure) {
      slots.release();
      break;
    }
    running.push(
      call()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => slots.release()),
    );
  }
  allStarted?.();
  await Promise.all(running);
  if (failure) throw failure.error;
}
