/*
 * Provider faults and double submission — the decision (issue 12 §4).
 *
 * The trade's SMM API v2 has no idempotency key and no lookup by a reference of ours: an `add` whose
 * answer never came (a timeout after the request went out, the connection cut mid-answer, a 200 with
 * broken or misshapen JSON) may have created the order upstream, and sending it again could make the
 * member's order run twice while they paid once. So the worker never resubmits such an order: it is
 * HELD for an operator — still PENDING with its money held, no provider order id, `next_check_at`
 * NULL (no tick claims it again), `attempts` counted, and `last_error` saying in Korean what happened
 * (the console's order list shows it under "오류 있음", GET /admin/api/orders?hasError=true). The
 * operator checks the provider's panel and either resends it (console "재전송", only if the provider
 * has no such order) or cancels it with a refund. A member cannot cancel a held order on their own
 * (the work may be running upstream). A lookup-before-resubmit would need the provider to echo a
 * marker of ours; real panels do not, so it was not built: holding costs an operator's look at a rare
 * fault, resubmitting could cost a double delivery.
 *
 * Failures that surely did not reach the provider's order logic (connection refused, an HTTP error
 * status such as 500, a proxy's HTML page) are retried with exponential back-off (30 s, 60 s, … capped
 * at 30 min) and, after `maxSubmitAttempts`, the order is cancelled with its refund (once: ledger key).
 * Trade-off: a provider that answers HTTP 5xx after having stored the order would be resubmitted; a
 * 5xx is taken to mean the request failed, as the API v2 convention is.
 *
 * Status refreshes are reads and safe to repeat: timeouts, 5xx and malformed answers back off the same
 * way, for as long as it takes, and never change the order. A provider that says it does not know the
 * order id is asked again UNKNOWN_ID_CHECKS times with back-off, then the order is held for an operator
 * the same way — never refunded automatically, since the work may have been done.
 */
import { randomUUID } from 'node:crypto';
import {
  AutoOrderStatus,
  LedgerReason,
  OPEN_ORDER_STATUSES,
  OrderStatus,
  autoOrderCancelRefundWon,
  autoOrderRunCostWon,
  isOpenOrderStatus,
  orderStatusFromProvider,
  refundForRemainsWon,
} from '@smm/domain';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import type { OrderableService } from '../catalog/catalog.service';
import { ordersRepository, type AutoOrderRow, type OrderRow } from '../orders/orders.repository';
import { ProviderError, type ProviderApi, type ProviderOrderStatus } from '../providers/provider-api';
import type { Clock } from '../shared/clock';

export interface OrderWorkerOptions {
  /** How often an open order's status is asked of its provider. */
  statusRefreshSeconds: number;
  /** Failed submissions before an order that never reached its provider is cancelled and refunded. */
  maxSubmitAttempts: number;
  /** Rows claimed per tick and kind. */
  batchSize: number;
  /** Length of an auto-order interval minute in seconds: 60, or less to watch a demo or e2e run. */
  secondsPerMinute: number;
  /**
   * How long a claimed order is held by this process before another may take it over (each send
   * renews it for the order being sent). Default LEASE_SECONDS.
   */
  leaseSeconds?: number;
  /** Calls in flight to one provider at once from this process. Default PROVIDER_CONCURRENCY. */
  providerConcurrency?: number;
  /** Told of each failed provider call recorded (`submit`: a new order; `status`: one the provider has). */
  onProviderError?: (stage: 'submit' | 'status') => void;
  /** Told what a provider's lane did, when it did anything (the background loop logs it). */
  onLaneDone?: (report: TickReport, providerId: number) => void;
  /** Told when a provider's lane failed (the database gone, say). */
  onLaneError?: (error: unknown, providerId: number) => void;
}

export interface ProviderClients {
  clientFor(provider: { apiUrl: string; apiKey: string }): ProviderApi;
}

