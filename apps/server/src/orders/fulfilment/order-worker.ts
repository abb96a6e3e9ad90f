import { PROVIDER_CONCURRENCY_DEFAULT } from '@smm/domain';
import { randomUUID } from 'node:crypto';
import type { OrderableService } from '../../catalog/catalog.service';
import type { Db } from '../../db/database';
import { ProviderError } from '../../providers/provider-api';
import type { Clock } from '../../shared/clock';
import { ordersRepository, type OrderRow } from '../orders.repository';
import { HELD_INTERRUPTED_SUBMIT, recordProviderFailure } from './provider-failure';
import { refreshRefills } from '../refills/refresh-refills.workflow';
import { runDueAutoOrders } from './run-auto-orders.workflow';
import { sendRefills } from '../refills/send-refills.workflow';
import { sendToProvider } from './send-to-provider.workflow';
import { STATUS_CLAIM, statusCalls } from './status-sweep';
import { SendMarks } from './send-marks';
import { laneRepository } from './lane.repository';
import { inParallel, LaneSlots } from './lane-slots';
import {
  addInto,
  emptyReport,
  groupByProvider,
  leaseUntil,
  type OrderWorkerOptions,
  type ProviderClients,
  type TickReport,
  type WorkerContext,
} from './worker-context';
import { fulfilmentRepository } from './fulfilment.repository';
import { giveBackWhilePaused, ProviderPauses } from './provider-pauses';

/**
 * How long a background lane keeps claiming again for its provider before it leaves the rest to the
 * next tick: long enough to drain a backlog at the provider's pace, short enough that a lane ends.
 */
const LANE_BUDGET_SECONDS = 30;

/**
 * The order lifecycle's background work (docs/ARCHITECTURE.md "Orders and the background loop"), one
 * `tick()` at a time: the tables are the queue. Each step is an operation of its own file — run
 * auto-orders (run-auto-orders.workflow.ts), send to provider (send-to-provider.workflow.ts), refresh
 * statuses (status-sweep.ts, refresh-status.workflow.ts), decide a failure (provider-failure.ts), refund
 * (cancellation/refund.workflow.ts), send refills (refills/send-refills.workflow.ts) and follow them
 * (refills/refresh-refills.workflow.ts) — and this class claims the work and runs it,
 * like points/charge-worker.ts for charges.
 *
 * The background loop's work, one `tick()` at a time: the tables are the queue. Each step claims due
 * rows with FOR UPDATE SKIP LOCKED in a short transaction, so any number of processes can tick at once;
 * providers are called outside transactions; every refund goes through the ledger with a reference
 * that makes it happen once, and an order leaves its open states in one conditional UPDATE.
 */
export class OrderWorker implements WorkerContext {
  constructor(
    readonly db: Db,
    private readonly providers: ProviderClients,
    /** The catalog's cached service lookup: each auto-order run goes to the service's current provider. */
    private readonly services: { orderableServices(): Promise<ReadonlyMap<number, OrderableService>> },
    readonly clock: Clock,
    readonly options: OrderWorkerOptions,
  ) {
    this.sendMarks = new SendMarks(db);
    this.pauses = new ProviderPauses(clock);
  }

  readonly sendMarks: SendMarks;
  /** Providers that answered HTTP 429, until their Retry-After has passed (provider-pauses.ts). */
  readonly pauses: ProviderPauses;

  /** Providers this process is calling right now, by id: their lanes, so close() can wait for them. */
  private readonly lanes = new Map<number, Promise<void>>();
  /** Providers woken while their lane ran: the lane claims again for them when its batch is done. */
  private readonly woken = new Set<number>();
  /** Claims of this process, one at a time, so a provider's lane is registered before the next claim. */
  private claiming: Promise<unknown> = Promise.resolve();
  /** Set by stopLanes (the app closing): no lane claims again and no wake starts one. */
  private stopped = false;

  /**
   * One tick that waits for every provider call it makes: the report counts what happened. Tests and
   * one-off runs use it; the background loop uses backgroundTick(). Its lanes send what it claimed and
   * end: they never claim again on their own.
   */
  async tick(): Promise<TickReport> {
    const report = emptyReport();
    report.autoOrderRuns = await runDueAutoOrders(this, this.services);
    await Promise.all(await this.dispatchDueOrders(report, { follow: false }));
    await this.runRefills(report);
    return report;
  }

  /**
   * The background loop's tick: claims and starts each provider's lane without waiting for it, so a
   * slow or hanging provider never holds the next tick, nor the orders of the others. A provider whose
   * lane from an earlier tick is still running is not claimed for again by this process meanwhile;
   * that lane claims again for its provider itself while its claims come back full.
   */
  async backgroundTick(): Promise<
    Pick<TickReport, 'autoOrderRuns' | 'claimed' | 'refillsSent' | 'refillsRefreshed' | 'refillsFinished'>
  > {
    const report = emptyReport();
    report.autoOrderRuns = await runDueAutoOrders(this, this.services);
    await this.dispatchDueOrders(report, { follow: true });
    await this.runRefills(report);
    const { autoOrderRuns, claimed, refillsSent, refillsRefreshed, refillsFinished } = report;
    return { autoOrderRuns, claimed, refillsSent, refillsRefreshed, refillsFinished };
  }

