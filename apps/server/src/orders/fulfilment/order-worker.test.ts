import { AutoOrderStatus, OrderStatus } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, autoOrders, orders, pointLedger } from '../../db/schema';
import { ProviderError } from '../../providers/provider-api';
import { createMember, pointOf, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { OrderWorker } from './order-worker';
import { catalogService, placeOrder } from '../../test/order-factories';
import { FakeProvider } from '../../test/fake-provider';

const t = useTestApp();

/** A provider under the test's control: what it answers, and when it fails. */
class ScriptedProvider extends FakeProvider {
  next = 1000;
  added: { service: string; link: string; quantity: number }[] = [];
  failAdd: ProviderError | null = null;
  failStatus: ProviderError | null = null;

  override async add(input: { service: string; link: string; quantity: number }) {
    if (this.failAdd) throw this.failAdd;
    this.added.push(input);
    const id = String((this.next += 1));
    this.states.set(id, { status: 'Pending', startCount: null, remains: input.quantity });
    return { providerOrderId: id };
  }
  override async statuses(ids: string[]) {
    if (this.failStatus) throw this.failStatus;
    return super.statuses(ids);
  }
}

function worker(provider: ScriptedProvider, maxSubmitAttempts = 3) {
  return new OrderWorker(t.app.database.db, { clientFor: () => provider }, t.app.services.catalog, t.clock, {
    statusRefreshSeconds: 30,
    maxSubmitAttempts,
    batchSize: 50,
    secondsPerMinute: 60,
  });
}

const service = (enableAuto = false, unitPriceMilli?: number) =>
  catalogService(t.app, { enableAuto, unitPriceMilli });
const place = (
  member: TestMember,
  order: { serviceId: number; link: string; amount: number; runs?: number; interval?: number },
) => placeOrder(t.app, member, order);

const orderRow = async (id: number) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function balanceMatchesLedger(accountId: number) {
  const [row] = await t.app.database.db
    .select({
      point: accounts.point,
      sum: sql<number>`(SELECT coalesce(sum(delta), 0)::int FROM point_ledger WHERE account_id = ${accountId})`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  expect(row!.point).toBe(row!.sum);
}

describe(`background order worker on ${testDatabaseKind}`, () => {
  it('submits a new order, then follows its provider status to COMPLETED', async () => {
    const provider = new ScriptedProvider();
    const s = await service();
    const member = await createMember(t.app, { point: 1_000_000 });
    const { orderId } = await place(member, { serviceId: s.id, link: 'https://a.com/p', amount: s.min });
    expect(await worker(provider).tick()).toMatchObject({ submitted: 1 });
    expect(provider.added).toEqual([
      { service: s.providerServiceId, link: 'https://a.com/p', quantity: s.min },
    ]);
    const submitted = await orderRow(orderId);
    expect(submitted.providerOrderId).toBe('1001');

    // Not due yet: nothing is asked.
    expect(await worker(provider).tick()).toMatchObject({ refreshed: 0 });
    provider.states.set('1001', { status: 'In progress', startCount: 3572, remains: s.min });
    t.clock.advance(31_000);
    await worker(provider).tick();
    expect(await orderRow(orderId)).toMatchObject({ status: OrderStatus.INPROGRESS, startCount: 3572 });
    provider.states.set('1001', { status: 'Completed', startCount: 3572, remains: 0 });
    t.clock.advance(31_000);
    await worker(provider).tick();
    expect(await orderRow(orderId)).toMatchObject({
      status: OrderStatus.COMPLETED,
      remains: 0,
      nextCheckAt: null,
    });
  });

  it('refunds a PARTIAL order for its remains and a CANCELED one in full, once, however often the status is read', async () => {
    const provider = new ScriptedProvider();
    // 1.234 won a unit, so that rounding shows: 100 units cost ⌈123.4⌉ = 124 won.
    const s = await service(false, 1_234);
    const member = await createMember(t.app, { point: 1_000_000 });
    const a = await place(member, { serviceId: s.id, link: 'https://a.com/1', amount: 100 });
    const b = await place(member, { serviceId: s.id, link: 'https://a.com/2', amount: 100 });
    await worker(provider).tick();
    const [idA, idB] = [
      (await orderRow(a.orderId)).providerOrderId!,
      (await orderRow(b.orderId)).providerOrderId!,
    ];
    provider.states.set(idA, { status: 'Partial', startCount: 10, remains: 40 });
    provider.states.set(idB, { status: 'Canceled', startCount: 10, remains: 100 });
    t.clock.advance(31_000);
    // Two processes refreshing at the same moment, then a third pass: one refund each.
    const [first, second] = await Promise.all([worker(provider).tick(), worker(provider).tick()]);
    expect(first.refunds + second.refunds).toBe(2);
    t.clock.advance(31_000);
    await worker(provider).tick();
    // 60 delivered are worth ⌈74.04⌉ = 75 won, so 124 − 75 = 49 goes back (rounding down would give 50).
    expect([a.cost, b.cost]).toEqual([124, 124]);
    const refundA = 49;
    expect(await orderRow(a.orderId)).toMatchObject({
      status: OrderStatus.PARTIAL,
      refunded: refundA,
      remains: 40,
    });
    expect(await orderRow(b.orderId)).toMatchObject({ status: OrderStatus.CANCELED, refunded: b.cost });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - a.cost - b.cost + refundA + b.cost);
    const refunds = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.reason, 'REFUND'));
    expect(refunds).toHaveLength(2);
    await balanceMatchesLedger(member.accountId);
  });

  it.each([
    ['a timeout', new ProviderError('timeout after 10000 ms', true)],
    ['an HTML page', new ProviderError('answer is not JSON', true)],
    ['a JSON error', new ProviderError('provider said: Not enough funds', true)],
  ])(
    'keeps the order and the balance intact on %s, retries with back-off, then cancels and refunds',
    async (_, error) => {
      const provider = new ScriptedProvider();
      const s = await service();
      const member = await createMember(t.app, { point: 1_000_000 });
      const { orderId, cost } = await place(member, {
        serviceId: s.id,
        link: 'https://a.com/x',
        amount: s.min,
      });
      provider.failAdd = error;
      await worker(provider, 3).tick();
      let row = await orderRow(orderId);
      expect(row).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, attempts: 1 });
      expect(row.lastError).toContain(error.message.slice(0, 10));
      expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost);
      // Backed off: the next tick right away leaves it alone.
      expect((await worker(provider, 3).tick()).failures).toBe(0);
      t.clock.advance(10 * 60_000);
      await worker(provider, 3).tick();
      expect((await orderRow(orderId)).attempts).toBe(2);
      t.clock.advance(30 * 60_000);
      await worker(provider, 3).tick();
      row = await orderRow(orderId);
      expect(row).toMatchObject({ status: OrderStatus.CANCELED, refunded: cost });
      expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
      await balanceMatchesLedger(member.accountId);
    },
  );

  it('recovers when the provider comes back before the attempts run out', async () => {
    const provider = new ScriptedProvider();
    const s = await service();
    const member = await createMember(t.app, { point: 1_000_000 });
    const { orderId } = await place(member, { serviceId: s.id, link: 'https://a.com/x', amount: s.min });
    provider.failAdd = new ProviderError('connection refused', true);
    await worker(provider).tick();
    provider.failAdd = null;
    t.clock.advance(10 * 60_000);
    await worker(provider).tick();
    expect(await orderRow(orderId)).toMatchObject({
      status: OrderStatus.PENDING,
      providerOrderId: '1001',
      attempts: 0,
    });
  });

  it('cancels and refunds at once when the provider refuses the order itself', async () => {
    const provider = new ScriptedProvider();
    provider.failAdd = new ProviderError('Incorrect service ID', false);
    const s = await service();
    const member = await createMember(t.app, { point: 50_000 });
    const { orderId } = await place(member, { serviceId: s.id, link: 'https://a.com/x', amount: s.min });
    await worker(provider).tick();
    expect((await orderRow(orderId)).status).toBe(OrderStatus.CANCELED);
    expect(await pointOf(t.app, member.accountId)).toBe(50_000);
  });

  it('places auto-order runs as the clock advances, and cancelling after one run refunds the other two', async () => {
    const provider = new ScriptedProvider();
    const s = await service(true, 1_234);
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await place(member, {
      serviceId: s.id,
      link: 'https://a.com/auto',
      amount: 10,
      runs: 3,
      interval: 60,
    });
    // 1.234 won × 10 × 3 runs = 37.02 → 38 won up front
    expect(placed.cost).toBe(38);
    await worker(provider).tick();
    const children = async () =>
      t.app.database.db
        .select()
        .from(orders)
        .where(eq(orders.autoOrderId, placed.orderId))
        .orderBy(orders.id);
    expect(await children()).toHaveLength(1);
    // The first run's share: 1.234 won × 10 = 12.34 → 13 won
    expect((await children())[0]!.cost).toBe(13);
    // Nothing more until an hour has passed; then exactly one more run per hour.
    await worker(provider).tick();
    expect(await children()).toHaveLength(1);
    t.clock.advance(60 * 60_000);
    await Promise.all([worker(provider).tick(), worker(provider).tick()]);
    expect(await children()).toHaveLength(2);

    const other = await place(member, {
      serviceId: s.id,
      link: 'https://a.com/auto2',
      amount: 10,
      runs: 3,
      interval: 60,
    });
    await worker(provider).tick();
    const before = await pointOf(t.app, member.accountId);
    const { refunded } = await t.app.services.orderCancellation.cancelAutoOrder(
      member.accountId,
      other.orderId,
    );
    // 38 won paid − 13 won for the run placed = 25 won back
    expect(refunded).toBe(25);
    expect(await pointOf(t.app, member.accountId)).toBe(before + refunded);
    expect(
      (await t.app.services.orderCancellation.cancelAutoOrder(member.accountId, other.orderId)).refunded,
    ).toBe(0);
    const [cancelled] = await t.app.database.db
      .select()
      .from(autoOrders)
      .where(eq(autoOrders.id, other.orderId));
    expect(cancelled).toMatchObject({ status: AutoOrderStatus.CANCLED, completed: 1, nextRunAt: null });

    t.clock.advance(60 * 60_000);
    await worker(provider).tick();
    const [done] = await t.app.database.db.select().from(autoOrders).where(eq(autoOrders.id, placed.orderId));
    expect(done).toMatchObject({ completed: 3, status: AutoOrderStatus.COMPLETED, nextRunAt: null });
    expect(await children()).toHaveLength(3);
    await balanceMatchesLedger(member.accountId);
  });

  it('places an auto-order run when the catalog cache is cold (an operator just changed it)', async () => {
    const s = await service(true);
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await place(member, {
      serviceId: s.id,
      link: 'https://a.com/cold',
      amount: s.min,
      runs: 2,
      interval: 60,
    });
    // The operator's write drops the cache; the tick must load it outside its transaction (PGlite has
    // one connection: a load inside the transaction would wait for it forever).
    await t.app.services.catalog.changed();
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the tick hung')), 10_000);
    });
    try {
      await Promise.race([worker(new ScriptedProvider()).tick(), hung]);
    } finally {
      clearTimeout(timer);
    }
    const runs = await t.app.database.db.select().from(orders).where(eq(orders.autoOrderId, placed.orderId));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.providerServiceId).toBe(s.providerServiceId);
  });

  it('never lets a member cancel another member’s auto-order', async () => {
    const s = await service(true);
    const owner = await createMember(t.app, { point: 1_000_000 });
    const stranger = await createMember(t.app);
    const placed = await place(owner, {
      serviceId: s.id,
      link: 'https://a.com/auto',
      amount: s.min,
      runs: 3,
      interval: 60,
    });
    await expect(
      t.app.services.orderCancellation.cancelAutoOrder(stranger.accountId, placed.orderId),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
