import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { AppError, appError } from '../../errors/app-error';
import { idempotencyKeysRepository } from './idempotency-keys.repository';
import {
  hasOpenOrderFor,
  lockAccountsInIdOrder,
  lockServiceLinks,
  placeOrdersWithDebits,
  type OrderToPlace,
} from './placement.repository';

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
 * `linkLock`: the (service, link) lock the work's overlap check needs (serviceLinkLockKey), taken with
 * the whole group's at the start of its transaction. `accountId`: the account it debits, whose row
 * lock is taken there too, with the group's, in id order.
 */
export interface WorkShape {
  atomic: boolean;
  linkLock?: number;
  /** A work that places several orders (a mass order) names every (service, link) lock they check. */
  linkLocks?: readonly number[];
  accountId?: number;
}

interface Pending {
  linkLock: number | undefined;
  linkLocks?: readonly number[];
  accountId: number | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
/** Work of its own (an auto-order), run in arrival order. */
interface WaitingWork extends Pending {
  kind: 'work';
  work: (tx: Tx) => Promise<unknown>;
  atomic: boolean;
}
/** An order, keyed or not: written with its neighbours by one statement (placeOrdersWithDebits). */
interface WaitingOrder extends Pending {
  kind: 'order';
  order: OrderToPlace;
}
type Waiting = WaitingWork | WaitingOrder;

export interface BatchStats {
  /** Transactions committed (or tried) by the batcher, and the orders they carried. */
  batches: number;
  orders: number;
  /** Statements that wrote plain orders (several orders each when they arrive together). */
  orderStatements: number;
  /** Orders placed alone after their batch's transaction (or their own savepoint) failed for a reason not theirs. */
  retriedAlone: number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown } | { ok: 'alone' };

/**
 * Group commit for orders (docs/ARCHITECTURE.md#group-commit). With production durability each commit
 * waits for its WAL flush, so orders committed one by one are as many flushes; here the orders that
 * arrive within `windowMs` (or `maxBatch` of them) share one transaction and one commit, each still
 * with its own debit, ledger entry, idempotency key and answer.
 *
 * The group's (service, link) locks are taken first, in one statement in key order, then its members'
 * account rows in id order (so two processes' groups never wait on each other in a cycle). Then its
 * orders go in arrival order: consecutive orders (with or without an Idempotency-Key) are written by
 * one statement (placeOrdersWithDebits), their keys taken just before it, as long as their accounts
 * and links differ, the next statement taking the rest, so a member's orders are debited in the order
 * they arrived; other work (an auto-order) runs alone, in its own savepoint unless it writes nothing
 * before it can be refused (WorkShape.atomic). A refusal (not enough points, an open order for the link, a key already
 * used, bad input found late) is that order's answer alone. Every answer waits for the commit, so an
 * answered order is committed, and an order whose batch did not commit was never answered (kill -9
 * mid-batch leaves nothing half-written: it is one transaction). If the batch's transaction fails as a
 * whole (a deadlock with another process, a lost connection), nothing of it was kept and each of its
 * orders is tried again alone.
 */
export class OrderCommitBatcher {
  private readonly queue: Waiting[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  readonly stats: BatchStats = { batches: 0, orders: 0, orderStatements: 0, retriedAlone: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: OrderCommitBatcherOptions,
  ) {}

  /** Runs `work` in a transaction shared with the orders around it; resolves once that has committed. */
  run<T>(work: (tx: Tx) => Promise<T>, shape: WorkShape = { atomic: false }): Promise<T> {
    return this.enqueue<T>((resolve, reject) => ({
      kind: 'work',
      work,
      atomic: shape.atomic,
      linkLock: shape.linkLock,
      linkLocks: shape.linkLocks,
      accountId: shape.accountId,
      resolve,
      reject,
    }));
  }

  /**
   * Places an order (its checks done) with the orders around it; resolves with its id once committed,
   * or rejects with INSUFFICIENT_POINTS or ORDER_OVERLAP (then nothing of it was written). An order
   * with an Idempotency-Key resolves with undefined when an earlier request holds the key: nothing of
   * it was written, and its caller answers with what that request placed.
   */
  place(order: OrderToPlace & { idempotencyKey?: undefined }, linkLock: number | undefined): Promise<number>;
  place(order: OrderToPlace, linkLock: number | undefined): Promise<number | undefined>;
  place(order: OrderToPlace, linkLock: number | undefined): Promise<number | undefined> {
    return this.enqueue<number | undefined>((resolve, reject) => ({
      kind: 'order',
      order,
      linkLock,
      accountId: order.accountId,
      resolve,
      reject,
    }));
  }

  private enqueue<T>(
    make: (resolve: (value: unknown) => void, reject: (error: unknown) => void) => Waiting,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(make(resolve as (value: unknown) => void, reject));
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
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction(async (tx) => {
        await lockServiceLinks(tx, batch.flatMap(linkLocksOf));
        // Then the members' rows, in id order: the debits below, in whatever order the statement
        // makes them, then never wait on another process's group in a cycle.
        await lockAccountsInIdOrder(
          tx,
          batch.flatMap((waiting) => (waiting.accountId === undefined ? [] : [waiting.accountId])),
        );
        let index = 0;
        while (index < batch.length) {
          const waiting = batch[index]!;
          if (waiting.kind === 'work') {
            outcomes.push(await this.runWork(tx, waiting));
            index += 1;
          } else {
            const statement = nextStatement(batch, index);
            outcomes.push(...(await this.placeOrders(tx, statement)));
            index += statement.length;
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

  private async runWork(tx: Tx, waiting: WaitingWork): Promise<Outcome> {
    try {
      // A savepoint only where a refusal has something to undo: each one is a subtransaction, and
      // PostgreSQL slows every session down past 64 of them in one transaction (so is maxBatch).
      const value = waiting.atomic
        ? await waiting.work(tx)
        : await tx.transaction((savepoint) => waiting.work(savepoint));
      return { ok: true, value };
    } catch (error) {
      // A refusal is the order's answer. Anything else (a deadlock with another process's batch, a
      // serialization failure) is not about this order: it is tried again alone — and outside a
      // savepoint it has aborted the whole transaction, so the group is.
      if (!(error instanceof AppError) && waiting.atomic) throw error;
      return error instanceof AppError ? { ok: false, error } : { ok: 'alone' };
    }
  }

  /** One statement for these orders; a statement that fails fails the group (it aborted the transaction). */
  private async placeOrders(tx: Tx, statement: WaitingOrder[]): Promise<Outcome[]> {
    const written = await this.writeOrders(
      tx,
      statement.map((waiting) => waiting.order),
    );
    return written.map((w) => ('refusal' in w ? { ok: false, error: w.refusal } : { ok: true, value: w.id }));
  }

  /**
   * One statement's orders: the keys of those that carry one are taken first, in one statement (an
   * order whose key an earlier request holds is left out: its id is undefined); then the others are
   * written by one statement; an order it did not write is asked why, and its key is freed for the
   * retry (as a rolled-back savepoint would have freed it).
   */
  private async writeOrders(
    tx: Tx,
    list: readonly OrderToPlace[],
  ): Promise<({ id: number | undefined } | { refusal: AppError })[]> {
    const taken = await idempotencyKeysRepository.takeMany(
      tx,
      list.flatMap((o) => (o.idempotencyKey ? [{ accountId: o.accountId, ...o.idempotencyKey }] : [])),
    );
    const toWrite = list.filter((o) => !o.idempotencyKey || taken.has(o.accountId));
    let ids: (number | undefined)[] = [];
    if (toWrite.length > 0) {
      this.stats.orderStatements += 1;
      ids = await placeOrdersWithDebits(tx, toWrite);
    }
    const written = new Map(toWrite.map((order, index) => [order, ids[index]]));
    const results: ({ id: number | undefined } | { refusal: AppError })[] = [];
    for (const order of list) {
      const id = written.get(order);
      if (!written.has(order) || id !== undefined) {
        results.push({ id });
        continue;
      }
      results.push({ refusal: await refusalOf(tx, order) });
      if (order.idempotencyKey)
        await idempotencyKeysRepository.release(tx, order.accountId, order.idempotencyKey.key);
    }
    return results;
  }

  private alone(waiting: Waiting): Promise<void> {
    return this.db
      .transaction(async (tx) => {
        await lockServiceLinks(tx, linkLocksOf(waiting));
        if (waiting.kind === 'work') return waiting.work(tx);
        const written = (await this.writeOrders(tx, [waiting.order]))[0]!;
        if ('refusal' in written) throw written.refusal;
        return written.id;
      })
      .then(waiting.resolve, waiting.reject);
  }
}

/** The (service, link) locks a waiting order or work needs. */
function linkLocksOf(waiting: Waiting): number[] {
  return [...(waiting.linkLock === undefined ? [] : [waiting.linkLock]), ...(waiting.linkLocks ?? [])];
}

/** Characters of links and comments one orders statement carries at most (beyond its first order). */
const STATEMENT_TEXT_BUDGET = 4_000_000;

/**
 * The plain orders from `start` that one statement can write: consecutive, of distinct accounts and
 * distinct (service, link) locks, within STATEMENT_TEXT_BUDGET. It ends at the first that repeats one
 * or would pass the budget, which goes first in the next.
 */
function nextStatement(batch: Waiting[], start: number): WaitingOrder[] {
  const statement: WaitingOrder[] = [];
  const accounts = new Set<number>();
  const links = new Set<number>();
  let text = 0;
  for (let index = start; index < batch.length; index++) {
    const waiting = batch[index]!;
    if (waiting.kind !== 'order') break;
    if (accounts.has(waiting.order.accountId)) break;
    if (waiting.linkLock !== undefined && links.has(waiting.linkLock)) break;
    // Custom Comments orders carry up to 2 MiB each: a statement's parameter stays a few MiB.
    text += waiting.order.link.length + (waiting.order.comments?.length ?? 0);
    if (statement.length > 0 && text > STATEMENT_TEXT_BUDGET) break;
    accounts.add(waiting.order.accountId);
    if (waiting.linkLock !== undefined) links.add(waiting.linkLock);
    statement.push(waiting);
  }
  return statement;
}

/** Why placeOrdersWithDebits wrote nothing for this order: read in the same transaction, under its lock. */
async function refusalOf(tx: Tx, order: OrderToPlace): Promise<AppError> {
  if (order.refuseOverlap && (await hasOpenOrderFor(tx, order.serviceId, order.link))) {
    return appError('ORDER_OVERLAP');
  }
  return appError('INSUFFICIENT_POINTS');
}
