import { inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema';
import type { ProviderOrderInput } from '../../providers/provider-api';
import { createMember } from '../../test/factories';
import { FakeProvider } from '../../test/fake-provider';
import { catalogService, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { fulfilmentRepository } from './fulfilment.repository';
import { OrderWorker } from './order-worker';

/**
 * The writes around each `add` are coalesced (send-marks.ts): sends in flight together share the fence's
 * statement and the record's, and each order still gets its own answer from them.
 */
const t = useTestApp();

class SlowProvider extends FakeProvider {
  readonly adds: string[] = [];
  private next = 9000;
  override async add(input: ProviderOrderInput) {
    this.adds.push(input.link);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const id = String((this.next += 1));
    this.states.set(id, { status: 'In progress', startCount: 0, remains: 1 });
    return { providerOrderId: id };
  }
}

async function placeMany(count: number) {
  const service = await catalogService(t.app, { enableAuto: false });
  const member = await createMember(t.app, { point: 10_000_000 });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      (
        await placeOrder(t.app, member, {
          serviceId: service.id,
          link: `https://m.com/p/${i}`,
          amount: service.min,
        })
      ).orderId,
    );
  }
  return ids;
}

describe(`the send path's writes on ${testDatabaseKind}`, () => {
  it('twelve sends in flight share a few statements, and every order is marked and recorded', async () => {
    const ids = await placeMany(12);
    const provider = new SlowProvider();
    const worker = new OrderWorker(
      t.app.database.db,
      { clientFor: () => provider },
      t.app.services.catalog,
      t.clock,
      {
        statusRefreshSeconds: 30,
        maxSubmitAttempts: 3,
        batchSize: 100,
        secondsPerMinute: 60,
        providerConcurrency: 12,
      },
    );
    const sending = vi.spyOn(fulfilmentRepository, 'markSending');
    const recording = vi.spyOn(fulfilmentRepository, 'markSubmitted');
    try {
      expect(await worker.tick()).toMatchObject({ submitted: 12, leaseLost: 0 });
      const marked = sending.mock.calls.map(([, marks]) => marks.length);
      const recorded = recording.mock.calls.map(([, accepted]) => accepted.length);
      expect(marked.reduce((a, b) => a + b, 0)).toBe(12);
      expect(recorded.reduce((a, b) => a + b, 0)).toBe(12);
      // The first send is written alone, the ones that came while it was written together.
      expect(marked.length).toBeLessThanOrEqual(4);
      expect(recorded.length).toBeLessThanOrEqual(4);
    } finally {
      sending.mockRestore();
      recording.mockRestore();
    }
    const rows = await t.app.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(
      rows.every((o) => o.providerOrderId !== null && o.submittingSince === null && o.leaseToken === null),
    ).toBe(true);
    expect(new Set(rows.map((o) => o.providerOrderId)).size).toBe(12);
    expect([...provider.adds].sort()).toEqual(rows.map((o) => o.link).sort());
  });

  it('one shared fence statement marks only the orders whose claim still holds them', async () => {
    const ids = await placeMany(3);
    const now = t.clock.now();
    const until = new Date(now.getTime() + 60_000);
    await t.app.database.db
      .update(orders)
      .set({ leaseToken: 'mine', leasedUntil: until, nextCheckAt: until })
      .where(inArray(orders.id, ids));
    const marks = ids.map((id, i) => ({
      id,
      token: i === 1 ? 'someone-else' : 'mine',
      now,
      leaseUntil: until,
    }));
    const held = await fulfilmentRepository.markSending(t.app.database.db, marks);
    expect([...held].sort((a, b) => a - b)).toEqual([ids[0], ids[2]]);
    // Marked already: a second fence on the same orders finds nothing to mark.
    expect((await fulfilmentRepository.markSending(t.app.database.db, marks)).size).toBe(0);
  });
});
