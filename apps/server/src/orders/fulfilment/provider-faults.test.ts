import { LedgerReason, OrderStatus } from '@smm/domain';
import type { AdminOrdersResponse } from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orders, pointLedger, providers, simulatedProviderOrders } from '../../db/schema';
import { checkInvariants } from '../../invariants/invariant-checks';
import { SIMULATED_PROVIDER_URL } from '../../providers/simulated-provider-url';
import type { SimulatedFault } from '../../providers/simulated-provider';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import {
  HELD_INTERRUPTED_SUBMIT,
  HELD_UNCERTAIN_SUBMIT,
  HELD_UNKNOWN_ID,
  UNKNOWN_ID_CHECKS,
} from './provider-failure';
import { catalogService, placeOrder as placeMemberOrder } from '../../test/order-factories';
import { fulfilmentRepository } from './fulfilment.repository';

// A short provider timeout keeps the timeout cases bounded (each waits for it once per call).
const TIMEOUT_MS = 300;
const t = useTestApp({
  providers: { timeoutMs: TIMEOUT_MS, simulatedPartialPercent: 0, simulatedCancelPercent: 0 },
});
const START = 1_000_000;

afterEach(() => t.app.services.simulatedProvider.setFault(null));

const fault = (f: SimulatedFault | null) => t.app.services.simulatedProvider.setFault(f);
const tick = () => t.app.services.worker.tick();
const db = () => t.app.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
/** The simulated provider's rows for one link: one per order it accepted. */
const upstream = (link: string) =>
  db().select().from(simulatedProviderOrders).where(eq(simulatedProviderOrders.link, link));
const refunds = (orderId: number) =>
  db()
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.reason, LedgerReason.REFUND), eq(pointLedger.reference, `order:${orderId}`)));

async function placeOrder(link: string): Promise<{ member: TestMember; orderId: number; cost: number }> {
  const service = await catalogService(t.app);
  const member = await createMember(t.app, { point: START });
  const { orderId, cost } = await placeMemberOrder(t.app, member, {
    serviceId: service.id,
    link,
    amount: service.min,
  });
  return { member, orderId, cost };
}

/** What the console's error list (GET /admin/api/orders?hasError=true) shows for one order. */
async function consoleErrorOf(orderId: number): Promise<string | null | undefined> {
  const operator = await createMember(t.app, { role: 'admin' });
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/orders?hasError=true',
    headers: bearer(await tokenFor(t.app, operator)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrdersResponse>().items.find((o) => o.id === orderId)?.lastError;
}

/** The console's row of one order (GET /admin/api/orders?hasError=true). */
async function consoleOrderOf(orderId: number): Promise<AdminOrdersResponse['items'][number]> {
  const operator = await createMember(t.app, { role: 'admin' });
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/orders?hasError=true',
    headers: bearer(await tokenFor(t.app, operator)),
  });
  expect(response.statusCode, response.body).toBe(200);
  const row = response.json<AdminOrdersResponse>().items.find((o) => o.id === orderId);
  expect(row).toBeDefined();
  return row!;
}

/** balance = Σ ledger, never below 0, refunds ≤ cost (invariants/invariant-checks.ts). */
async function invariantsHold() {
  expect((await checkInvariants(db())).violations).toEqual([]);
}

/**
 * Points the simulated provider's row at a loopback port nothing listens on (a refused connection: the
 * request surely never went out), or back.
 */
let closedPort: number | undefined;
async function unreachable(on: boolean) {
  if (closedPort === undefined) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closedPort = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
  }
  await db()
    .update(providers)
    .set({ apiUrl: on ? `http://127.0.0.1:${closedPort}/api/v2` : SIMULATED_PROVIDER_URL })
    .where(eq(providers.apiUrl, on ? SIMULATED_PROVIDER_URL : `http://127.0.0.1:${closedPort}/api/v2`));
}

/** The member's money is still held: nothing refunded, nothing charged twice. */
async function moneyHeld(member: TestMember, orderId: number, cost: number) {
  expect(await pointOf(t.app, member.accountId)).toBe(START - cost);
  expect(await refunds(orderId)).toHaveLength(0);
}

