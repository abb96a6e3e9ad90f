import { LedgerReason, OrderStatus, refundForRemainsWon } from '@smm/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, pointLedger, simulatedProviderOrders } from '../db/schema';
import { HELD_UNCERTAIN_SUBMIT } from '../orders/fulfilment/provider-failure';
import { createMember, pointOf, type TestMember } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { simulatedOutcome, type SimulatedDialect } from './simulated-provider';

/**
 * The real client and worker against the simulated provider answering as real panels do
 * (docs/ARCHITECTURE.md#upstream-providers, docs/ARCHITECTURE.md#providers-are-untrusted): every
 * dialect's statuses reach the right end with the right refund, and an answer that is no answer is a
 * provider error of the right kind, never a refund of an order the provider may be running.
 */
const OUTCOMES = { partialPercent: 30, cancelPercent: 30 };
const t = useTestApp({
  providers: {
    timeoutMs: 2000,
    simulatedPartialPercent: OUTCOMES.partialPercent,
    simulatedCancelPercent: OUTCOMES.cancelPercent,
  },
});
const START = 10_000_000;

afterEach(() => t.app.services.simulatedProvider.setDialect(null));

const dialect = (d: SimulatedDialect | null) => t.app.services.simulatedProvider.setDialect(d);
const tick = () => t.app.services.worker.tick();
const db = () => t.app.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const upstream = (link: string) =>
  db()
    .select()
    .from(simulatedProviderOrders)
    .where(like(simulatedProviderOrders.link, `${link}%`));
const refunded = async (orderId: number) =>
  (
    await db()
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.reason, LedgerReason.REFUND), eq(pointLedger.reference, `order:${orderId}`)))
  ).reduce((sum, row) => sum + row.delta, 0);

/** `count` orders of one member on links under `link`, not yet sent. */
async function place(link: string, count: number): Promise<{ member: TestMember; ids: number[] }> {
  const service = await catalogService(t.app);
  const member = await createMember(t.app, { point: START });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: `${link}/${i}`,
      amount: service.min * 3,
    });
    ids.push(orderId);
  }
  return { member, ids };
}

/** Ticks (30 s apart) until none of these orders is open, or gives up. */
async function runToTheEnd(ids: number[]) {
  for (let i = 0; i < 12; i += 1) {
    await tick();
    t.clock.advance(31_000);
    const rows = await Promise.all(ids.map(orderRow));
    if (
      rows.every((o) =>
        [OrderStatus.COMPLETED, OrderStatus.PARTIAL, OrderStatus.CANCELED].includes(o.status as 2),
      )
    ) {
      return;
    }
  }
}

const STATUS_DIALECTS: SimulatedDialect[] = [
  'numbers',
  'strings',
  'title-case',
  'upper-snake',
  'numeric-status',
  'numeric-string-status',
  'keyed-errors',
  'status-list',
];

describe(`provider dialects: statuses on ${testDatabaseKind}`, () => {
  it.each(STATUS_DIALECTS)(
    '%s: orders end Completed, Partial or Canceled as the provider says, each refunded right once',
    async (d) => {
      dialect(d);
      // Eight consecutive provider ids reach every end (simulatedOutcome spreads them over 0–99).
      const { member, ids } = await place(`https://dialects.test/${d}`, 8);
      expect((await tick()).submitted).toBe(8);
      t.clock.advance(31_000);
      // The first check reads In progress in the dialect's spelling, with the start count.
      expect(await tick()).toMatchObject({ refreshed: 8, failures: 0 });
      for (const id of ids) {
        const order = await orderRow(id);
        expect(order).toMatchObject({ status: OrderStatus.INPROGRESS, attempts: 0, lastError: null });
        expect(order.startCount).toBeGreaterThanOrEqual(1000);
      }
      t.clock.advance(31_000);
      await runToTheEnd(ids);
      const seen = new Set<number>();
      let expectedRefunds = 0;
      let costs = 0;
      for (const id of ids) {
        const order = await orderRow(id);
        expect(order.providerOrderId).toMatch(/^\d+$/);
        expect(order.lastError).toBeNull();
        const outcome = simulatedOutcome(Number(order.providerOrderId), OUTCOMES);
        const remains =
          outcome === 'Completed' ? 0 : outcome === 'Canceled' ? order.amount : Math.floor(order.amount / 3);
        const status = {
          Completed: OrderStatus.COMPLETED,
          Partial: OrderStatus.PARTIAL,
          Canceled: OrderStatus.CANCELED,
        }[outcome];
        expect(order, `${outcome} order ${id}`).toMatchObject({ status, remains });
        expect(order.startCount).toBeGreaterThanOrEqual(1000);
        const refund =
          outcome === 'Completed'
            ? 0
            : outcome === 'Canceled'
              ? order.cost
              : refundForRemainsWon(order.cost, order.unitPriceMilli, order.amount, remains);
        expect(await refunded(id)).toBe(refund);
        expect(order.refunded).toBe(refund);
        expectedRefunds += refund;
        costs += order.cost;
        seen.add(status);
      }
      expect([...seen].sort()).toEqual(
        [OrderStatus.COMPLETED, OrderStatus.PARTIAL, OrderStatus.CANCELED].sort(),
      );
      expect(await pointOf(t.app, member.accountId)).toBe(START - costs + expectedRefunds);
      // Each order went upstream once.
      expect(await upstream(`https://dialects.test/${d}/`)).toHaveLength(8);
    },
  );

  it.each(['keyed-errors', 'status-list'] as const)(
    '%s: an id the provider does not know is that order failed check; the others go on to their end',
    async (d) => {
      dialect(d);
      const { ids } = await place(`https://dialects.test/unknown-${d}`, 3);
      expect((await tick()).submitted).toBe(3);
      const lost = await orderRow(ids[0]!);
      await db()
        .delete(simulatedProviderOrders)
        .where(eq(simulatedProviderOrders.id, Number(lost.providerOrderId)));
      t.clock.advance(31_000);
      await runToTheEnd(ids.slice(1));
      for (const id of ids.slice(1)) expect(isFinal((await orderRow(id)).status)).toBe(true);
      const unknown = await orderRow(ids[0]!);
      expect(unknown.status).toBe(OrderStatus.PENDING);
      expect(unknown.attempts).toBeGreaterThan(0);
      expect(unknown.lastError).toContain('Incorrect order ID');
      expect(await refunded(ids[0]!)).toBe(0);
    },
  );
});

