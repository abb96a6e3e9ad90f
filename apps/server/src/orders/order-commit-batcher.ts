import type { Db, Tx } from '../db/database';
import { AppError } from '../errors/app-error';
import { sql } from 'drizzle-orm';

export interface OrderCommitBatcherOptions {
  /** How long the first order of a batch waits for others to join it, in milliseconds. */
  windowMs: number;
  /** A batch goes at once when this many orders are waiting. */
  maxBatch: number;
  /** How many batches may be committing at once (each on its own connection). */
  concurrency: number;
}

/** PostgreSQL: a short window, a few batches in flight (its pool has 10 connections). */
export const ORDER_BATCH_POSTGRES: OrderCommitBatcherOptions = { windowMs: 2, maxBatch: 48, concurrency: 3 };
/** PGlite runs one transaction at a time: one batch at a time, the queue is the window. */
export const ORDER_BATCH_PGLITE: OrderCommitBatcherOptions = { windowMs: 1, maxBatch: 48, concurrency: 1 };

/**
 * `atomic`: the work writes nothing before it can be refused (one statement, or checks then one
 * statement), so a refusal needs no savepoint to undo it. Otherwise (e.g. an idempotency key taken
 * before the order's own checks) it runs in a savepoint of its own.
 */
export interface WorkShape {
  atomic: boolean;
}

interface Waiting {
  work: (tx: Tx) => Promise<unknown>;
  atomic: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface BatchStats {
  /** Transactions committed (or tried) by the batcher, and the orders they carried. */
  batches: number;
  orders: number;
  /** Orders placed alone after their batch's transaction (or their own savepoint) failed for a reason not theirs. */
  retriedAlone: number;
}

/**
 * Group commit for orders (docs/ARCHITECTURE.md#group-commit). With production durability each commit
 * waits for its WAL flush, so orders committed one by one are as many flushes; here the orders that
 * arrive within `windowMs` (or `maxBatch` of them) share one transaction and one commit, each still
 * with its own debit, ledger entry, idempotency key and answer.
 *
 * Each order runs in arrival order, in its own savepoint unless it writes nothing before it can be
 * refused (WorkShape.atomic): a refusal (not enough points, an open order for the link, a key already
 * used, bad input found late) undoes that order alone and is answered to its caller, never to the others, and one member's orders in a batch are debited in the order they
 * arrived. Every answer waits for the commit, so an answered order is committed, and an order whose
 * batch did not commit was never answered (kill -9 mid-batch leaves nothing half-written: it is one
 * transaction). If the batch's transaction fails as a whole (a deadlock with another process, a lost
 * connection), nothing of it was kept and each of its orders is tried again alone.
 */
export class OrderCommitBatcher {
  private readonly queue: Waiting[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  readonly stats: BatchStats = { batches: 0, orders: 0, retriedAlone: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: OrderCommitBatcherOptions,
  ) {}

  /** Runs `work` in a transaction shared with the orders around it; resolves once that has committed. */
  run<T>(work: (tx: Tx) => Promise<T>, shape: WorkShape = { atomic: false }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, atomic: shape.atomic, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running >= this.options.concurrency || this.queue.length === 0) return;
    if (this.queue.length >= this.options.maxBatch) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.options.windowMs);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running >= this.options.concurrency || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.running += 1;
    void this.commit(batch).finally(() => {
      this.running -= 1;
      // Orders that queued while this batch committed go at once: they have waited long enough.
      if (this.queue.length > 0) this.flush();
    });
  }

  private async commit(batch: Waiting[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.orders += batch.length;
    type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown } | { ok: 'alone' };
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const waiting of batch) {
          try {
            // A savepoint only where a refusal has something to undo: each one is a subtransaction,
            // and PostgreSQL slows every session down past 64 of them in one transaction (so is maxBatch).
            const value = waiting.atomic
              ? await waiting.work(tx)
              : await tx.transaction((savepoint) => waiting.work(savepoint));
            outcomes.push({ ok: true, value });
          } catch (error) {
            // A refusal is the order's answer. Anything else (a deadlock with another process's
            // batch, a serialization failure) is not about this order: it is tried again alone —
            // and outside a savepoint it has aborted the whole transaction, so the group is.
            if (!(error instanceof AppError) && waiting.atomic) throw error;
            outcomes.push(error instanceof AppError ? { ok: false, error } : { ok: 'alone' });
          }
        }
        // PostgreSQL answers COMMIT of an aborted transaction with a silent ROLLBACK: one statement
        // first makes sure nothing aborted it (a refusal raised after a failed statement would have),
        // so no order is answered as placed when its group did not commit.
        await tx.execute(sql`SELECT 1`);
      });
    } catch {
      // Nothing of the batch was kept: each order alone, in arrival order, as if it had come by itself.
      this.stats.retriedAlone += batch.length;
      for (const waiting of batch) await this.alone(waiting);
      return;
    }
    const again: Waiting[] = [];
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok === 'alone') again.push(waiting);
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
    this.stats.retriedAlone += again.length;
    for (const waiting of again) await this.alone(waiting);
  }

  private alone(waiting: Waiting): Promise<void> {
    return this.db.transaction((tx) => waiting.work(tx)).then(waiting.resolve, waiting.reject);
  }
}
