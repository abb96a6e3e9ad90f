import { OrderStatus } from '@smm/domain';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, providers } from '../../db/schema';
import type { ProviderOrderInput } from '../../providers/provider-api';
import { createMember } from '../../test/factories';
import { FakeProvider } from '../../test/fake-provider';
import { catalogService, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { OrderWorker } from './order-worker';

/**
 * The status claim (docs/ARCHITECTURE.md "Orders and the background loop"): orders already at their
 * provider are claimed many at once beside the `batchSize` orders still to send, so a sweep costs one
 * claim per STATUS_CLAIM orders and one multi-status call per 100 of them, not one claim and one call
 * per `batchSize`.
 */
const t = useTestApp();

/** Takes every order; records each id a status call names. */
class RecordingProvider extends FakeProvider {
  readonly asked: string[] = [];
  readonly adds: string[] = [];
  private next = 8000;
  override async add(input: ProviderOrderInput) {
    this.adds.push(input.link);
    const id = String((this.next += 1));
    this.states.set(id, { status: 'Pending', startCount: null, remains: null });
    return { providerOrderId: id };
  }
  override async statuses(ids: string[]) {
    this.asked.push(...ids);
    return super.statuses(ids);
  }
}

/** `atProvider` orders the provider already has (due now, In progress there) and `unsent` new ones. */
async function openOrders(provider: FakeProvider, atProvider: number, unsent: number) {
  const service = await catalogService(t.app, { enableAuto: false });
  const member = await createMember(t.app, { point: 100_000_000 });
  const ids: number[] = [];
  for (let i = 0; i < atProvider + unsent; i += 1)
    ids.push(
      (
        await placeOrder(t.app, member, {
          serviceId: service.id,
          link: `https://a.com/claim/${i}`,
          amount: service.min,
        })
      ).orderId,
    );
  const sent = ids.slice(0, atProvider);
  for (const id of sent) {
    const providerOrderId = String(900_000 + id);
    await t.app.database.db
      .update(orders)
      .set({ providerOrderId, status: OrderStatus.INPROGRESS, nextCheckAt: t.clock.now() })
      .where(inArray(orders.id, [id]));
    provider.states.set(providerOrderId, { status: 'In progress', startCount: 3, remains: 7 });
  }
  return { sent, unsent: ids.slice(atProvider) };
}

describe(`the status claim on ${testDatabaseKind}`, () => {
  it('orders at their provider are claimed STATUS_CLAIM at once and asked 100 a call, each once; new orders keep batchSize', async () => {
    const provider = new RecordingProvider();
    const { sent, unsent } = await openOrders(provider, 120, 7);
    const worker = new OrderWorker(
      t.app.database.db,
      { clientFor: () => provider },
      t.app.services.catalog,
      t.clock,
      { statusRefreshSeconds: 30, maxSubmitAttempts: 3, batchSize: 5, statusClaim: 50, secondsPerMinute: 60 },
    );

    // The first claim: 5 new orders beside 50 at the provider.
    expect(await worker.backgroundTick()).toMatchObject({ claimed: 55 });
    await worker.settled();

    // A full status claim claimed again, as a full send claim does, until every order was asked once.
    expect(provider.asked).toHaveLength(120);
    expect(new Set(provider.asked).size).toBe(120);
    // Claims of 50, 50 and 20, each one multi-status call (2 calls per 100 orders; 24 calls with
    // claims of batchSize).
    expect(provider.statusCalls.multi).toBe(3);
    expect(provider.statusCalls.single).toBe(0);
    const rows = await t.app.database.db.select().from(orders).where(inArray(orders.id, sent));
    for (const row of rows)
      expect(row).toMatchObject({
        status: OrderStatus.INPROGRESS,
        startCount: 3,
        remains: 7,
        leaseToken: null,
      });
    // The new orders were all sent, each once.
    expect(new Set(provider.adds).size).toBe(unsent.length);
    expect(provider.adds).toHaveLength(unsent.length);
  });

  it('a status call is not started once its claim has run out of lease: another process may hold the order', async () => {
    // Each answer takes the clock 50 s on: the fourth call would start 150 s after the claim.
    class SlowProvider extends RecordingProvider {
      override async status(id: string) {
        const answer = await super.status(id);
        t.clock.advance(50_000);
        return answer;
      }
    }
    const provider = new SlowProvider();
    const { sent } = await openOrders(provider, 4, 0);
    const [first] = await t.app.database.db.select().from(orders).where(eq(orders.id, sent[0]!));
    await t.app.database.db
      .update(providers)
      .set({ multiStatus: false })
      .where(eq(providers.id, first!.providerId!));
    const worker = new OrderWorker(
      t.app.database.db,
      { clientFor: () => provider },
      t.app.services.catalog,
      t.clock,
      {
        statusRefreshSeconds: 30,
        maxSubmitAttempts: 3,
        batchSize: 5,
        secondsPerMinute: 60,
        leaseSeconds: 120,
        providerConcurrency: 1,
      },
    );
    expect(await worker.tick()).toMatchObject({ claimed: 4, refreshed: 3, leaseLost: 1 });
    expect(provider.statusCalls.single).toBe(3);
    const rows = await t.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, sent))
      .orderBy(orders.id);
    expect(rows.slice(0, 3).every((r) => r.remains === 7 && r.leaseToken === null)).toBe(true);
    // Left as claimed: due again when its lease ends, for whichever process claims it.
    expect(rows[3]).toMatchObject({ remains: null, startCount: null });
    expect(rows[3]!.leaseToken).not.toBeNull();
  });
});