/** What asking to cancel one order came to (the public API words each for the caller). */
export type CancelOutcome =
  /** Not yet sent to its provider: cancelled and fully refunded now. */
  | { kind: 'cancelled'; refunded: number }
  /** Its provider accepted the cancellation; the refund follows when its status says Canceled or Partial. */
  | { kind: 'requested' }
  | { kind: 'not-found' }
  /** Already completed, partial or canceled. */
  | { kind: 'final' }
  /** A worker is sending it to its provider right now; asking again shortly will be decided. */
  | { kind: 'in-flight' }
  | { kind: 'provider-refused'; reason: string };

export interface TickReport {
  autoOrderRuns: number;
  /** Orders claimed this tick (with the background loop, their lanes may still be running). */
  claimed: number;
  submitted: number;
  refreshed: number;
  failures: number;
  refunds: number;
  /** Claimed orders this process no longer held when their turn came (taken over, or closed): left alone. */
  leaseLost: number;
}

/**
 * While a claimed batch talks to its provider, no other process takes it (docs/ARCHITECTURE.md
 * "Background work"); every send renews it for its order, so a long batch never outlives its fence.
 */
const LEASE_SECONDS = 120;
/**
 * Calls in flight to one provider at once: a batch finishes in a fraction of the time of one call after
 * another, and a provider is not flooded by one panel process (each process has its own lanes).
 */
const PROVIDER_CONCURRENCY = 4;
const MAX_BACKOFF_SECONDS = 30 * 60;
const STATUS_BATCH = 100;
/** Times a provider may say it does not know an order it accepted before the order is held. */
export const UNKNOWN_ID_CHECKS = 5;

/** `last_error` of an order held because its submission's answer was lost (the console shows it). */
export const HELD_UNCERTAIN_SUBMIT =
  '접수 여부 불명: 공급사에 주문을 보냈지만 응답을 받지 못해 자동 재전송을 멈췄습니다. ' +
  '공급사 패널에서 주문이 있는지 확인한 뒤, 없으면 재전송하고 있으면 직접 처리해 주세요.';
/** `last_error` of an order held because the process sending it stopped before the answer came. */
export const HELD_INTERRUPTED_SUBMIT =
  '접수 여부 불명: 공급사에 주문을 보내는 중 서버가 중단되어 응답을 기록하지 못했습니다. 자동 재전송을 멈췄습니다. ' +
  '공급사 패널에서 주문이 있는지 확인한 뒤, 없으면 재전송하고 있으면 직접 처리해 주세요.';
/** `last_error` of a closed order whose provider answered its late send with an order id after all. */
export const ORPHAN_SUBMISSION =
  '공급사가 주문을 접수했지만 그 사이 이 주문이 이미 종료(취소·환불 등)되어 기록하지 못했습니다. ' +
  '공급사 패널에서 아래 주문번호의 주문을 취소해 주세요.';
/** `last_error` of an order held because its provider keeps saying it does not know its order id. */
export const HELD_UNKNOWN_ID =
  '공급사가 이 주문번호를 알 수 없다고 여러 번 답해 자동 확인을 멈췄습니다. ' +
  '환불하지 않았습니다. 공급사에 작업 여부를 확인한 뒤 처리해 주세요.';

const seconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

/**
 * The background loop's work, one `tick()` at a time: the tables are the queue. Each step claims due
 * rows with FOR UPDATE SKIP LOCKED in a short transaction, so any number of processes can tick at once;
 * providers are called outside transactions; every refund goes through the ledger with a reference
 * that makes it happen once, and an order leaves its open states in one conditional UPDATE.
 */
export class OrderWorker {
  constructor(
    private readonly db: Db,
    private readonly providers: ProviderClients,
    /** The catalogue's cached service lookup: each auto-order run goes to the service's current provider. */
    private readonly services: { orderableServices(): Promise<ReadonlyMap<number, OrderableService>> },
    private readonly clock: Clock,
    private readonly options: OrderWorkerOptions,
  ) {}

