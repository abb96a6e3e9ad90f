import { OrderStatus } from '@smm/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orders, providers } from '../../db/schema';
import { ProviderError } from '../../providers/provider-api';
import { providersRepository } from '../../providers/providers.repository';
import { createMember } from '../../test/factories';
import { FakeProvider } from '../../test/fake-provider';
import { catalogService, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { fulfilmentRepository } from './fulfilment.repository';
import { SendMarks } from './send-marks';
import { OrderWorker } from './order-worker';
import { applyStatusAnswers } from './refresh-status.workflow';
import { emptyReport } from './worker-context';

const t = useTestApp();

afterEach(() => vi.restoreAllMocks());

/** Takes every order (numbered from 5001), then answers statuses as FakeProvider does. */
class Provider extends FakeProvider {
  next = 5000;
  failMulti: ProviderError | null = null;
  override async add(input: { quantity?: number }) {
    const id = String((this.next += 1));
    this.states.set(id, { status: 'Pending', startCount: null, remains: input.quantity ?? null });
    return { providerOrderId: id };
  }
  override async statuses(ids: string[]) {
    if (this.failMulti) {
      this.statusCalls.multi += 1;
      throw this.failMulti;
    }
    return super.statuses(ids);
  }
}

/** A worker as another process would run one: nothing shared with the last but the database. */
const worker = (provider: FakeProvider) =>
  new OrderWorker(t.app.database.db, { clientFor: () => provider }, t.app.services.catalog, t.clock, {
    statusRefreshSeconds: 30,
    maxSubmitAttempts: 3,
    batchSize: 50,
    secondsPerMinute: 60,
  });

const rowsOf = (ids: number[]) =>
  t.app.database.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);

/** `count` orders of one provider, sent (each now has its provider order id), their first check due in 30 s. */
async function sentOrders(provider: FakeProvider, count: number) {
  const s = await catalogService(t.app);
  const member = await createMember(t.app, { point: 10_000_000 });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (await placeOrder(t.app, member, { serviceId: s.id, link: `https://a.com/s${i}`, amount: s.min }))
        .orderId,
    );
  expect(await worker(provider).tick()).toMatchObject({ submitted: count });
  await t.app.database.db.update(providers).set({ multiStatus: null }).where(eq(providers.id, s.providerId!));
  return { ids, providerId: s.providerId!, min: s.min };
}

const multiStatusOf = async (providerId: number) =>
  (await t.app.database.db.select().from(providers).where(eq(providers.id, providerId)))[0]!.multiStatus;