describe(`submission faults on ${testDatabaseKind}`, () => {
  it('lose-answer: the order was created upstream, the panel holds it and never submits it again', async () => {
    const { member, orderId, cost } = await placeOrder('https://faults.test/lost');
    fault('lose-answer');
    const report = await tick();
    expect(report).toMatchObject({ submitted: 0, failures: 1, refunds: 0 });
    expect(await upstream('https://faults.test/lost')).toHaveLength(1);
    const held = await orderRow(orderId);
    expect(held).toMatchObject({
      status: OrderStatus.PENDING,
      providerOrderId: null,
      attempts: 1,
      nextCheckAt: null,
      leasedUntil: null,
    });
    expect(held.lastError).toContain(HELD_UNCERTAIN_SUBMIT);

    // The provider recovers; a day of ticks later it was still sent only once, and the money is held.
    fault(null);
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(4 * 60 * 60_000);
      expect((await tick()).submitted).toBe(0);
    }
    expect(await upstream('https://faults.test/lost')).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ providerOrderId: null, attempts: 1, nextCheckAt: null });
    await moneyHeld(member, orderId, cost);
    expect(await consoleErrorOf(orderId)).toContain(HELD_UNCERTAIN_SUBMIT);

    // The member cannot cancel it into a refund while the provider may be running it.
    const cancel = await t.app.services.orderCancellation.cancelOrder(member.accountId, orderId);
    expect(cancel.kind).toBe('held');
    await moneyHeld(member, orderId, cost);
  });

  it('timeout: the request may have been taken, so the order is held, not resent', async () => {
    const { member, orderId, cost } = await placeOrder('https://faults.test/timeout');
    fault('timeout');
    expect((await tick()).failures).toBe(1);
    fault(null);
    const held = await orderRow(orderId);
    expect(held).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, nextCheckAt: null });
    expect(held.lastError).toContain(HELD_UNCERTAIN_SUBMIT);
    expect(held.lastError).toContain(`${TIMEOUT_MS} ms`);
    t.clock.advance(60 * 60_000);
    expect((await tick()).submitted).toBe(0);
    expect(await upstream('https://faults.test/timeout')).toHaveLength(0);
    await moneyHeld(member, orderId, cost);
    expect(await consoleErrorOf(orderId)).toContain(HELD_UNCERTAIN_SUBMIT);
  });

  it('malformed JSON from the API is a failure, never a success: held, not marked submitted', async () => {
    const { member, orderId, cost } = await placeOrder('https://faults.test/malformed');
    fault('malformed-json');
    await tick();
    fault(null);
    const held = await orderRow(orderId);
    expect(held).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, nextCheckAt: null });
    expect(held.lastError).toContain('not JSON');
    t.clock.advance(60 * 60_000);
    expect((await tick()).submitted).toBe(0);
    await moneyHeld(member, orderId, cost);
  });

  it('a refused connection (nothing sent): retried with exponential back-off, then submitted exactly once', async () => {
    const { member, orderId, cost } = await placeOrder('https://faults.test/refused');
    await unreachable(true);
    const start = t.clock.now().getTime();
    await tick();
    let row = await orderRow(orderId);
    expect(row).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, attempts: 1 });
    expect(row.nextCheckAt!.getTime() - start).toBe(30_000);
    expect(row.lastError).toContain('connection failed');
    expect(row.providerAnswer).toBeNull();

    // Not due yet: nothing is tried.
    t.clock.advance(29_000);
    expect((await tick()).failures).toBe(0);
    t.clock.advance(1_000);
    await tick();
    row = await orderRow(orderId);
    expect(row.attempts).toBe(2);
    expect(row.nextCheckAt!.getTime() - t.clock.now().getTime()).toBe(60_000);

    await unreachable(false);
    t.clock.advance(60_000);
    expect((await tick()).submitted).toBe(1);
    row = await orderRow(orderId);
    expect(row).toMatchObject({ attempts: 0, lastError: null });
    expect(row.providerOrderId).not.toBeNull();
    expect(await upstream('https://faults.test/refused')).toHaveLength(1);
    await moneyHeld(member, orderId, cost);
    expect(await consoleErrorOf(orderId)).toBeUndefined();
    await invariantsHold();
  });

  it('a refused connection every time: cancelled after maxSubmitAttempts, refunded exactly once', async () => {
    const { member, orderId } = await placeOrder('https://faults.test/give-up');
    await unreachable(true);
    for (let i = 0; i < 5; i += 1) {
      await tick();
      t.clock.advance(31 * 60_000);
    }
    await unreachable(false);
    expect((await orderRow(orderId)).status).toBe(OrderStatus.CANCELED);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(await pointOf(t.app, member.accountId)).toBe(START);
    expect(await upstream('https://faults.test/give-up')).toHaveLength(0);
    await invariantsHold();
  });
});