const isFinal = (status: number) =>
  status === OrderStatus.COMPLETED || status === OrderStatus.PARTIAL || status === OrderStatus.CANCELED;

describe(`provider dialects: answers that are no answer on ${testDatabaseKind}`, () => {
  it('refusal-400: an add refused with HTTP 400 and { error } is cancelled and refunded in full at once', async () => {
    dialect('refusal-400');
    const { member, ids } = await place('https://dialects.test/refused', 1);
    expect(await tick()).toMatchObject({ submitted: 0, refunds: 1 });
    const order = await orderRow(ids[0]!);
    expect(order.status).toBe(OrderStatus.CANCELED);
    expect(await refunded(order.id)).toBe(order.cost);
    expect(await pointOf(t.app, member.accountId)).toBe(START);
    expect(await upstream('https://dialects.test/refused/')).toHaveLength(0);
  });

  // An HTML page, even a proxy's, is not an answer we understood: the provider behind it may have run
  // the order (docs/ARCHITECTURE.md#upstream-providers).
  it.each(['empty-body', 'gateway-timeout', 'cloudflare-502', 'login-page'] as const)(
    '%s: an add that may have been carried out is held for an operator, never resent nor refunded',
    async (d) => {
      dialect(d);
      const { member, ids } = await place(`https://dialects.test/${d}`, 1);
      expect(await tick()).toMatchObject({ submitted: 0, failures: 1, refunds: 0 });
      // The first two did the work before answering; the proxy and the login page answer instead of it.
      const atProvider = d === 'empty-body' || d === 'gateway-timeout' ? 1 : 0;
      expect(await upstream(`https://dialects.test/${d}/`)).toHaveLength(atProvider);
      const held = await orderRow(ids[0]!);
      expect(held).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, nextCheckAt: null });
      expect(held.lastError).toContain(HELD_UNCERTAIN_SUBMIT);
      dialect(null);
      for (let i = 0; i < 3; i += 1) {
        t.clock.advance(60 * 60_000);
        expect((await tick()).submitted).toBe(0);
      }
      expect(await upstream(`https://dialects.test/${d}/`)).toHaveLength(atProvider);
      expect(await refunded(held.id)).toBe(0);
      expect(await pointOf(t.app, member.accountId)).toBe(START - held.cost);
    },
  );

  it.each(['cloudflare-502', 'login-page', 'empty-body', 'gateway-timeout', 'refusal-400'] as const)(
    '%s: a status check gets a provider error and backs off; the order is untouched, then ends right',
    async (d) => {
      const { ids } = await place(`https://dialects.test/status-${d}`, 1);
      expect((await tick()).submitted).toBe(1);
      t.clock.advance(31_000);
      dialect(d);
      if (d === 'refusal-400') {
        // Its refusals come with HTTP 400: the simulator refuses a status call as it does any other.
        t.app.services.simulatedProvider.setFault('json-error');
      }
      try {
        expect(await tick()).toMatchObject({ refreshed: 0, failures: 1, refunds: 0 });
      } finally {
        t.app.services.simulatedProvider.setFault(null);
      }
      const failed = await orderRow(ids[0]!);
      expect(failed).toMatchObject({ status: OrderStatus.PENDING, attempts: 1, startCount: null });
      expect(failed.nextCheckAt).not.toBeNull();
      expect(failed.lastError).toBeTruthy();
      expect(await refunded(failed.id)).toBe(0);
      dialect(null);
      await runToTheEnd(ids);
      const done = await orderRow(ids[0]!);
      expect(isFinal(done.status)).toBe(true);
      expect(done.lastError).toBeNull();
    },
  );
});