  /** Providers this process is calling right now, by id: their lanes, so close() can wait for them. */
  private readonly lanes = new Map<number, Promise<void>>();

  /**
   * One tick that waits for every provider call it makes: the report counts what happened. Tests and
   * one-off runs use it; the background loop uses backgroundTick().
   */
  async tick(): Promise<TickReport> {
    const report = emptyReport();
    report.autoOrderRuns = await this.placeDueAutoOrderRuns();
    await Promise.all(await this.dispatchDueOrders(report));
    return report;
  }

  /**
   * The background loop's tick: claims and starts each provider's lane without waiting for it, so a
   * slow or hanging provider never holds the next tick, nor the orders of the others. A provider whose
   * lane from an earlier tick is still running is not claimed for again by this process meanwhile.
   */
  async backgroundTick(): Promise<Pick<TickReport, 'autoOrderRuns' | 'claimed'>> {
    const report = emptyReport();
    report.autoOrderRuns = await this.placeDueAutoOrderRuns();
    await this.dispatchDueOrders(report);
    return { autoOrderRuns: report.autoOrderRuns, claimed: report.claimed };
  }

  /** Resolves when every provider lane this process started has finished (graceful shutdown). */
  async settled(): Promise<void> {
    while (this.lanes.size > 0) await Promise.allSettled([...this.lanes.values()]);
  }

  /** Each due auto-order places its next run as a child order, under the auto-order's row lock. */
  private async placeDueAutoOrderRuns(): Promise<number> {
    const now = this.clock.now();
    // Read before the transaction: inside it, a cold cache's query would deadlock PGlite's one connection.
    const catalogue = await this.services.orderableServices();
    return this.db.transaction(async (tx) => {
      const due = await ordersRepository.claimDueAutoOrders(tx, now, this.options.batchSize);
      for (const autoOrder of due) {
        const run = autoOrder.completed + 1;
        const found = catalogue.get(autoOrder.serviceId);
        await ordersRepository.insertOrder(tx, {
          accountId: autoOrder.accountId,
          serviceId: autoOrder.serviceId,
          autoOrderId: autoOrder.id,
          link: autoOrder.link,
          amount: autoOrder.amount,
          unitPriceMilli: autoOrder.unitPriceMilli,
          cost: autoOrderRunCostWon(autoOrder.unitPriceMilli, autoOrder.amount, run),
          status: OrderStatus.PENDING,
          providerId: found?.service.providerId ?? null,
          providerServiceId: found?.service.providerServiceId ?? null,
          nextCheckAt: now,
        });
        const last = run === autoOrder.runs;
        // After downtime the schedule resumes from now instead of firing the missed runs in a burst.
        const planned = seconds(
          autoOrder.nextRunAt ?? now,
          autoOrder.interval * this.options.secondsPerMinute,
        );
        await ordersRepository.advanceAutoOrder(tx, autoOrder.id, {
          completed: run,
          status: last
            ? autoOrder.refunded > 0
              ? AutoOrderStatus.PARTIAL
              : AutoOrderStatus.COMPLETED
            : AutoOrderStatus.ACTIVE,
          nextRunAt: last
            ? null
            : planned < now
              ? seconds(now, autoOrder.interval * this.options.secondsPerMinute)
              : planned,
        });
      }
      return due.length;
    });
  }