/**
 * docs/ARCHITECTURE.md#upstream-providers: an answer we cannot read is an answer we did not understand,
 * never a "no". Each of these came back after the provider stored the order (or may have).
 */
describe(`answers we cannot read on ${testDatabaseKind}`, () => {
  it('JSON after a PHP notice is the order id: 3 paid orders are 3 orders upstream, sent once, none refunded', async () => {
    fault('php-notice');
    const placed = await Promise.all([1, 2, 3].map((i) => placeOrder(`https://faults.test/php-notice/${i}`)));
    expect(await tick()).toMatchObject({ submitted: 3, failures: 0, refunds: 0 });
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(31 * 60_000);
      await tick();
    }
    for (const [i, { member, orderId, cost }] of placed.entries()) {
      const sent = await upstream(`https://faults.test/php-notice/${i + 1}`);
      expect(sent).toHaveLength(1);
      const row = await orderRow(orderId);
      expect(row.providerOrderId).toBe(String(sent[0]!.id));
      expect(row.status).not.toBe(OrderStatus.CANCELED);
      await moneyHeld(member, orderId, cost);
    }
    await invariantsHold();
  });

  it.each([
    ['http500-after-work', 1, 'HTTP 500', 'Internal Server Error'],
    ['timeout-after-work', 1, `no answer within ${TIMEOUT_MS} ms`, null],
    ['html-after-work', 1, 'not JSON', 'Service Unavailable'],
    ['truncated-after-work', 1, 'not JSON', '{"order":'],
    ['http500', 0, 'HTTP 500', 'Internal Server Error'],
    ['html', 0, 'not JSON', '502 Bad Gateway'],
    ['deep-json', 0, 'nested deeper', null],
  ] as const)(
    '%s: held for the operator with the raw answer; never resent nor refunded automatically',
    async (f, atProvider, message, raw) => {
      const link = `https://faults.test/held/${f}`;
      const { member, orderId, cost } = await placeOrder(link);
      fault(f);
      expect(await tick()).toMatchObject({ submitted: 0, failures: 1, refunds: 0 });
      fault(null);
      expect(await upstream(link)).toHaveLength(atProvider);
      const held = await orderRow(orderId);
      expect(held).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, nextCheckAt: null });
      expect(held.lastError).toContain(HELD_UNCERTAIN_SUBMIT);
      expect(held.lastError).toContain(message);
      if (raw === null) expect(held.providerAnswer).toBeNull();
      else expect(held.providerAnswer).toContain(raw);
      for (let i = 0; i < 6; i += 1) {
        t.clock.advance(4 * 60 * 60_000);
        expect(await tick()).toMatchObject({ submitted: 0, refunds: 0 });
      }
      expect(await upstream(link)).toHaveLength(atProvider);
      await moneyHeld(member, orderId, cost);
      const shown = await consoleOrderOf(orderId);
      expect(shown.lastError).toContain(HELD_UNCERTAIN_SUBMIT);
      expect(shown.providerAnswer ?? null).toBe(held.providerAnswer);
      expect((await t.app.services.orderCancellation.cancelOrder(member.accountId, orderId)).kind).toBe(
        'held',
      );
      await invariantsHold();
    },
  );

  it("the operator's choice on a held order: resend sends it once (and clears the answer); cancel refunds once", async () => {
    const first = await placeOrder('https://faults.test/choice/resend');
    const second = await placeOrder('https://faults.test/choice/refund');
    fault('http500');
    expect(await tick()).toMatchObject({ failures: 2, refunds: 0 });
    fault(null);
    const operator = await createMember(t.app, { role: 'admin' });
    const headers = bearer(await tokenFor(t.app, operator));
    const act = (id: number, action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/orders/${id}/${action}`,
        headers,
        payload: { memo: '확인함' },
      });

    const resent = await act(first.orderId, 'resend');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await orderRow(first.orderId)).toMatchObject({ providerAnswer: null, lastError: null });
    expect((await tick()).submitted).toBe(1);
    expect(await upstream('https://faults.test/choice/resend')).toHaveLength(1);
    await moneyHeld(first.member, first.orderId, first.cost);

    const cancelled = await act(second.orderId, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refunds(second.orderId)).toHaveLength(1);
    expect(await pointOf(t.app, second.member.accountId)).toBe(START);
    expect((await act(second.orderId, 'cancel')).statusCode).toBe(200);
    expect(await refunds(second.orderId)).toHaveLength(1);
    await invariantsHold();
  });
});

describe(`status refresh faults on ${testDatabaseKind}`, () => {
  /** An order the simulated provider accepted, due for its first status check. */
  async function submitted(link: string) {
    const placed = await placeOrder(link);
    expect((await tick()).submitted).toBe(1);
    t.clock.advance(30_000);
    return placed;
  }

  it('timeout, HTTP 500 and malformed JSON back off without touching the order, then it completes', async () => {
    const link = 'https://faults.test/status';
    const { member, orderId, cost } = await submitted(link);
    const faults: SimulatedFault[] = ['timeout', 'http500', 'malformed-json'];
    const backoffs = [30_000, 60_000, 120_000];
    for (const [i, f] of faults.entries()) {
      fault(f);
      await tick();
      const row = await orderRow(orderId);
      expect(row).toMatchObject({ status: OrderStatus.PENDING, attempts: i + 1, startCount: null });
      expect(row.nextCheckAt!.getTime() - t.clock.now().getTime()).toBe(backoffs[i]);
      expect(row.lastError).toBeTruthy();
      expect(await consoleErrorOf(orderId)).toBe(row.lastError);
      t.clock.advance(backoffs[i]!);
    }
    fault(null);
    for (let i = 0; i < 4; i += 1) {
      await tick();
      t.clock.advance(31_000);
    }
    const done = await orderRow(orderId);
    expect(done).toMatchObject({ status: OrderStatus.COMPLETED, attempts: 0, lastError: null });
    expect(await upstream(link)).toHaveLength(1);
    await moneyHeld(member, orderId, cost);
  });

  it('an unknown order id: asked a bounded number of times, then held for an operator, never refunded', async () => {
    const link = 'https://faults.test/unknown';
    const { member, orderId, cost } = await submitted(link);
    fault('unknown-order');
    for (let i = 1; i < UNKNOWN_ID_CHECKS; i += 1) {
      await tick();
      const row = await orderRow(orderId);
      expect(row.attempts).toBe(i);
      expect(row.nextCheckAt).not.toBeNull();
      expect(row.lastError).toContain('Incorrect order ID');
      t.clock.advance(31 * 60_000);
    }
    await tick();
    const held = await orderRow(orderId);
    expect(held).toMatchObject({
      status: OrderStatus.PENDING,
      attempts: UNKNOWN_ID_CHECKS,
      nextCheckAt: null,
    });
    expect(held.lastError).toContain(HELD_UNKNOWN_ID);
    expect(await consoleErrorOf(orderId)).toContain(HELD_UNKNOWN_ID);

    // Held: no more questions, no refund, even once the provider knows the order again.
    fault(null);
    t.clock.advance(24 * 60 * 60_000);
    expect((await tick()).refreshed).toBe(0);
    await moneyHeld(member, orderId, cost);
    expect(await upstream(link)).toHaveLength(1);
  });
});

describe(`a sender that stops mid-send on ${testDatabaseKind}`, () => {
  // The worker's lease on a claimed batch (worker-context.ts LEASE_SECONDS), and a little more.
  const PAST_LEASE_MS = 121_000;

  /**
   * A tick whose process stops right after the provider answered: recording the answer fails, which
   * leaves the same rows behind as a SIGKILL at that moment.
   */
  async function tickThatStopsAfterTheProviderTookIt() {
    const record = vi
      .spyOn(fulfilmentRepository, 'markSubmitted')
      .mockRejectedValueOnce(new Error('connection terminated'));
    try {
      await expect(tick()).rejects.toThrow('connection terminated');
    } finally {
      record.mockRestore();
    }
  }

  it('the provider took the order but its answer was never recorded: held once the lease ends, never resent', async () => {
    const { member, orderId, cost } = await placeOrder('https://faults.test/died-mid-send');
    await tickThatStopsAfterTheProviderTookIt();
    expect(await upstream('https://faults.test/died-mid-send')).toHaveLength(1);
    const stranded = await orderRow(orderId);
    expect(stranded.providerOrderId).toBeNull();
    expect(stranded.submittingSince).not.toBeNull();

    // While its lease runs nobody touches it; the member cannot cancel it into a refund either.
    expect((await tick()).submitted).toBe(0);
    expect((await t.app.services.orderCancellation.cancelOrder(member.accountId, orderId)).kind).toBe(
      'in-flight',
    );

    // Lease over: the next claim holds it instead of sending it again.
    t.clock.advance(PAST_LEASE_MS);
    expect(await tick()).toMatchObject({ submitted: 0, failures: 1, refunds: 0 });
    const held = await orderRow(orderId);
    expect(held).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, nextCheckAt: null });
    expect(held.lastError).toBe(HELD_INTERRUPTED_SUBMIT);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(60 * 60_000);
      expect((await tick()).submitted).toBe(0);
    }
    expect(await upstream('https://faults.test/died-mid-send')).toHaveLength(1);
    expect((await t.app.services.orderCancellation.cancelOrder(member.accountId, orderId)).kind).toBe('held');
    await moneyHeld(member, orderId, cost);
    expect(await consoleErrorOf(orderId)).toBe(HELD_INTERRUPTED_SUBMIT);
  });

  it('an interrupted order whose lease has ended is not refunded to a member who cancels before the next tick', async () => {
    const { member, orderId, cost } = await placeOrder('https://faults.test/died-then-cancel');
    await tickThatStopsAfterTheProviderTookIt();
    t.clock.advance(PAST_LEASE_MS);
    expect((await t.app.services.orderCancellation.cancelOrder(member.accountId, orderId)).kind).toBe('held');
    await moneyHeld(member, orderId, cost);
  });

  it('a batch claimed by a sender that stopped before sending is sent once its lease ends', async () => {
    const { orderId } = await placeOrder('https://faults.test/died-before-send');
    // What a worker does before it calls the provider, and then nothing more (it was killed).
    const now = t.clock.now();
    await db().transaction((tx) =>
      fulfilmentRepository.claimDueOrders(tx, {
        now,
        leaseUntil: new Date(now.getTime() + PAST_LEASE_MS - 1_000),
        limit: 10,
        token: 'killed-before-send',
      }),
    );
    expect((await tick()).submitted).toBe(0);
    t.clock.advance(PAST_LEASE_MS);
    expect((await tick()).submitted).toBe(1);
    expect(await upstream('https://faults.test/died-before-send')).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ status: OrderStatus.PENDING, submittingSince: null });
    expect((await orderRow(orderId)).providerOrderId).not.toBeNull();
  });
});
