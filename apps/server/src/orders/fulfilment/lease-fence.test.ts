import { LedgerReason, OrderStatus } from '@smm/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, pointLedger, services } from '../../db/schema';
import { ProviderError, type ProviderApi } from '../../providers/provider-api';
import { createMember, pointOf, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { OrderWorker } from './order-worker';
import { HELD_INTERRUPTED_SUBMIT } from './provider-failure';
import type { OrderWorkerOptions } from './worker-context';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { FakeProvider } from '../../test/fake-provider';

/**
 * The lease fence: an order is sent to its provider once, and refunded only when it is surely not running.
 * Two workers on one database stand for two processes (on PostgreSQL each transaction has its own
 * connection); the clock is the test's, so a lease runs out exactly when the test says.
 */
const t = useTestApp();
const LEASE_SECONDS = 120;
const START = 1_000_000;

function deferred() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * A provider as many real ones are: it refuses a second order for a link it is already running
 * ("active order with this link"), and each `add` may be held until the test lets it answer.
 */
class StrictProvider extends FakeProvider {
  next = 5000;
  readonly adds: string[] = [];
  readonly byLink = new Map<string, string>();
  /** The next `add`s wait for these before answering, one each, in order. */
  holds: ReturnType<typeof deferred>[] = [];
  /** Told when an `add` arrived (before any hold). */
  arrived: ReturnType<typeof deferred> = deferred();
  private arrivals: (() => void)[] = [];

  /** Resolves once `count` adds have arrived in all. */
  async addsArrived(count: number): Promise<void> {
    while (this.adds.length < count) await new Promise<void>((resolve) => this.arrivals.push(resolve));
  }
  inFlight = 0;
  maxInFlight = 0;

  override async add(input: { service: string; link: string; quantity: number }) {
    this.adds.push(input.link);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      this.arrived.open();
      for (const resolve of this.arrivals.splice(0)) resolve();
      const hold = this.holds.shift();
      if (hold) await hold.opened;
      if (this.byLink.has(input.link)) {
        throw new ProviderError('add: refused: You have active order with this link', false);
      }
      const id = String((this.next += 1));
      this.byLink.set(input.link, id);
      this.states.set(id, { status: 'In progress', startCount: 0, remains: input.quantity });
      return { providerOrderId: id };
    } finally {
      this.inFlight -= 1;
    }
  }
}

function workerFor(
  clients: (apiUrl: string) => ProviderApi,
  options: Partial<OrderWorkerOptions> = {},
): OrderWorker {
  return new OrderWorker(
    t.app.database.db,
    { clientFor: (provider) => clients(provider.apiUrl) },
    t.app.services.catalog,
    t.clock,
    {
      statusRefreshSeconds: 30,
      maxSubmitAttempts: 3,
      batchSize: 100,
      secondsPerMinute: 60,
      leaseSeconds: LEASE_SECONDS,
      ...options,
    },
  );
}

const firstService = () => catalogService(t.app, { enableAuto: false });

async function placeOrders(member: TestMember, serviceId: number, min: number, links: string[]) {
  const ids: number[] = [];
  for (const link of links) {
    ids.push((await placeOrder(t.app, member, { serviceId, link, amount: min })).orderId);
  }
  return ids;
}

const orderRows = (ids: number[]) =>
  t.app.database.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);
const refundsOf = (ids: number[]) =>
  t.app.database.db
    .select()
    .from(pointLedger)
    .where(
      and(
        eq(pointLedger.reason, LedgerReason.REFUND),
        inArray(
          pointLedger.reference,
          ids.map((id) => `order:${id}`),
        ),
      ),
    );

