/**
 * Group commit for small writes (docs/ARCHITECTURE.md#group-commit): calls made while a flush is running
 * wait and go together in the next one, so many callers at once cost one statement, and a caller alone
 * is written at once (no window to wait out). Each caller gets its own item's result; a flush that
 * fails fails every caller of that flush, as their own statements would have.
 */
export class Coalescer<Item, Result> {
  private waiting: { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    /** Writes the items and returns one result per item, in their order. */
    private readonly flush: (items: Item[]) => Promise<Result[]>,
    /** At most this many items a flush (the rest go in the next). */
    private readonly maxItems = 500,
  ) {}

  run(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.flushing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.flushing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxItems);
        try {
          const results = await this.flush(batch.map((w) => w.item));
          batch.forEach((w, i) => w.resolve(results[i]!));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
