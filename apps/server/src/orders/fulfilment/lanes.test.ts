import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, providers } from '../../db/schema';
import type { ProviderOrderInput } from '../../providers/provider-api';
import { createMember } from '../../test/factories';
import { FakeProvider } from '../../test/fake-provider';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createTestApp, testDatabaseKind, useTestApp, type TestApp } from '../../test/test-app';
import { OrderWorker } from './order-worker';
import type { OrderWorkerOptions } from './worker-context';

/**
 * The background loop's lanes (docs/ARCHITECTURE.md "Orders and the background loop"): a lane whose
 * claim was full claims again for its provider without waiting for a tick, and a new order wakes its
 * provider's lane. Nothing here is timed: each test waits for what it expects, and would wait for
 * ever (the test's own limit) without the behaviour.
 */
const t = useTestApp();

/** A provider that takes every order and counts the links it was sent. */
class CountingProvider extends FakeProvider {
  readonly adds: string[] = [];
  private next = 7000;
  override async add(input: ProviderOrderInput) {
    this.adds.push(input.link);
    const id = String((this.next += 1));
    this.states.set(id, { status: 'In progress', startCount: 0, remains: 1 });
    return { providerOrderId: id };
  }
}

function workerFor(provider: FakeProvider, options: Partial<OrderWorkerOptions> = {}) {
  return new OrderWorker(t.app.database.db, { clientFor: () => provider }, t.app.services.catalog, t.clock, {
    statusRefreshSeconds: 30,
    maxSubmitAttempts: 3,
    batchSize: 100,
    secondsPerMinute: 60,
    ...options,
  });
}

async function placeMany(count: number, prefix: string) {
  const service = await catalogService(t.app, { enableAuto: false });
  const member = await createMember(t.app, { point: 10_000_000 });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const placed = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: `https://a.com/${prefix}/${i}`,
      amount: service.min,
    });
    ids.push(placed.orderId);
  }
  return { service, ids };
}

const sentCount = async (ids: number[]) =>
  (await t.app.database.db.select().from(orders).where(inArray(orders.id, ids))).filter(
    (o) => o.providerOrderId !== null,
  ).length;

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe(`provider lanes on ${testDatabaseKind}`, () => {
  it('a lane whose claim was full claims again for its provider at once, without a tick', async () => {
    const { ids } = await placeMany(7, 'backlog');
    const provider = new CountingProvider();
    const worker = workerFor(provider, { batchSize: 3 });

    expect(await worker.backgroundTick()).toMatchObject({ claimed: 3 });
    await worker.settled();
    // Claims of 3, 3 and 1: the short one ends the lane. The clock never moved, no tick ran.
    expect(provider.adds).toHaveLength(7);
    expect(new Set(provider.adds).size).toBe(7);
    expect(await sentCount(ids)).toBe(7);
  });

  it('a lane ticked by hand sends its claim and ends: tick() claims once', async () => {
    const { ids } = await placeMany(5, 'by-hand');
    const provider = new CountingProvider();
    const worker = workerFor(provider, { batchSize: 2 });
    expect(await worker.tick()).toMatchObject({ claimed: 2, submitted: 2 });
    expect(await sentCount(ids)).toBe(2);
  });

  it("a lane claims its next batch while the last one's slowest call is still out", async () => {
    const { ids } = await placeMany(5, 'pipelined');
    const provider = new CountingProvider();
    let holdFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (holdFirst = resolve));
    const add = provider.add.bind(provider);
    let calls = 0;
    provider.add = async (input) => {
      calls += 1;
      // The first order's provider takes its time; every other answers at once.
      if (calls === 1) await firstHeld;
      return add(input);
    };
    const worker = workerFor(provider, { batchSize: 2, providerConcurrency: 2 });
    await worker.backgroundTick();
    // Claims of 2, 2 and 1: the four orders after the first reach the provider while it holds the
    // first, through the slot its batch-mate freed (a lane waiting for its whole batch would stop at 1).
    await until(async () => provider.adds.length >= 4);
    expect(provider.adds).not.toContain('https://a.com/pipelined/0');
    holdFirst();
    await worker.settled();
    expect(await sentCount(ids)).toBe(5);
    expect(new Set(provider.adds).size).toBe(5);
  });

  it('a lane out of time leaves the rest to the next tick', async () => {
    const { ids } = await placeMany(5, 'budget');
    const provider = new CountingProvider();
    // Each send moves the clock past the lane's budget. One call at a time: the lane decides on its
    // next claim once its batch's last call has started, so the first call's time counts by then.
    const add = provider.add.bind(provider);
    provider.add = async (input) => {
      t.clock.advance(11_000);
      return add(input);
    };
    const worker = workerFor(provider, { batchSize: 2, laneBudgetSeconds: 10, providerConcurrency: 1 });
    await worker.backgroundTick();
    await worker.settled();
    expect(await sentCount(ids)).toBe(2);
  });

  it('no wake-up while the loop is off: the order waits for a tick by hand', async () => {
    const service = await catalogService(t.app, { enableAuto: false });
    const member = await createMember(t.app, { point: 10_000_000 });
    const placed = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://a.com/not-woken',
      amount: service.min,
    });
    // Longer than the wake's debounce and a send to the simulated provider.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row!.providerOrderId).toBeNull();
    expect(row!.leasedUntil).toBeNull();
  });
});