describe(`the claim is a fence on ${testDatabaseKind}`, () => {
  it('a batch that outlives its lease is taken over, and no order of it is sent twice or refunded while running', async () => {
    const service = await firstService();
    const member = await createMember(t.app, { point: START });
    const links = Array.from({ length: 6 }, (_, i) => `https://fence.test/p/${i}`);
    const ids = await placeOrders(member, service.id, service.min, links);
    const paid = START - (await pointOf(t.app, member.accountId));

    const provider = new StrictProvider();
    // One call at a time each, as a slow provider makes any batch: the first send of each hangs.
    const a = workerFor(() => provider, { providerConcurrency: 1 });
    const b = workerFor(() => provider, { providerConcurrency: 1 });
    const holdA = deferred();
    const holdB = deferred();
    provider.holds.push(holdA, holdB);
    const tickA = a.tick();
    await provider.addsArrived(1);

    // A's lease runs out while its first send is still waiting for an answer; B takes the batch over:
    // it holds the order whose send is in flight (it may be at the provider) and sends the next one.
    t.clock.advance((LEASE_SECONDS + 1) * 1000);
    const tickB = b.tick();
    await provider.addsArrived(2);
    // A's send is answered: A records it, then finds every other order of its batch taken over (B has
    // claimed them, not sent them yet) and leaves them alone.
    holdA.open();
    const reportA = await tickA;
    expect(reportA).toMatchObject({ submitted: 1, refunds: 0, leaseLost: 5 });
    holdB.open();
    const reportB = await tickB;
    expect(reportB).toMatchObject({ submitted: 5, refunds: 0 });

    // Each link reached the provider once; every order holds its own provider order id, none refunded.
    expect([...provider.adds].sort()).toEqual([...links].sort());
    const rows = await orderRows(ids);
    expect(rows.map((o) => o.status)).toEqual(rows.map(() => OrderStatus.PENDING));
    expect(new Set(rows.map((o) => o.providerOrderId)).size).toBe(6);
    expect(rows.every((o) => o.providerOrderId !== null && o.submittingSince === null)).toBe(true);
    expect(await refundsOf(ids)).toEqual([]);
    expect(await pointOf(t.app, member.accountId)).toBe(START - paid);

    // Both workers keep refreshing; nothing is sent again.
    t.clock.advance(60_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(provider.adds).toHaveLength(6);
    expect(await refundsOf(ids)).toEqual([]);
  });

  it('a refusal decided on a stale copy never cancels an order another process got to its provider', async () => {
    const service = await firstService();
    const member = await createMember(t.app, { point: START });
    const [orderId] = await placeOrders(member, service.id, service.min, ['https://fence.test/stale']);
    const provider = new StrictProvider();
    const a = workerFor(() => provider, { providerConcurrency: 1 });
    const b = workerFor(() => provider);

    // A marks it sending and waits; its lease ends; B holds it (interrupted send) — then the operator's
    // resend lets B send it, and the provider takes it from B.
    const hold = deferred();
    provider.holds.push(hold);
    const tickA = a.tick();
    await provider.arrived.opened;
    t.clock.advance((LEASE_SECONDS + 1) * 1000);
    await b.tick();
    const [held] = await orderRows([orderId!]);
    expect(held!.lastError).toBe(HELD_INTERRUPTED_SUBMIT);
    // A's answer is a refusal this time (the provider says no for its own reasons): A no longer holds
    // the order, so it neither cancels nor refunds it.
    provider.byLink.set('https://fence.test/stale', 'other');
    hold.open();
    const reportA = await tickA;
    expect(reportA).toMatchObject({ refunds: 0, leaseLost: 1 });
    const [after] = await orderRows([orderId!]);
    expect(after).toMatchObject({ status: OrderStatus.PENDING, lastError: HELD_INTERRUPTED_SUBMIT });
    expect(await refundsOf([orderId!])).toEqual([]);
  });

  it('an order closed while its answer was on the way keeps the provider order id for the operator', async () => {
    const service = await firstService();
    const member = await createMember(t.app, { point: START });
    const [orderId] = await placeOrders(member, service.id, service.min, ['https://fence.test/orphan']);
    const provider = new StrictProvider();
    const a = workerFor(() => provider);
    const hold = deferred();
    provider.holds.push(hold);
    const tickA = a.tick();
    await provider.arrived.opened;
    // An operator closes it meanwhile (as the console's cancel does once the lease is over).
    await t.app.database.db
      .update(orders)
      .set({ status: OrderStatus.CANCELED, nextCheckAt: null, leasedUntil: null })
      .where(eq(orders.id, orderId!));
    hold.open();
    expect(await tickA).toMatchObject({ submitted: 0, failures: 1 });
    const [row] = await orderRows([orderId!]);
    expect(row!.status).toBe(OrderStatus.CANCELED);
    expect(row!.providerOrderId).toBeNull();
    expect(row!.lastError).toContain(provider.byLink.get('https://fence.test/orphan')!);
  });
});

describe(`the background loop's lanes keep the fence on ${testDatabaseKind}`, () => {
  /**
   * Two processes running the background loop at once: small claims, so each lane claims again while
   * full; wakes from placed orders arriving while lanes run; and a lease that runs out mid-lane, so the
   * other process takes orders over. Whatever interleaving comes, each link reaches the provider once,
   * and an order is only ever sent, or held for an operator when its send may be at the provider.
   */
  it('two workers whose lanes claim again and are woken send every order once', async () => {
    const service = await firstService();
    const member = await createMember(t.app, { point: START * 10 });
    const provider = new StrictProvider();
    const realAdd = provider.add.bind(provider);
    // Each answer takes a moment (a macrotask), so the two workers' lanes interleave.
    provider.add = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, provider.adds.length % 3));
      return realAdd(input);
    };
    const options = { batchSize: 4, providerConcurrency: 2 };
    const a = workerFor(() => provider, options);
    const b = workerFor(() => provider, options);
    const links = Array.from({ length: 24 }, (_, i) => `https://lanes.test/p/${i}`);
    const ids = await placeOrders(member, service.id, service.min, links);
    const providerId = (await orderRows(ids.slice(0, 1)))[0]!.providerId!;

    await Promise.all([a.backgroundTick(), b.backgroundTick()]);
    // While the lanes run: more orders, each waking both processes' lanes.
    for (let i = 0; i < 8; i += 1) {
      const link = `https://lanes.test/woken/${i}`;
      links.push(link);
      ids.push(...(await placeOrders(member, service.id, service.min, [link])));
      a.wake(providerId);
      b.wake(providerId);
      // Once, mid-way, every lease runs out: the other process may take a running batch over.
      if (i === 4) t.clock.advance((LEASE_SECONDS + 1) * 1000);
    }
    await Promise.all([a.settled(), b.settled()]);
    // Whatever is left (lanes out of budget, or a take-over) goes in later ticks.
    for (let round = 0; round < 5; round += 1) {
      t.clock.advance(60_000);
      await Promise.all([a.backgroundTick(), b.backgroundTick()]);
      await Promise.all([a.settled(), b.settled()]);
    }

    expect(provider.adds.length).toBe(new Set(provider.adds).size);
    const rows = await orderRows(ids);
    for (const order of rows) {
      if (order.providerOrderId !== null) expect(provider.byLink.get(order.link)).toBe(order.providerOrderId);
      else expect(order.lastError, `order ${order.id}`).toBe(HELD_INTERRUPTED_SUBMIT);
    }
    // Every link the provider runs is on its order; most were sent outright.
    expect(rows.filter((o) => o.providerOrderId !== null).length).toBe(provider.byLink.size);
    expect(provider.byLink.size).toBeGreaterThan(links.length / 2);
    expect(await refundsOf(ids)).toEqual([]);
  });
});