  /**
   * Claims due orders (none of a provider this process is still busy with) under a fresh lease token,
   * and starts one lane per provider. Returns the lanes started; each resolves when done (a lane's
   * failure is reported to onLaneError and rejects only the promise returned here).
   */
  private async dispatchDueOrders(report: TickReport): Promise<Promise<void>[]> {
    const now = this.clock.now();
    const token = randomUUID();
    const claimed = await this.db.transaction((tx) =>
      ordersRepository.claimDueOrders(tx, {
        now,
        leaseUntil: this.leaseUntil(now),
        limit: this.options.batchSize,
        token,
        skipProviders: [...this.lanes.keys()],
      }),
    );
    report.claimed += claimed.length;
    const byProvider = new Map<number | null, OrderRow[]>();
    for (const order of claimed) {
      // Its sender died between sending it and recording the answer: the provider may have it.
      if (order.providerOrderId === null && order.submittingSince !== null) {
        report.failures += 1;
        this.options.onProviderError?.('submit');
        await ordersRepository.markFailedAttempt(
          this.db,
          order.id,
          token,
          HELD_INTERRUPTED_SUBMIT,
          null,
          now,
        );
        continue;
      }
      byProvider.set(order.providerId, [...(byProvider.get(order.providerId) ?? []), order]);
    }
    const started: Promise<void>[] = [];
    for (const [providerId, group] of byProvider) {
      if (providerId === null) {
        for (const order of group) {
          await this.fail(order, new ProviderError('no enabled provider for this service', true), report);
        }
        continue;
      }
      const laneReport = emptyReport();
      const lane = this.runLane(providerId, group, laneReport).finally(() => {
        addInto(report, laneReport);
        if (Object.values(laneReport).some((n) => n > 0)) this.options.onLaneDone?.(laneReport, providerId);
      });
      const tracked = lane.then(
        () => undefined,
        (error: unknown) => this.options.onLaneError?.(error, providerId),
      );
      this.lanes.set(providerId, tracked);
      void tracked.finally(() => {
        if (this.lanes.get(providerId) === tracked) this.lanes.delete(providerId);
      });
      started.push(lane);
    }
    return started;
  }

  /** One provider's share of a claim: new orders sent and statuses asked, a few calls at a time. */
  private async runLane(providerId: number, group: OrderRow[], report: TickReport): Promise<void> {
    const provider = await ordersRepository.providerOf(this.db, providerId);
    if (!provider || !provider.enabled) {
      for (const order of group) {
        await this.fail(order, new ProviderError('no enabled provider for this service', true), report);
      }
      return;
    }
    const client = this.providers.clientFor(provider);
    const calls: (() => Promise<void>)[] = group
      .filter((o) => o.providerOrderId === null)
      .map((order) => () => this.submit(client, order, report));
    const submitted = group.filter((o) => o.providerOrderId !== null);
    for (let i = 0; i < submitted.length; i += STATUS_BATCH) {
      const batch = submitted.slice(i, i + STATUS_BATCH);
      calls.push(() => this.refresh(client, batch, report));
    }
    await inParallel(calls, this.options.providerConcurrency ?? PROVIDER_CONCURRENCY);
  }

  private leaseUntil(now: Date): Date {
    return seconds(now, this.options.leaseSeconds ?? LEASE_SECONDS);
  }

  private async submit(client: ProviderApi, order: OrderRow, report: TickReport): Promise<void> {
    const token = order.leaseToken!;
    let providerOrderId: string;
    try {
      if (!order.providerServiceId) throw new ProviderError('service has no provider service id', false);
      const now = this.clock.now();
      // The fence: sent only if this claim still owns the unsent order, checked as it is marked sending.
      if (!(await ordersRepository.markSending(this.db, order.id, token, now, this.leaseUntil(now)))) {
        report.leaseLost += 1;
        return;
      }
      ({ providerOrderId } = await client.add({
        service: order.providerServiceId,
        link: order.link,
        quantity: order.amount,
      }));
    } catch (error) {
      await this.fail(order, asProviderError(error), report);
      return;
    }
    // The provider has the order now. Should recording that fail (the database gone for a moment),
    // the error is not taken for a provider failure to retry: the order keeps its sending mark, and
    // once its lease ends the next claim holds it for an operator instead of sending it twice.
    const now = this.clock.now();
    const recorded = await ordersRepository.markSubmitted(
      this.db,
      order.id,
      providerOrderId,
      seconds(now, this.options.statusRefreshSeconds),
      now,
    );
    if (recorded) {
      report.submitted += 1;
      return;
    }
    // Closed while its answer was on the way (an operator cancelled it): the provider runs an order the
    // panel no longer pays for. Said on the order for the operator, never dropped silently.
    report.failures += 1;
    this.options.onProviderError?.('submit');
    await ordersRepository.noteOrphanSubmission(
      this.db,
      order.id,
      `${ORPHAN_SUBMISSION} (공급사 주문번호 ${providerOrderId})`,
      now,
    );
  }

