import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, providers, services } from '../../db/schema';
import { ProviderError, type ProviderOrderInput } from '../../providers/provider-api';
import { createMember } from '../../test/factories';
import { FakeProvider } from '../../test/fake-provider';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { OrderWorker } from './order-worker';
import type { OrderWorkerOptions } from './worker-context';

/**
 * A provider's HTTP 429 (docs/ARCHITECTURE.md "Orders and the background loop"): it slows that
 * provider's lane only. The limited provider's orders are given back with nothing counted against
 * them, no call is made to it until its Retry-After has passed by the worker's clock, and the other
 * provider is served meanwhile.
 */
const t = useTestApp();
const PAUSE_MS = 60_000;

/** Takes every order and answers statuses; while `limited`, answers every call with a 429. */
class LimitingProvider extends FakeProvider {
  limited = false;
  readonly adds: string[] = [];
  private next = 9000;

  private refuseIfLimited(action: string): void {
    if (this.limited) {
      throw new ProviderError(`${action}: HTTP 429: too many requests`, true, 'refused', null, PAUSE_MS);
    }
  }
  override async add(input: ProviderOrderInput) {
    this.adds.push(input.link);
    this.refuseIfLimited('add');
    const id = String((this.next += 1));
    this.states.set(id, { status: 'In progress', startCount: 0, remains: 1 });
    return { providerOrderId: id };
  }
  override async statuses(ids: string[]) {
    this.statusCalls.multi += 1;
    this.refuseIfLimited('status');
    return new Map(ids.map((id) => [id, this.states.get(id) ?? { error: 'Incorrect order ID' }] as const));
  }
  override async status(id: string) {
    this.statusCalls.single += 1;
    this.refuseIfLimited('status');
    return this.states.get(id) ?? { error: 'Incorrect order ID' };
  }
}

/** Two providers: the first demo service goes to `limiting` (a new provider row), the second to `fine`. */
async function twoProviders() {
  const db = t.app.database.db;
  const limitedService = await catalogService(t.app, { enableAuto: false });
  const fineService = await catalogService(t.app, { enableAuto: false, skip: 1 });
  const limitedRow = await createProvider(t.app, {
    name: 'limited',
    apiUrl: 'https://limited.test/api/v2',
    apiKey: 'k',
  });
  await db.update(services).set({ providerId: limitedRow.id }).where(eq(services.id, limitedService.id));
  await t.app.services.catalog.changed();
  const limited = new LimitingProvider();
  const fine = new LimitingProvider();
  const member = await createMember(t.app, { point: 10_000_000 });
  const place = async (service: typeof limitedService, link: string) =>
    (await placeOrder(t.app, member, { serviceId: service.id, link, amount: service.min })).orderId;
  return {
    limited,
    fine,
    limitedRow,
    placeLimited: (link: string) => place(limitedService, link),
    placeFine: (link: string) => place(fineService, link),
  };
}

function workerFor(
  clients: { limited: FakeProvider; fine: FakeProvider },
  options: Partial<OrderWorkerOptions> = {},
) {
  return new OrderWorker(
    t.app.database.db,
    { clientFor: (provider) => (provider.apiUrl.includes('limited') ? clients.limited : clients.fine) },
    t.app.services.catalog,
    t.clock,
    { statusRefreshSeconds: 30, maxSubmitAttempts: 3, batchSize: 100, secondsPerMinute: 60, ...options },
  );
}

const rows = (ids: number[]) =>
  t.app.database.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);