  /**
   * A new order of `providerId` is due (docs/ARCHITECTURE.md "Orders and the background loop"): its
   * lane claims now if idle, or claims again once its batch is done. Only the background loop wakes
   * the worker; a worker that is only ticked by hand is never woken.
   */
  wake(providerId: number): void {
    if (this.stopped) return;
    if (this.lanes.has(providerId)) {
      this.woken.add(providerId);
      return;
    }
    const report = emptyReport();
    this.dispatchDueOrders(report, { follow: true, only: providerId }).catch((error: unknown) =>
      this.options.onLaneError?.(error, providerId),
    );
  }

  /** No lane claims again and no wake claims any more; settled() then waits for the running lanes. */
  stopLanes(): void {
    this.stopped = true;
  }

  /**
   * Refills: the due PENDING ones sent (send-refills.workflow.ts), the due INPROGRESS ones asked about
   * (refresh-refills.workflow.ts). Waited for in the tick: refills are few and each call is bounded by the
   * provider timeout; their rows are claimed under a lease like orders, so processes never share one.
   */
  private async runRefills(report: TickReport): Promise<void> {
    await sendRefills(this, this.providers, report);
    await refreshRefills(this, this.providers, report);
  }

  /** Resolves when every provider lane this process started has finished (graceful shutdown). */
  async settled(): Promise<void> {
    while (this.lanes.size > 0) await Promise.allSettled([...this.lanes.values()]);
  }

  /** Runs `work` after every earlier claim of this process has registered its lanes. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.claiming.then(work, work);
    this.claiming = run.catch(() => undefined);
    return run;
  }

  /**
   * Claims due orders (none of a provider this process is still busy with; with `only`, that
   * provider's alone) under a fresh lease token, and starts one lane per provider. Returns the lanes
   * started; each resolves when done (a lane's failure is reported to onLaneError and rejects only the
   * promise returned here). `follow`: the lanes claim again for their provider (laneLoop).
   */
  private dispatchDueOrders(
    report: TickReport,
    how: { follow: boolean; only?: number },
  ): Promise<Promise<void>[]> {
    return this.exclusive(async () => {
      if (how.only !== undefined && this.lanes.has(how.only)) {
        this.woken.add(how.only);
        return [];
      }
      // A provider that asked us to slow down (429) is left alone like one with a lane running.
      const skip = [...this.lanes.keys(), ...this.pauses.paused()];
      const { byProvider, full } = await this.claimGroups(report, how.only, skip);
      const started: Promise<void>[] = [];
      for (const [providerId, group] of byProvider) {
        if (providerId === null) {
          await this.failForNoProvider(group, report);
          continue;
        }
        started.push(this.startLane(providerId, group, how.follow && full, how.follow, report));
      }
      return started;
    });
  }

  /**
   * One claim of due orders, grouped by provider: at most `batchSize` not yet at their provider and
   * `statusClaim` (STATUS_CLAIM) it already has, for their status; `full` when either part came back
   * with all it asked for (more may be due). An order whose sender died mid-send is held here.
   */
  private async claimGroups(report: TickReport, only: number | undefined, skip: number[]) {
    const now = this.clock.now();
    const token = randomUUID();
    const statusLimit = this.options.statusClaim ?? STATUS_CLAIM;
    const claimed = await this.db.transaction((tx) =>
      fulfilmentRepository.claimDueOrders(tx, {
        now,
        leaseUntil: leaseUntil(this, now),
        limit: this.options.batchSize,
        statusLimit,
        token,
        skipProviders: skip,
        onlyProvider: only,
      }),
    );
    const atProvider = claimed.filter((order) => order.providerOrderId !== null).length;
    const full = claimed.length - atProvider >= this.options.batchSize || atProvider >= statusLimit;
    report.claimed += claimed.length;
    const byProvider = await groupByProvider(claimed, async (order) => {
      // Its sender died between sending it and recording the answer: the provider may have it.
      if (order.providerOrderId === null && order.submittingSince !== null) {
        report.failures += 1;
        this.options.onProviderError?.('submit');
        await fulfilmentRepository.markFailedAttempt(
          this.db,
          order.id,
          token,
          HELD_INTERRUPTED_SUBMIT,
          null,
          now,
        );
        return true;
      }
      return false;
    });
    return { byProvider, full };
  }