  private async refresh(client: ProviderApi, batch: OrderRow[], report: TickReport): Promise<void> {
    let answers: Map<string, ProviderOrderStatus | { error: string }>;
    try {
      answers = await client.statuses(batch.map((o) => o.providerOrderId!));
    } catch (error) {
      for (const order of batch) await this.fail(order, asProviderError(error), report);
      return;
    }
    for (const order of batch) {
      const answer = answers.get(order.providerOrderId!);
      const status = answer && 'status' in answer ? orderStatusFromProvider(answer.status) : null;
      if (!answer || !('status' in answer) || status === null) {
        const why = answer && 'error' in answer ? answer.error : 'no usable status for this order';
        await this.fail(
          order,
          new ProviderError(why, true),
          report,
          answer !== undefined && 'error' in answer,
        );
        continue;
      }
      const refunded = await this.applyStatus(order, status, answer);
      report.refreshed += 1;
      if (refunded) report.refunds += 1;
    }
  }

  /** The provider's word on an open order; a final state and its refund happen exactly once. */
  private async applyStatus(
    order: OrderRow,
    status: OrderStatus,
    answer: ProviderOrderStatus,
  ): Promise<boolean> {
    const now = this.clock.now();
    const final =
      status === OrderStatus.COMPLETED || status === OrderStatus.PARTIAL || status === OrderStatus.CANCELED;
    return this.db.transaction(async (tx) => {
      const updated = await ordersRepository.applyStatus(
        tx,
        order.id,
        {
          status,
          startCount: answer.startCount,
          remains: status === OrderStatus.COMPLETED ? 0 : answer.remains,
          nextCheckAt: final ? null : seconds(now, this.options.statusRefreshSeconds),
        },
        now,
        order.leaseToken!,
      );
      // Already final (another process, a repeated refresh) or no longer this claim's: nothing more to
      // do, and no second refund.
      if (!updated) return false;
      if (status === OrderStatus.PARTIAL) {
        const remains = answer.remains ?? updated.amount;
        return refundOrder(
          tx,
          updated,
          refundForRemainsWon(updated.cost, updated.unitPriceMilli, updated.amount, remains),
        );
      }
      if (status === OrderStatus.CANCELED) return refundOrder(tx, updated, updated.cost - updated.refunded);
      return false;
    });
  }

  /**
   * A provider call that did not work, decided on the order as it is now (re-read under its lock), and
   * only while this claim still holds it: a process that took it over decides instead. An order the
   * provider never accepted is retried with back-off and, after `maxSubmitAttempts` (or at once when
   * the provider refused it), cancelled with a full refund — but only when it has no provider order id
   * and its send surely did not reach the provider; an order the provider may have goes to an operator.
   * An order the provider has keeps being asked about, with back-off: the work may be done.
   */
  private async fail(
    order: OrderRow,
    error: ProviderError,
    report: TickReport,
    /** The provider answered that it does not know this order id. */
    unknownId = false,
  ): Promise<void> {
    report.failures += 1;
    const now = this.clock.now();
    const token = order.leaseToken!;
    this.options.onProviderError?.(order.providerOrderId === null ? 'submit' : 'status');
    const refunded = await this.db.transaction(async (tx) => {
      const current = await ordersRepository.findOrderForUpdate(tx, order.id);
      if (!current || current.leaseToken !== token || !isOpenOrderStatus(current.status)) {
        report.leaseLost += 1;
        return false;
      }
      const attempts = current.attempts + 1;
      const neverAccepted = current.providerOrderId === null;
      const failed = (message: string, nextCheckAt: Date | null) =>
        ordersRepository.markFailedAttempt(tx, current.id, token, message, nextCheckAt, now);
      // Held for an operator (see the top of this file): no automatic resubmission, refund or check.
      if (neverAccepted && error.mayHaveBeenProcessed) {
        await failed(`${HELD_UNCERTAIN_SUBMIT} (${error.message})`, null);
        return false;
      }
      if (!neverAccepted && unknownId && attempts >= UNKNOWN_ID_CHECKS) {
        await failed(`${HELD_UNKNOWN_ID} (${current.providerOrderId}: ${error.message})`, null);
        return false;
      }
      if (neverAccepted && (!error.retryable || attempts >= this.options.maxSubmitAttempts)) {
        const cancelled = await ordersRepository.applyStatus(
          tx,
          current.id,
          { status: OrderStatus.CANCELED, startCount: null, remains: current.amount, nextCheckAt: null },
          now,
          token,
        );
        return cancelled ? refundOrder(tx, cancelled, cancelled.cost - cancelled.refunded) : false;
      }
      const backoff = Math.min(MAX_BACKOFF_SECONDS, 15 * 2 ** Math.min(attempts, 10));
      await failed(error.message, seconds(now, backoff));
      return false;
    });
    if (refunded) report.refunds += 1;
  }