describe(`a provider's 429 on ${testDatabaseKind}`, () => {
  it('slows that provider only: its orders go back with no attempt, wait out the pause, then go once', async () => {
    const setup = await twoProviders();
    const { limited, fine } = setup;
    const held = [
      await setup.placeLimited('https://limited.test/p/1'),
      await setup.placeLimited('https://limited.test/p/2'),
      await setup.placeLimited('https://limited.test/p/3'),
    ];
    const other = [
      await setup.placeFine('https://fine.test/p/1'),
      await setup.placeFine('https://fine.test/p/2'),
    ];
    limited.limited = true;
    // One call at a time, so the 429 comes before any other call to that provider.
    const worker = workerFor(setup, { providerConcurrency: 1 });

    const started = t.clock.now().getTime();
    expect(await worker.tick()).toMatchObject({ submitted: 2, failures: 0, rateLimited: 3 });
    // The other provider was served in the same tick; the limited one was asked once, then left alone.
    expect(fine.adds).toHaveLength(2);
    expect((await rows(other)).every((o) => o.providerOrderId !== null)).toBe(true);
    expect(limited.adds).toHaveLength(1);
    for (const order of await rows(held)) {
      expect(order).toMatchObject({
        providerOrderId: null,
        attempts: 0,
        lastError: null,
        submittingSince: null,
        leaseToken: null,
        leasedUntil: null,
      });
      expect(order.nextCheckAt!.getTime()).toBe(started + PAUSE_MS);
    }

    // During the pause: a new order of the limited provider is not even claimed, the other's are sent.
    t.clock.advance(PAUSE_MS / 2);
    const waiting = await setup.placeLimited('https://limited.test/p/4');
    const more = await setup.placeFine('https://fine.test/p/3');
    const placedDue = (await rows([waiting]))[0]!.nextCheckAt;
    // Sent: the other's new order; refreshed: its two earlier ones; none of the limited one's touched.
    expect(await worker.tick()).toMatchObject({ claimed: 3, submitted: 1, refreshed: 2, rateLimited: 0 });
    await worker.backgroundTick();
    await worker.settled();
    expect(limited.adds).toHaveLength(1);
    expect((await rows([more]))[0]!.providerOrderId).not.toBeNull();
    expect((await rows([waiting]))[0]).toMatchObject({ leasedUntil: null, nextCheckAt: placedDue });

    // The pause over (the provider lets us in again): each order is sent, once.
    limited.limited = false;
    t.clock.advance(PAUSE_MS / 2 + 1_000);
    expect(await worker.tick()).toMatchObject({ submitted: 4, failures: 0 });
    const sent = await rows([...held, waiting]);
    expect(sent.every((o) => o.providerOrderId !== null && o.attempts === 0)).toBe(true);
    expect(limited.adds.slice(1).sort()).toEqual([1, 2, 3, 4].map((i) => `https://limited.test/p/${i}`));
  });

  it('on a status call: no failure recorded, nothing learned of multi-status, no call until the pause ends', async () => {
    const setup = await twoProviders();
    const { limited } = setup;
    const ids = [
      await setup.placeLimited('https://limited.test/s/1'),
      await setup.placeLimited('https://limited.test/s/2'),
    ];
    const worker = workerFor(setup);
    expect(await worker.tick()).toMatchObject({ submitted: 2 });

    // Their status is due; the provider now answers 429.
    t.clock.advance(31_000);
    limited.limited = true;
    const asked = t.clock.now().getTime();
    expect(await worker.tick()).toMatchObject({ refreshed: 0, failures: 0, rateLimited: 2 });
    // The multi-status call got the 429; the single call that would learn "no multi-status" was held.
    expect(limited.statusCalls).toEqual({ multi: 1, single: 0 });
    const [row] = await t.app.database.db
      .select()
      .from(providers)
      .where(eq(providers.id, setup.limitedRow.id));
    expect(row!.multiStatus).toBeNull();
    for (const order of await rows(ids)) {
      expect(order).toMatchObject({ attempts: 0, lastError: null, leaseToken: null });
      expect(order.nextCheckAt!.getTime()).toBe(asked + PAUSE_MS);
    }

    t.clock.advance(PAUSE_MS / 2);
    await worker.tick();
    expect(limited.statusCalls).toEqual({ multi: 1, single: 0 });

    limited.limited = false;
    t.clock.advance(PAUSE_MS / 2);
    expect(await worker.tick()).toMatchObject({ refreshed: 2, failures: 0 });
    expect(limited.statusCalls).toEqual({ multi: 2, single: 0 });
  });
});