describe(`statuses in bulk on ${testDatabaseKind}`, () => {
  it('a provider that answers multi-status is asked in one call per batch, and that is remembered', async () => {
    const provider = new Provider();
    const { ids, providerId } = await sentOrders(provider, 3);
    for (const row of await rowsOf(ids))
      provider.states.set(row.providerOrderId!, { status: 'In progress', startCount: 10, remains: 5 });
    t.clock.advance(31_000);
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 3 });
    expect(provider.statusCalls).toEqual({ multi: 1, single: 0 });
    expect(await multiStatusOf(providerId)).toBe(true);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual([
      OrderStatus.INPROGRESS,
      OrderStatus.INPROGRESS,
      OrderStatus.INPROGRESS,
    ]);
  });

  it('a provider that refuses multi-status is asked one order at a time, learned once for every process', async () => {
    const provider = new Provider();
    const { ids, providerId } = await sentOrders(provider, 3);
    provider.multiStatus = false;
    for (const row of await rowsOf(ids))
      provider.states.set(row.providerOrderId!, { status: 'In progress', startCount: 10, remains: 7 });
    t.clock.advance(31_000);
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 3, failures: 0 });
    // One try of `orders=`, then one `order=` call per order.
    expect(provider.statusCalls).toEqual({ multi: 1, single: 3 });
    expect(await multiStatusOf(providerId)).toBe(false);
    expect((await rowsOf(ids)).every((r) => r.status === OrderStatus.INPROGRESS && r.remains === 7)).toBe(
      true,
    );

    // The next sweep, by a fresh worker (another process): straight to single calls, their answers
    // written together as a multi-status call's are.
    provider.statusCalls = { multi: 0, single: 0 };
    const bulk = vi.spyOn(fulfilmentRepository, 'applyOpenStatuses');
    t.clock.advance(31_000);
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 3 });
    expect(provider.statusCalls).toEqual({ multi: 0, single: 3 });
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(bulk.mock.calls[0]![2]).toHaveLength(3);
  });

  it('a failing multi-status call teaches nothing: each order backs off as before', async () => {
    const provider = new Provider();
    const { ids, providerId } = await sentOrders(provider, 2);
    provider.failMulti = new ProviderError('status: no answer within 100 ms', true, 'unknown');
    t.clock.advance(31_000);
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 0, failures: 2 });
    expect(provider.statusCalls.single).toBe(0);
    expect(await multiStatusOf(providerId)).toBeNull();
    expect((await rowsOf(ids)).map((r) => r.attempts)).toEqual([1, 1]);
  });

  it('single calls: an id the provider does not know is a failed attempt with its words, as with multi-status', async () => {
    const provider = new Provider();
    const { ids, providerId } = await sentOrders(provider, 2);
    await t.app.database.db.update(providers).set({ multiStatus: false }).where(eq(providers.id, providerId));
    const [known, unknown] = await rowsOf(ids);
    provider.states.set(known!.providerOrderId!, { status: 'Completed', startCount: 1, remains: 0 });
    provider.states.delete(unknown!.providerOrderId!);
    t.clock.advance(31_000);
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 1, failures: 1 });
    const [done, failed] = await rowsOf(ids);
    expect(done!.status).toBe(OrderStatus.COMPLETED);
    expect(failed).toMatchObject({
      status: OrderStatus.PENDING,
      attempts: 1,
      lastError: 'Incorrect order ID',
    });
  });

  it('answers that change nothing are written in one statement, the next check by how long the order stood still', async () => {
    const provider = new Provider();
    const { ids, min } = await sentOrders(provider, 3);
    const db = t.app.database.db;
    // A first answer (Pending, remains) is news; the same one again is not.
    t.clock.advance(31_000);
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 3 });
    // The first order has not moved for two hours; the others were taken just now.
    const twoHoursAgo = new Date(t.clock.now().getTime() - 2 * 3600_000);
    await db
      .update(orders)
      .set({ progressAt: twoHoursAgo, lastError: 'earlier' })
      .where(eq(orders.id, ids[0]!));
    const bulk = vi.spyOn(fulfilmentRepository, 'applyOpenStatuses');
    const single = vi.spyOn(fulfilmentRepository, 'applyStatus');
    t.clock.advance(31_000);
    const now = t.clock.now();
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 3 });
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(bulk.mock.calls[0]![2]).toHaveLength(3);
    expect(single).not.toHaveBeenCalled();
    const rows = await rowsOf(ids);
    // 2 h without progress: 30 s doubled four times (480 s); the others every 30 s.
    expect(rows.map((r) => (r.nextCheckAt!.getTime() - now.getTime()) / 1000)).toEqual([480, 30, 30]);
    for (const row of rows)
      expect(row).toMatchObject({
        status: OrderStatus.PENDING,
        remains: min,
        leaseToken: null,
        attempts: 0,
        lastError: null,
      });
    // No progress recorded for an answer that said nothing new.
    expect(rows[0]!.progressAt).toEqual(twoHoursAgo);
  });

  it('answers that leave orders open are written in one statement with their new bills; only a final one alone', async () => {
    const provider = new Provider();
    const { ids } = await sentOrders(provider, 3);
    const before = await rowsOf(ids);
    const [moved, billed, done] = before;
    // Moved on; the same state with a bill above what the member paid; finished.
    provider.states.set(moved!.providerOrderId!, {
      status: 'In progress',
      startCount: 10,
      remains: 5,
      charge: '0.5',
    });
    provider.states.set(billed!.providerOrderId!, {
      status: 'Pending',
      startCount: billed!.startCount,
      remains: billed!.remains,
      charge: '999999',
    });
    provider.states.set(done!.providerOrderId!, { status: 'Completed', startCount: 10, remains: 0 });
    const bulk = vi.spyOn(fulfilmentRepository, 'applyOpenStatuses');
    const single = vi.spyOn(fulfilmentRepository, 'applyStatus');
    t.clock.advance(31_000);
    const now = t.clock.now();
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 3, leaseLost: 0 });
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(bulk.mock.calls[0]![2].map((r) => r.id)).toEqual([moved!.id, billed!.id]);
    expect(single).toHaveBeenCalledTimes(1);
    const [m, b, d] = await rowsOf(ids);
    expect(m).toMatchObject({
      status: OrderStatus.INPROGRESS,
      startCount: 10,
      remains: 5,
      providerCharge: '0.5',
      chargeExceedsPaid: false,
      progressAt: now,
      nextCheckAt: new Date(now.getTime() + 30_000),
      leaseToken: null,
    });
    // A bill is no progress, but it is news: checked again at the base interval, flagged.
    expect(b).toMatchObject({
      status: OrderStatus.PENDING,
      providerCharge: '999999',
      chargeExceedsPaid: true,
      progressAt: billed!.progressAt,
      nextCheckAt: new Date(now.getTime() + 30_000),
      leaseToken: null,
    });
    expect(d).toMatchObject({ status: OrderStatus.COMPLETED, remains: 0, nextCheckAt: null });
  });

  it('a batch whose lease was taken over writes nothing', async () => {
    const provider = new Provider();
    const { ids } = await sentOrders(provider, 2);
    t.clock.advance(31_000);
    const now = t.clock.now();
    const claimed = await t.app.database.db.transaction((tx) =>
      fulfilmentRepository.claimDueOrders(tx, {
        now,
        leaseUntil: new Date(now.getTime() + 120_000),
        limit: 10,
        token: 'old',
      }),
    );
    expect(claimed).toHaveLength(2);
    // Another process took the rows over after the lease ran out.
    await t.app.database.db.update(orders).set({ leaseToken: 'new' }).where(inArray(orders.id, ids));
    const before = await rowsOf(ids);
    const report = emptyReport();
    // The answers change nothing (the bulk write's case).
    const answers = new Map(
      claimed.map((o) => [
        o.providerOrderId!,
        { status: 'Pending', startCount: o.startCount, remains: o.remains },
      ]),
    );
    const ctx = {
      db: t.app.database.db,
      clock: t.clock,
      options: { statusRefreshSeconds: 30, maxSubmitAttempts: 3, batchSize: 50, secondsPerMinute: 60 },
      sendMarks: new SendMarks(t.app.database.db),
    };
    const bulk = vi.spyOn(fulfilmentRepository, 'applyOpenStatuses');
    await applyStatusAnswers(ctx, claimed, answers, report);
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(report).toMatchObject({ refreshed: 0, leaseLost: 2 });
    expect(await rowsOf(ids)).toEqual(before);
  });

  it('a new API URL or key forgets what was learned; saving the same one keeps it', async () => {
    const provider = new Provider();
    const { providerId } = await sentOrders(provider, 1);
    const db = t.app.database.db;
    await db.update(providers).set({ multiStatus: false }).where(eq(providers.id, providerId));
    const [row] = await db.select().from(providers).where(eq(providers.id, providerId));
    await db.transaction((tx) =>
      providersRepository.updateProvider(tx, providerId, { apiUrl: row!.apiUrl, name: 'x' }),
    );
    expect(await multiStatusOf(providerId)).toBe(false);
    await db.transaction((tx) =>
      providersRepository.updateProvider(tx, providerId, { apiKey: 'another-key' }),
    );
    expect(await multiStatusOf(providerId)).toBeNull();
    await db.update(providers).set({ multiStatus: true }).where(eq(providers.id, providerId));
    await db.transaction((tx) =>
      providersRepository.updateProvider(tx, providerId, { apiUrl: `${row!.apiUrl}x` }),
    );
    expect(await multiStatusOf(providerId)).toBeNull();
    await db.transaction((tx) => providersRepository.updateProvider(tx, providerId, row!));
  });
});