  /**
   * A member's cancellation of one of their orders. One the provider has not got yet is cancelled and
   * refunded in one transaction, unless a worker holds it (leased) because it is being sent right now:
   * cancelling then would refund an order the provider is about to run. One the provider has is
   * cancelled by asking the provider; its status refresh then brings the refund, exactly once.
   */
  async cancelOrder(accountId: number, orderId: number): Promise<CancelOutcome> {
    const now = this.clock.now();
    const local = await this.db.transaction(
      async (tx): Promise<CancelOutcome | { kind: 'at-provider'; order: OrderRow }> => {
        const order = await ordersRepository.findOwnOrderForUpdate(tx, accountId, orderId);
        if (!order) return { kind: 'not-found' };
        if (!OPEN_ORDER_STATUSES.includes(order.status as OrderStatus)) return { kind: 'final' };
        if (order.providerOrderId !== null) return { kind: 'at-provider', order };
        if (order.leasedUntil && order.leasedUntil > now) return { kind: 'in-flight' };
        // Held for an operator (or about to be: its sender died mid-send): its provider may be running
        // it, so only an operator may cancel it.
        if (order.nextCheckAt === null || order.submittingSince !== null) {
          return { kind: 'provider-refused', reason: 'held for an operator: the provider may have it' };
        }
        const updated = await ordersRepository.applyStatus(
          tx,
          order.id,
          {
            status: OrderStatus.CANCELED,
            startCount: order.startCount,
            remains: order.amount,
            nextCheckAt: null,
          },
          now,
        );
        if (!updated) return { kind: 'final' };
        const amount = Math.max(0, updated.cost - updated.refunded);
        await refundOrder(tx, updated, amount);
        return { kind: 'cancelled', refunded: amount };
      },
    );
    if (local.kind !== 'at-provider') return local;
    const { order } = local;
    const provider =
      order.providerId === null ? undefined : await ordersRepository.providerOf(this.db, order.providerId);
    if (!provider || !provider.enabled) return { kind: 'provider-refused', reason: 'no enabled provider' };
    try {
      const answers = await this.providers.clientFor(provider).cancel([order.providerOrderId!]);
      const answer = answers.get(order.providerOrderId!);
      if (answer === true) return { kind: 'requested' };
      return { kind: 'provider-refused', reason: answer?.error ?? 'no answer for this order' };
    } catch (error) {
      return { kind: 'provider-refused', reason: asProviderError(error).message };
    }
  }