  /** Starts and registers a provider's lane; called inside exclusive(), before the next claim. */
  private startLane(
    providerId: number,
    group: OrderRow[],
    full: boolean,
    follow: boolean,
    report: TickReport,
  ): Promise<void> {
    const laneReport = emptyReport();
    const lane = (
      follow
        ? this.laneLoop(providerId, group, full, laneReport)
        : this.runLane(providerId, group, laneReport)
    ).finally(() => {
      addInto(report, laneReport);
      if (Object.values(laneReport).some((n) => n > 0)) this.options.onLaneDone?.(laneReport, providerId);
    });
    const tracked = lane.then(
      () => undefined,
      (error: unknown) => this.options.onLaneError?.(error, providerId),
    );
    this.lanes.set(providerId, tracked);
    void tracked.finally(() => {
      if (this.lanes.get(providerId) !== tracked) return;
      this.lanes.delete(providerId);
      // Woken after the lane's last look: the wake is not lost.
      if (this.woken.delete(providerId)) this.wake(providerId);
    });
    return lane;
  }

  /**
   * A lane of the background loop: its batch, then, while the claim came back full or a new order woke
   * it, another claim for its provider alone, at once — a backlog drains at the provider's pace, not
   * the tick's — until a claim comes back short or LANE_BUDGET_SECONDS are spent (the next tick goes
   * on). Each claim is the same SKIP LOCKED claim under a fresh lease token.
   */
  private async laneLoop(providerId: number, first: OrderRow[], full: boolean, report: TickReport) {
    const until = this.clock.now().getTime() + (this.options.laneBudgetSeconds ?? LANE_BUDGET_SECONDS) * 1000;
    // The batches' calls share the lane's slots: the next batch is claimed once every call of the
    // current one has started, and its calls take the slots the current one's last calls free.
    const slots = new LaneSlots(1);
    const running: Promise<void>[] = [];
    let failed = false;
    let group = first;
    let again = full;
    for (;;) {
      let started!: () => void;
      const allStarted = new Promise<void>((resolve) => (started = resolve));
      const batch = this.runLane(providerId, group, report, slots, started);
      running.push(batch);
      await Promise.race([allStarted, batch.catch(() => (failed = true))]);
      const woken = this.woken.delete(providerId);
      if (failed || (!again && !woken) || this.stopped || this.clock.now().getTime() >= until) break;
      // Its provider answered 429: its orders wait for the pause to end (the next tick or wake after).
      if (this.pauses.remainingMs(providerId) > 0) break;
      const next = await this.exclusive(async () => {
        const skip = [...this.lanes.keys(), ...this.pauses.paused()].filter((id) => id !== providerId);
        const { byProvider, full: more } = await this.claimGroups(report, providerId, skip);
        // A failover took some of them (docs/ARCHITECTURE.md#provider-health): their own lanes.
        for (const [other, orders] of byProvider) {
          if (other === null) await this.failForNoProvider(orders, report);
          else if (other !== providerId) void this.startLane(other, orders, false, true, emptyReport());
        }
        return { orders: byProvider.get(providerId) ?? [], more };
      });
      if (next.orders.length === 0 && !next.more) break;
      group = next.orders;
      again = next.more;
    }
    await Promise.all(running);
  }

  /** Orders whose service has no enabled provider: a retryable failure each (backed off, then refunded). */
  private async failForNoProvider(group: OrderRow[], report: TickReport): Promise<void> {
    const error = new ProviderError('no enabled provider for this service', true);
    for (const order of group) await recordProviderFailure(this, order, error, report);
  }

  /** One provider's share of a claim: new orders sent and statuses asked, a few calls at a time. */
  private async runLane(
    providerId: number,
    group: OrderRow[],
    report: TickReport,
    slots = new LaneSlots(1),
    allStarted?: () => void,
  ): Promise<void> {
    const provider = await ordersRepository.providerOf(this.db, providerId);
    if (!provider || !provider.enabled) return this.failForNoProvider(group, report);
    // While the provider is paused after a 429, no call is made to it (provider-pauses.ts).
    const client = this.pauses.guard(providerId, this.providers.clientFor(provider));
    const unsent = group.filter((o) => o.providerOrderId === null);
    // Paused since the claim (docs/ARCHITECTURE.md#provider-health): new orders are given back unsent,
    // to wait or go to a failover on the next claim; orders it already has are still followed.
    if (provider.sendingPaused) {
      const now = this.clock.now();
      for (const order of unsent) await laneRepository.giveBack(this.db, order, order.leaseToken!, now);
    }
    const calls: (() => Promise<void>)[] = (provider.sendingPaused ? [] : unsent).map((order) => () => {
      // Paused by a 429 earlier in this batch: the order goes back before it is marked sending.
      const left = this.pauses.remainingMs(providerId);
      if (left === 0) return sendToProvider(this, client, order, report);
      return giveBackWhilePaused(
        this,
        order,
        new ProviderError('add: not sent (HTTP 429)', true, 'not-sent', null, left),
        report,
      );
    });
    const submitted = group.filter((o) => o.providerOrderId !== null);
    calls.push(...statusCalls(this, client, provider, submitted, report));
    // The operator's 동시 호출 수 for this provider, for sends and status calls alike (each process has
    // its own lanes, so it is per process); unset, the worker's option or the default.
    const limit = provider.maxConcurrency ?? this.options.providerConcurrency ?? PROVIDER_CONCURRENCY_DEFAULT;
    slots.limit = limit;
    await inParallel(calls, slots, allStarted);
  }
}