describe(`providers are served independently on ${testDatabaseKind}`, () => {
  it('a hanging provider holds neither the next tick nor another provider, and has a bounded number of calls in flight', async () => {
    const db = t.app.database.db;
    const service = await firstService();
    const other = await catalogService(t.app, { enableAuto: false, skip: 1 });
    const slowRow = await createProvider(t.app, {
      name: 'slow',
      apiUrl: 'https://slow.test/api/v2',
      apiKey: 'k',
    });
    const fastRow = await createProvider(t.app, {
      name: 'fast',
      apiUrl: 'https://fast.test/api/v2',
      apiKey: 'k',
    });
    await db.update(services).set({ providerId: slowRow.id }).where(eq(services.id, service.id));
    await db.update(services).set({ providerId: fastRow.id }).where(eq(services.id, other.id));
    await t.app.services.catalog.changed();

    const slow = new StrictProvider();
    const fast = new StrictProvider();
    const hang = deferred();
    // Every call to the slow provider hangs until the test lets it go.
    slow.add = async function (this: StrictProvider, input) {
      this.adds.push(input.link);
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      this.arrived.open();
      await hang.opened;
      this.inFlight -= 1;
      const id = String((this.next += 1));
      return { providerOrderId: id };
    };
    const worker = workerFor((url) => (url.includes('slow') ? slow : fast));

    const member = await createMember(t.app, { point: START * 10 });
    const slowIds = await placeOrders(
      member,
      service.id,
      service.min,
      Array.from({ length: 10 }, (_, i) => `https://slow.test/p/${i}`),
    );
    const [firstFast] = await placeOrders(member, other.id, other.min, ['https://fast.test/p/1']);
    expect(await worker.backgroundTick()).toMatchObject({ claimed: 11 });
    await slow.arrived.opened;
    await waitFor(async () => (await orderRows([firstFast!]))[0]!.providerOrderId !== null);

    // A new order for the fast provider while the slow one still hangs: the next tick sends it.
    const [secondFast] = await placeOrders(member, other.id, other.min, ['https://fast.test/p/2']);
    const [laterSlow] = await placeOrders(member, service.id, service.min, ['https://slow.test/p/later']);
    expect(await worker.backgroundTick()).toMatchObject({ claimed: 1 });
    await waitFor(async () => (await orderRows([secondFast!]))[0]!.providerOrderId !== null);
    // This process is still busy with the slow provider: its new order waits (for any process).
    expect((await orderRows([laterSlow!]))[0]!.leasedUntil).toBeNull();
    // Its four sends start one after another, each from its own transaction: wait for the fourth.
    await waitFor(async () => slow.maxInFlight >= 4);
    expect(slow.maxInFlight).toBe(4);

    hang.open();
    await worker.settled();
    expect((await orderRows(slowIds)).every((o) => o.providerOrderId !== null)).toBe(true);
    expect(slow.maxInFlight).toBe(4);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
