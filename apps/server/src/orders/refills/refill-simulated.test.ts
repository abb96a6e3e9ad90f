import { OrderStatus, RefillStatus } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, simulatedProviderRefills } from '../../db/schema';
import { SIMULATED_REFILL_REJECT_REASON, simulatedRefillOutcome } from '../../providers/simulated-provider';
import { balancesAndLedgerSums, createMember } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { refillOf } from '../../test/refill-factories';
import { testDatabaseKind, useTestApp, type TestApp } from '../../test/test-app';
import { refillRejectedByProvider } from './refresh-refills.workflow';
import { REFILL_UNCERTAIN } from './send-refills.workflow';

/**
 * A member's refill of an order fulfilled by the built-in simulated provider, end to end through the
 * background loop's ticks (docs/product.md#refill-and-cancellation): the order completes, the member asks
 * for a refill, the loop sends it (`refill`) and follows it (`refill_status`) to its end.
 */
async function refillToTheEnd(t: TestApp) {
  const service = await catalogService(t.app, { refillDays: 30 });
  const member = await createMember(t.app, { point: 1_000_000 });
  const { orderId } = await placeOrder(t.app, member, {
    serviceId: service.id,
    link: 'https://a.com/r',
    amount: 20,
  });
  const order = async () => (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  for (let i = 0; i < 6 && (await order()).status !== OrderStatus.COMPLETED; i++) {
    await t.app.services.worker.tick();
    t.clock.advance(31_000);
  }
  const completed = await order();
  expect(completed).toMatchObject({ status: OrderStatus.COMPLETED, providerOrderId: '1' });

  const before = await balancesAndLedgerSums(t.app);
  const refill = await t.app.services.refills.request(member.accountId, orderId, 'member');
  expect(refill.status).toBe(RefillStatus.PENDING);
  const seen: number[] = [];
  for (let i = 0; i < 8; i++) {
    await t.app.services.worker.tick();
    const now = await refillOf(t.app, refill.id);
    seen.push(now.status);
    if (now.status === RefillStatus.COMPLETED || now.status === RefillStatus.REJECTED) break;
    t.clock.advance(31_000);
  }
  const row = await refillOf(t.app, refill.id);
  const [upstream] = await t.app.database.db
    .select()
    .from(simulatedProviderRefills)
    .where(eq(simulatedProviderRefills.id, Number(row.providerRefillId)));
  // Refills move no money.
  expect(await balancesAndLedgerSums(t.app)).toEqual(before);
  return { row, seen, upstream: upstream!, completed };
}

describe(`a refill at the simulated provider, through the background loop (${testDatabaseKind})`, () => {
  // The test config's percentages: order 1 completes; refill 1 completes at the default 20 % rejected.
  const t = useTestApp();

  it('is sent, checked Pending → In progress → Completed upstream, and ends COMPLETED', async () => {
    expect(simulatedRefillOutcome(1, { partialPercent: 10, cancelPercent: 5 })).toBe('Completed');
    const { row, seen, upstream, completed } = await refillToTheEnd(t);
    expect(row).toMatchObject({ status: RefillStatus.COMPLETED, providerRefillId: '1', reason: null });
    expect(row.finishedAt).toEqual(t.clock.now());
    // Sent (INPROGRESS), then three checks: Pending and In progress keep it INPROGRESS, Completed ends it.
    expect(seen).toEqual([
      RefillStatus.INPROGRESS,
      RefillStatus.INPROGRESS,
      RefillStatus.INPROGRESS,
      RefillStatus.COMPLETED,
    ]);
    expect(upstream).toMatchObject({
      orderId: Number(completed.providerOrderId),
      status: 'Completed',
      polls: 3,
      reason: null,
    });
  });
});

describe(`a refill the simulated provider rejects (${testDatabaseKind})`, () => {
  const t = useTestApp({
    providers: {
      timeoutMs: 2000,
      simulatedPartialPercent: 10,
      simulatedCancelPercent: 5,
      simulatedRefillRejectPercent: 100,
    },
  });

  it('ends REJECTED with the simulator’s reason', async () => {
    const { row, seen, upstream } = await refillToTheEnd(t);
    expect(row).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: refillRejectedByProvider('Rejected', SIMULATED_REFILL_REJECT_REASON),
    });
    expect(row.reason).toContain(SIMULATED_REFILL_REJECT_REASON);
    expect(seen.at(-1)).toBe(RefillStatus.REJECTED);
    expect(seen).toHaveLength(4);
    expect(upstream).toMatchObject({ status: 'Rejected', reason: SIMULATED_REFILL_REJECT_REASON });
  });
});

/**
 * docs/ARCHITECTURE.md#upstream-providers: a `refill` answered in a way we cannot read may have been
 * taken; it is never sent again on its own (REFILL_UNCERTAIN), while JSON after a PHP notice is read.
 */
describe(`a refill answered in a way we cannot read (${testDatabaseKind})`, () => {
  const t = useTestApp();

  async function completedOrderWithRefill(link: string) {
    const service = await catalogService(t.app, { refillDays: 30 });
    const member = await createMember(t.app, { point: 1_000_000 });
    const { orderId } = await placeOrder(t.app, member, { serviceId: service.id, link, amount: 20 });
    const order = async () =>
      (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    for (let i = 0; i < 6 && (await order()).status !== OrderStatus.COMPLETED; i++) {
      await t.app.services.worker.tick();
      t.clock.advance(31_000);
    }
    expect((await order()).status).toBe(OrderStatus.COMPLETED);
    const refill = await t.app.services.refills.request(member.accountId, orderId, 'member');
    return { refill, providerOrderId: Number((await order()).providerOrderId) };
  }
  const upstreamRefills = (providerOrderId: number) =>
    t.app.database.db
      .select()
      .from(simulatedProviderRefills)
      .where(eq(simulatedProviderRefills.orderId, providerOrderId));

  it.each(['http500-after-work', 'html-after-work', 'truncated-after-work'] as const)(
    '%s: the refill taken upstream ends REJECTED as uncertain and is never sent again',
    async (fault) => {
      const { refill, providerOrderId } = await completedOrderWithRefill(`https://a.com/refill-${fault}`);
      const before = await balancesAndLedgerSums(t.app);
      t.app.services.simulatedProvider.setFault(fault);
      try {
        await t.app.services.worker.tick();
      } finally {
        t.app.services.simulatedProvider.setFault(null);
      }
      const row = await refillOf(t.app, refill.id);
      expect(row.status).toBe(RefillStatus.REJECTED);
      expect(row.reason).toContain(REFILL_UNCERTAIN);
      for (let i = 0; i < 4; i++) {
        t.clock.advance(31 * 60_000);
        await t.app.services.worker.tick();
      }
      expect(await upstreamRefills(providerOrderId)).toHaveLength(1);
      expect(await balancesAndLedgerSums(t.app)).toEqual(before);
    },
  );

  it('php-notice: the refill id after the notice is read; the refill goes on', async () => {
    const { refill, providerOrderId } = await completedOrderWithRefill('https://a.com/refill-notice');
    t.app.services.simulatedProvider.setFault('php-notice');
    try {
      await t.app.services.worker.tick();
    } finally {
      t.app.services.simulatedProvider.setFault(null);
    }
    const [upstream] = await upstreamRefills(providerOrderId);
    expect(await refillOf(t.app, refill.id)).toMatchObject({
      status: RefillStatus.INPROGRESS,
      providerRefillId: String(upstream!.id),
    });
  });
});