/** Holds every `add` until the test opens it, counting the calls in flight at once. */
class HoldingProvider extends CountingProvider {
  inFlight = 0;
  maxInFlight = 0;
  private open!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  release(): void {
    this.open();
  }
  override async add(input: ProviderOrderInput) {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await this.opened;
      return await super.add(input);
    } finally {
      this.inFlight -= 1;
    }
  }
}

describe(`the operator's 동시 호출 수 on ${testDatabaseKind}`, () => {
  it.each([2, 8])(
    'a provider set to %i has that many calls in flight from its lane, no more',
    async (limit) => {
      const { service, ids } = await placeMany(12, `concurrency-${limit}`);
      await t.app.database.db
        .update(providers)
        .set({ maxConcurrency: limit })
        .where(eq(providers.id, service.providerId!));
      const provider = new HoldingProvider();
      // The worker's own option (the default's stand-in) differs from both: the row's setting wins.
      const worker = workerFor(provider, { providerConcurrency: 4 });
      const tick = worker.tick();
      // Every call is held, so the lane's runners all end up waiting on the provider: wait for the
      // limit's worth, then count the orders marked sending (each runner marks its order before it
      // calls): a runner over the limit would have marked one more.
      await until(async () => provider.inFlight >= limit);
      const rows = await t.app.database.db.select().from(orders).where(inArray(orders.id, ids));
      expect(rows.filter((o) => o.submittingSince !== null)).toHaveLength(limit);
      expect(provider.inFlight).toBe(limit);
      provider.release();
      expect(await tick).toMatchObject({ submitted: 12 });
      expect(await sentCount(ids)).toBe(12);
      expect(provider.maxInFlight).toBe(limit);
    },
  );
});

/** Waits until order `id` of `app` has its provider's order id: sent. */
async function sent(app: TestApp, id: number): Promise<void> {
  await until(async () => {
    const [row] = await app.app.database.db.select().from(orders).where(eq(orders.id, id));
    return row!.providerOrderId !== null;
  });
}

describe(`woken lanes on ${testDatabaseKind}`, () => {
  it('a new order wakes its provider’s lane long before the next tick', async () => {
    const own = await createTestApp();
    try {
      const service = await catalogService(own.app, { enableAuto: false });
      const member = await createMember(own.app, { point: 10_000_000 });
      // The loop is on, and its first tick is an hour away.
      own.app.background.start(3600);
      const placed = await placeOrder(own.app, member, {
        serviceId: service.id,
        link: 'https://a.com/woken',
        amount: service.min,
      });
      await sent(own, placed.orderId);
    } finally {
      await own.close();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'an order placed in one process wakes the lane of another through NOTIFY',
    async () => {
      const a = await createTestApp();
      const b = await createTestApp({ databaseUrl: a.databaseUrl });
      try {
        const service = await catalogService(a.app, { enableAuto: false });
        const member = await createMember(a.app, { point: 10_000_000 });
        // Only B runs the loop (its first tick an hour away); A places the order.
        b.app.background.start(3600);
        const placed = await placeOrder(a.app, member, {
          serviceId: service.id,
          link: 'https://a.com/woken-elsewhere',
          amount: service.min,
        });
        await sent(a, placed.orderId);
      } finally {
        await b.close();
        await a.close();
      }
    },
  );
});