  /**
   * Stops an auto-order: the runs not yet placed are refunded (its total less the price of the placed
   * runs) through the ledger, once. Only the owner's ACTIVE auto-order can be cancelled.
   */
  async cancelAutoOrder(
    accountId: number,
    autoOrderId: number,
  ): Promise<{ cancelled: boolean; refunded: number }> {
    return this.db.transaction(async (tx) => {
      const autoOrder = await ordersRepository.findAutoOrderForUpdate(tx, autoOrderId);
      if (!autoOrder || autoOrder.accountId !== accountId) throw appError('NOT_FOUND');
      if (autoOrder.status !== AutoOrderStatus.ACTIVE) return { cancelled: false, refunded: 0 };
      return { cancelled: true, refunded: await stopAutoOrder(tx, autoOrder) };
    });
  }
}

/**
 * Gives `amount` of an order's cost back, once: the ledger's (REFUND, `order:<id>`) key admits one
 * refund per order, whoever asks (a worker reading a final provider status, a member's or an
 * operator's cancellation). The caller holds the order (locked, or just moved out of its open states).
 * A run of an auto-order also shows on its auto-order. False when nothing was given back.
 */
export async function refundOrder(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'accountId' | 'autoOrderId'>,
  amount: number,
): Promise<boolean> {
  if (amount <= 0) return false;
  const result = await applyLedgerEntry(tx, {
    accountId: order.accountId,
    delta: amount,
    reason: LedgerReason.REFUND,
    reference: `order:${order.id}`,
  });
  if (!result.applied) return false;
  await ordersRepository.addRefunded(tx, order.id, amount);
  if (order.autoOrderId !== null) await noteAutoOrderRefund(tx, order.autoOrderId, amount);
  return true;
}

/** A run of an auto-order came back short: the auto-order shows the refund and, once done, PARTIAL. */
async function noteAutoOrderRefund(tx: Tx, autoOrderId: number, amount: number): Promise<void> {
  const autoOrder = await ordersRepository.findAutoOrderForUpdate(tx, autoOrderId);
  if (!autoOrder) return;
  await ordersRepository.setAutoOrderRefunded(tx, autoOrderId, {
    refunded: autoOrder.refunded + amount,
    ...(autoOrder.status === AutoOrderStatus.COMPLETED ? { status: AutoOrderStatus.PARTIAL } : {}),
  });
}

/**
 * Stops an ACTIVE auto-order the caller has locked (the member's cancellation, or an operator's): the
 * runs not yet placed are refunded through the ledger (`auto:<id>`, once) and no run follows.
 * Returns the won given back.
 */
export async function stopAutoOrder(tx: Tx, autoOrder: AutoOrderRow): Promise<number> {
  const amount = autoOrderCancelRefundWon(autoOrder);
  let refunded = 0;
  if (amount > 0) {
    const result = await applyLedgerEntry(tx, {
      accountId: autoOrder.accountId,
      delta: amount,
      reason: LedgerReason.REFUND,
      reference: `auto:${autoOrder.id}`,
    });
    if (result.applied) refunded = amount;
  }
  await ordersRepository.setAutoOrderRefunded(tx, autoOrder.id, {
    refunded: autoOrder.refunded + refunded,
    status: AutoOrderStatus.CANCLED,
    nextRunAt: null,
  });
  return refunded;
}

function emptyReport(): TickReport {
  return {
    autoOrderRuns: 0,
    claimed: 0,
    submitted: 0,
    refreshed: 0,
    failures: 0,
    refunds: 0,
    leaseLost: 0,
  };
}

function addInto(total: TickReport, part: TickReport): void {
  for (const key of Object.keys(total) as (keyof TickReport)[]) total[key] += part[key];
}

/**
 * Runs `calls` with at most `limit` in flight. After a failure no new call starts; the ones running
 * finish, then the first failure is thrown (a database outage stops the lane, as one call after
 * another did).
 */
async function inParallel(calls: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async () => {
    while (failure === undefined && next < calls.length) {
      const call = calls[next]!;
      next += 1;
      try {
        await call();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, runner));
  if (failure) throw failure.error;
}

function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  return new ProviderError(error instanceof Error ? error.message : String(error), true);
}
