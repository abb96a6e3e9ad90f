import { CATALOG_MESSAGES, LedgerReason, OrderStatus } from '@smm/domain';
import type { AdminService, ProviderHealthResponse } from '@smm/domain/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRows, operatorClient } from '../admin/catalog/catalog-test-helpers';
import {
  orders,
  pointLedger,
  providerBalanceSamples,
  providerCallErrors,
  providerCallStats,
  providers,
  services,
  simulatedProviderOrders,
} from '../db/schema';
import { OrderWorker } from '../orders/fulfilment/order-worker';
import { ordersRepository } from '../orders/orders.repository';
import { bearer, createMember, tokenFor } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { createProvider } from '../test/provider-factories';
import { FakeProvider } from '../test/fake-provider';
import { createTestApp, testDatabaseKind, useTestApp, type TestApp } from '../test/test-app';
import { ProviderError, type ProviderClient } from './provider-api';
import { ProviderHealth } from './provider-health';
import { providerHealthRepository } from './provider-health.repository';
import { ProviderRegistry } from './provider-registry';
import { RecordingProviderClient } from './recording-provider-client';
import { SIMULATED_DRY_ERROR, SIMULATED_PROVIDER_KEY } from './simulated-provider';
import { SIMULATED_PROVIDER_URL } from './simulated-provider-url';
import { checkInvariants } from '../invariants/invariant-checks';
import { HELD_UNCERTAIN_SUBMIT } from '../orders/fulfilment/provider-failure';
import { fulfilmentRepository } from '../orders/fulfilment/fulfilment.repository';

/** docs/ARCHITECTURE.md#provider-health */
const t = useTestApp();
let second: TestApp;
beforeAll(async () => {
  // A second "process" on the same database (PGlite: the shared one; PostgreSQL: the file's database).
  second = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
});
afterAll(() => second.close());
afterEach(async () => {
  t.app.services.simulatedProvider.setMode({ dry: false, silent: false });
  t.app.services.simulatedProvider.setFault(null);
  await t.app.services.providerHealth.settled();
  await second.app.services.providerHealth.settled();
});

const db = () => t.app.database.db;

async function demoProvider() {
  const [row] = await db().select().from(providers).orderBy(asc(providers.id)).limit(1);
  return row!;
}

/** A provider under the test's control, counting what it is sent. */
class ScriptedProvider extends FakeProvider {
  next = 7000;
  added: { service: string; link: string }[] = [];
  asked: string[][] = [];
  constructor(private readonly prefix: string) {
    super();
  }
  override async add(input: { service: string; link: string }) {
    this.added.push(input);
    const id = `${this.prefix}${(this.next += 1)}`;
    this.states.set(id, { status: 'In progress', startCount: 10, remains: 5 });
    return { providerOrderId: id };
  }
  override async statuses(ids: string[]) {
    this.asked.push(ids);
    return super.statuses(ids);
  }
}

function workerWith(clients: Map<number, ScriptedProvider>) {
  return new OrderWorker(
    db(),
    {
      clientFor: (row) => {
        const client = clients.get(row.id);
        if (!client) throw new Error(`no scripted client for provider ${row.id}`);
        return client;
      },
    },
    t.app.services.catalog,
    t.clock,
    { statusRefreshSeconds: 30, maxSubmitAttempts: 3, batchSize: 50, secondsPerMinute: 60 },
  );
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

/** The service form's body for `service` as the console sends it, with `change` on top. */
async function serviceBody(call: Awaited<ReturnType<typeof operatorClient>>['call'], id: number) {
  const list = (await call('GET', '/admin/api/services')).json() as AdminService[];
  const form = list.find((s) => s.id === id)!;
  return {
    categoryId: form.categoryId,
    text: form.text,
    unitPriceMilli: form.unitPriceMilli,
    min: form.min,
    max: form.max,
    notice: form.notice,
    refillDays: form.refillDays,
    cancellable: form.cancellable,
    type: form.type,
    providerId: form.providerId,
    providerServiceId: form.providerServiceId ?? '',
  };
}

describe(`provider health on ${testDatabaseKind}`, () => {
  it('counts every call of a provider row with its duration; a failure keeps its message, never the key', async () => {
    const provider = await demoProvider();
    const client = t.app.services.providers.clientFor(provider);
    await client.balance();
    t.app.services.simulatedProvider.setFault('http500');
    await expect(client.services()).rejects.toBeInstanceOf(ProviderError);

    const stats = await db()
      .select()
      .from(providerCallStats)
      .where(eq(providerCallStats.providerId, provider.id));
    expect(
      stats
        .map(({ action, calls, failures }) => ({ action, calls, failures }))
        .sort((a, b) => a.action.localeCompare(b.action)),
    ).toEqual([
      { action: 'balance', calls: 1, failures: 0 },
      { action: 'services', calls: 1, failures: 1 },
    ]);
    expect(stats[0]!.bucket.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    const errors = await db().select().from(providerCallErrors);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ providerId: provider.id, action: 'services' });
    expect(errors[0]!.message).toMatch(/500/);

    // The recorder masks a key that reached a message (the client leaves it out; any other might not).
    const health = t.app.services.providerHealth;
    await health.record({
      providerId: provider.id,
      action: 'add',
      ms: 12,
      error: 'add: refused: "bad key sk-live-123456 for this panel"',
      apiKey: 'sk-live-123456',
    });
    const stored = JSON.stringify(await db().select().from(providerCallErrors));
    expect(stored).not.toContain('sk-live-123456');
    expect(stored).toContain('bad key *** for this panel');
    const [added] = await db().select().from(providerCallStats).where(eq(providerCallStats.action, 'add'));
    expect(added).toMatchObject({ calls: 1, failures: 1, totalMs: 12, maxMs: 12 });
  });

  it('calls recorded at once share one upsert, summed by provider, minute and action', async () => {
    const provider = await demoProvider();
    const health = t.app.services.providerHealth;
    const written = vi.spyOn(providerHealthRepository, 'addCalls');
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          health.record({
            providerId: provider.id,
            action: i % 2 === 0 ? 'add' : 'status',
            ms: i + 1,
            error: i === 3 ? 'status: timed out' : null,
            apiKey: provider.apiKey,
          }),
        ),
      );
      // The first call is written alone, the nineteen that came while it was written together.
      expect(written.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      written.mockRestore();
    }
    const rows = await db()
      .select()
      .from(providerCallStats)
      .where(eq(providerCallStats.providerId, provider.id));
    const byAction = Object.fromEntries(
      rows.map(({ action, calls, failures, totalMs, maxMs }) => [
        action,
        { calls, failures, totalMs, maxMs },
      ]),
    );
    expect(byAction).toEqual({
      add: { calls: 10, failures: 0, totalMs: 1 + 3 + 5 + 7 + 9 + 11 + 13 + 15 + 17 + 19, maxMs: 19 },
      status: { calls: 10, failures: 1, totalMs: 2 + 4 + 6 + 8 + 10 + 12 + 14 + 16 + 18 + 20, maxMs: 20 },
    });
  });

  it('a 429 is an answer, not an outage: counted as a call that did not fail, its message still listed', async () => {
    const provider = await demoProvider();
    const limited = Object.assign(new FakeProvider(), {
      async services(): Promise<never> {
        throw new Error('not used');
      },
      async balance(): Promise<never> {
        throw new ProviderError(
          'balance: HTTP 429: too many requests, retry after 30 s',
          true,
          'refused',
          null,
          30_000,
        );
      },
    }) as ProviderClient;
    const client = new RecordingProviderClient(limited, provider, t.app.services.providerHealth);
    await expect(client.balance()).rejects.toMatchObject({ retryAfterMs: 30_000 });
    const [row] = await db().select().from(providerCallStats).where(eq(providerCallStats.action, 'balance'));
    expect(row).toMatchObject({ calls: 1, failures: 0 });
    const errors = await db()
      .select()
      .from(providerCallErrors)
      .where(eq(providerCallErrors.action, 'balance'));
    expect(errors.map((e) => e.message)).toEqual(['balance: HTTP 429: too many requests, retry after 30 s']);
  });

  it('adds calls of the same minute into one row; a broken recorder never fails the call', async () => {
    const provider = await demoProvider();
    const client = t.app.services.providers.clientFor(provider);
    await Promise.all([
      client.balance(),
      client.balance(),
      second.app.services.providers.clientFor(provider).balance(),
    ]);
    const [row] = await db().select().from(providerCallStats).where(eq(providerCallStats.action, 'balance'));
    expect(row!.calls).toBe(3);

    const logged: unknown[] = [];
    const broken = new ProviderHealth(
      {
        insert: () => {
          throw new Error('database gone');
        },
      } as never,
      t.clock,
      { error: (...args: unknown[]) => logged.push(args) } as never,
      { balanceSampleMinutes: 15 },
    );
    const inner = new ScriptedProvider('B') as unknown as ProviderClient;
    const wrapped = new RecordingProviderClient(inner, { id: provider.id, apiKey: 'k' }, broken);
    await expect(wrapped.balance()).resolves.toEqual({ balance: '100.00', currency: 'KRW' });
    expect(logged).toHaveLength(1);
  });

  it('samples each enabled provider once per interval, however many processes tick', async () => {
    const provider = await demoProvider();
    await createProvider(t.app, { enabled: false });
    const ticks = await Promise.all([
      t.app.services.providerHealth.tick(),
      second.app.services.providerHealth.tick(),
    ]);
    expect(ticks.map((tick) => tick.sampling).sort()).toEqual([0, 1]);
    await t.app.services.providerHealth.settled();
    await second.app.services.providerHealth.settled();
    let samples = await db().select().from(providerBalanceSamples);
    expect(samples).toEqual([
      expect.objectContaining({
        providerId: provider.id,
        balance: '1000000.00',
        currency: 'KRW',
        error: null,
      }),
    ]);

    // Not due again before the interval (15 minutes): nothing sampled.
    t.clock.advance(14 * 60_000);
    second.clock.advance(14 * 60_000);
    expect((await t.app.services.providerHealth.tick()).sampling).toBe(0);
    expect((await second.app.services.providerHealth.tick()).sampling).toBe(0);
    t.clock.advance(2 * 60_000);
    t.app.services.simulatedProvider.setMode({ dry: true, silent: false });
    expect((await t.app.services.providerHealth.tick()).sampling).toBe(1);
    await t.app.services.providerHealth.settled();
    samples = await db().select().from(providerBalanceSamples).orderBy(asc(providerBalanceSamples.id));
    expect(samples.map((s) => s.balance)).toEqual(['1000000.00', '0.00']);
  });

  it('prunes counts, errors and samples older than 14 days', async () => {
    const provider = await demoProvider();
    // The job prunes at most once an hour per process (earlier tests ticked at this clock's start).
    t.clock.advance(2 * 60 * 60_000);
    const old = new Date(t.clock.now().getTime() - 15 * 24 * 60 * 60_000);
    await db()
      .insert(providerCallStats)
      .values({ providerId: provider.id, bucket: old, action: 'add', calls: 1 });
    await db()
      .insert(providerCallErrors)
      .values({ providerId: provider.id, action: 'add', message: 'x', createdAt: old });
    await db()
      .insert(providerBalanceSamples)
      .values({ providerId: provider.id, balance: '1', createdAt: old });
    await t.app.services.providerHealth.tick();
    await t.app.services.providerHealth.settled();
    expect(await db().select().from(providerCallStats)).toHaveLength(1); // the fresh balance call only
    expect(await db().select().from(providerCallErrors)).toHaveLength(0);
    expect((await db().select().from(providerBalanceSamples)).every((s) => s.createdAt > old)).toBe(true);
  });

  it('a paused provider is sent no new order (it waits) until the switch is off; its open orders are still followed', async () => {
    const s = await catalogService(t.app);
    const member = await createMember(t.app, { point: 1_000_000 });
    const before = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/1',
      amount: s.min,
    });
    const scripted = new ScriptedProvider('A');
    const clients = new Map([[s.providerId!, scripted]]);
    await workerWith(clients).tick();
    expect(scripted.added).toHaveLength(1);

    const { call } = await operatorClient(t.app);
    const paused = await call('PUT', `/admin/api/providers/${s.providerId}/sending`, { paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ provider: { sendingPaused: true }, changed: true });
    expect((await auditRows(t.app, 'provider.pause-sending'))[0]).toMatchObject({
      before: expect.objectContaining({ sendingPaused: false }),
      after: expect.objectContaining({ sendingPaused: true }),
    });

    const waiting = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/2',
      amount: s.min,
    });
    t.clock.advance(31_000);
    const report = await workerWith(clients).tick();
    expect(scripted.added).toHaveLength(1);
    expect(report.refreshed).toBe(1); // the order it already had was asked about
    expect(await orderRow(waiting.orderId)).toMatchObject({
      status: OrderStatus.PENDING,
      providerOrderId: null,
      attempts: 0,
      lastError: null,
    });
    const health = (await call('GET', '/admin/api/provider-health')).json() as ProviderHealthResponse;
    expect(health.providers.find((p) => p.providerId === s.providerId)).toMatchObject({
      sendingPaused: true,
      waitingOrders: 1,
    });

    await call('PUT', `/admin/api/providers/${s.providerId}/sending`, { paused: false });
    await workerWith(clients).tick();
    expect(scripted.added.map((a) => a.link)).toEqual(['https://a.com/1', 'https://a.com/2']);
    expect((await orderRow(waiting.orderId)).providerOrderId).toMatch(/^A/);
    expect((await orderRow(before.orderId)).providerOrderId).toMatch(/^A/);
  });

  it('a new order of a paused provider is not even claimed: no lease sits on it while it waits', async () => {
    const s = await catalogService(t.app);
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/3',
      amount: s.min,
    });
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, s.providerId!));
    const claim = () =>
      db().transaction((tx) =>
        fulfilmentRepository.claimDueOrders(tx, {
          now: t.clock.now(),
          leaseUntil: new Date(t.clock.now().getTime() + 60_000),
          limit: 10,
          token: 'x',
        }),
      );
    expect(await claim()).toEqual([]);
    expect(await orderRow(placed.orderId)).toMatchObject({ providerOrderId: null, leaseToken: null });
    await db().update(providers).set({ sendingPaused: false }).where(eq(providers.id, s.providerId!));
    expect((await claim()).map((o) => o.id)).toEqual([placed.orderId]);
  });

  it('an order claimed just before its provider was paused is given back unsent, without a failed attempt', async () => {
    const s = await catalogService(t.app);
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/4',
      amount: s.min,
    });
    const scripted = new ScriptedProvider('A');
    // The operator's switch lands between the claim and the lane's read of the provider.
    const read = ordersRepository.providerOf.bind(ordersRepository);
    const spy = vi.spyOn(ordersRepository, 'providerOf').mockImplementation(async (ex, id) => {
      await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, id));
      return read(ex, id);
    });
    try {
      await workerWith(new Map([[s.providerId!, scripted]])).tick();
    } finally {
      spy.mockRestore();
    }
    expect(scripted.added).toEqual([]);
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: OrderStatus.PENDING,
      providerOrderId: null,
      leaseToken: null,
      leasedUntil: null,
      attempts: 0,
      lastError: null,
      nextCheckAt: t.clock.now(),
    });
  });

  it('with a failover configured, a new order of a paused provider goes to the failover, and its status is read there', async () => {
    const s = await catalogService(t.app);
    // The failover is another row on the simulator, so its services list can be read when saved.
    const backup = await createProvider(t.app, {
      apiUrl: SIMULATED_PROVIDER_URL,
      apiKey: SIMULATED_PROVIDER_KEY,
    });
    const { call } = await operatorClient(t.app);
    const body = await serviceBody(call, s.id);

    // The form's rules: both or neither, another provider, one that exists (400 in Korean).
    const refuse = async (change: object, message: string) => {
      const answer = await call('PUT', `/admin/api/services/${s.id}`, { ...body, ...change });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    await refuse(
      { failoverProviderId: backup.id },
      '대체 공급사를 선택했다면 대체 공급사 상품 ID도 입력해주세요.',
    );
    await refuse(
      { failoverProviderServiceId: '14' },
      '대체 공급사 상품 ID를 쓰려면 대체 공급사를 선택해주세요.',
    );
    await refuse(
      { failoverProviderId: s.providerId, failoverProviderServiceId: '14' },
      '대체 공급사는 공급사와 다른 공급사로 선택해주세요.',
    );
    await refuse(
      { failoverProviderId: 999_999, failoverProviderServiceId: '14' },
      '대체 공급사를 찾을 수 없습니다.',
    );
    await refuse(
      { failoverProviderId: backup.id, failoverProviderServiceId: '7 7' },
      '대체 공급사 상품 ID는 영문, 숫자, -, _ 로 64자까지 입력할 수 있습니다.',
    );
    // A service id the failover does not list (its list is read when the failover is set).
    await refuse(
      { failoverProviderId: backup.id, failoverProviderServiceId: '77' },
      CATALOG_MESSAGES.FAILOVER_SERVICE_NOT_LISTED,
    );
    // A failover whose list cannot be read is not taken on trust.
    const unreachable = await createProvider(t.app);
    await refuse(
      { failoverProviderId: unreachable.id, failoverProviderServiceId: '14' },
      CATALOG_MESSAGES.FAILOVER_LIST_UNREADABLE,
    );
    const saved = await call('PUT', `/admin/api/services/${s.id}`, {
      ...body,
      failoverProviderId: backup.id,
      failoverProviderServiceId: '14',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().service).toMatchObject({
      failoverProviderId: backup.id,
      failoverProviderName: backup.name,
      failoverProviderServiceId: '14',
      // Its listed rate, 0.90 won per 1,000, is 0.9 milli-won a unit: rounded up.
      failoverUnitCostMilli: 1,
      failoverLossConfirmed: false,
    });
    expect((await auditRows(t.app, 'service.update'))[0]!.after).toMatchObject({
      failoverProviderId: backup.id,
      failoverProviderServiceId: '14',
    });

    const primary = new ScriptedProvider('P');
    const failover = new ScriptedProvider('F');
    const clients = new Map([
      [s.providerId!, primary],
      [backup.id, failover],
    ]);
    await call('PUT', `/admin/api/providers/${s.providerId}/sending`, { paused: true });
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/f',
      amount: s.min,
    });
    await workerWith(clients).tick();
    expect(primary.added).toEqual([]);
    expect(failover.added).toEqual([expect.objectContaining({ service: '14', link: 'https://a.com/f' })]);
    const sent = await orderRow(placed.orderId);
    expect(sent).toMatchObject({ providerId: backup.id, providerServiceId: '14', providerOrderId: 'F7001' });

    // The switch off again: the order stays with the provider that has it.
    await call('PUT', `/admin/api/providers/${s.providerId}/sending`, { paused: false });
    t.clock.advance(31_000);
    await workerWith(clients).tick();
    expect(failover.asked).toEqual([['F7001']]);
    expect(primary.asked).toEqual([]);
    expect((await orderRow(placed.orderId)).status).toBe(OrderStatus.INPROGRESS);
  });

  it('never reroutes to a failover this process is still busy with (no second lane for it)', async () => {
    const s = await catalogService(t.app);
    const backup = await createProvider(t.app);
    await db()
      .update(services)
      .set({ failoverProviderId: backup.id, failoverProviderServiceId: '77', failoverUnitCostMilli: 1 })
      .where(eq(services.id, s.id));
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, s.providerId!));
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/b',
      amount: s.min,
    });
    const claim = (skipProviders: number[]) =>
      db().transaction((tx) =>
        fulfilmentRepository.claimDueOrders(tx, {
          now: t.clock.now(),
          leaseUntil: t.clock.now(),
          limit: 10,
          token: `t${skipProviders.length}`,
          skipProviders,
        }),
      );
    const [busy] = await claim([backup.id]);
    expect(busy).toMatchObject({ id: placed.orderId, providerId: s.providerId });
    const [free] = await claim([]);
    expect(free).toMatchObject({ id: placed.orderId, providerId: backup.id, providerServiceId: '77' });
  });

  it('a failover that is itself paused or disabled is not used: the order waits', async () => {
    const s = await catalogService(t.app);
    const backup = await createProvider(t.app);
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, s.providerId!));
    await db()
      .update(services)
      .set({ failoverProviderId: backup.id, failoverProviderServiceId: '77', failoverUnitCostMilli: 1 })
      .where(eq(services.id, s.id));
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, backup.id));
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await placeOrder(t.app, member, {
      serviceId: s.id,
      link: 'https://a.com/w',
      amount: s.min,
    });
    const primary = new ScriptedProvider('P');
    const failover = new ScriptedProvider('F');
    const clients = new Map([
      [s.providerId!, primary],
      [backup.id, failover],
    ]);
    await workerWith(clients).tick();
    expect([...primary.added, ...failover.added]).toEqual([]);
    expect((await orderRow(placed.orderId)).providerId).toBe(s.providerId);
    await db()
      .update(providers)
      .set({ sendingPaused: false, enabled: false })
      .where(eq(providers.id, backup.id));
    await workerWith(clients).tick();
    expect([...primary.added, ...failover.added]).toEqual([]);
  });

  /** A service whose failover is another row on the simulator, set through the console's form. */
  async function serviceWithFailover(failoverServiceId: string, extra: object = {}) {
    const s = await catalogService(t.app);
    const backup = await createProvider(t.app, {
      apiUrl: SIMULATED_PROVIDER_URL,
      apiKey: SIMULATED_PROVIDER_KEY,
    });
    const { call } = await operatorClient(t.app);
    const saved = await call('PUT', `/admin/api/services/${s.id}`, {
      ...(await serviceBody(call, s.id)),
      failoverProviderId: backup.id,
      failoverProviderServiceId: failoverServiceId,
      ...extra,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { s, backup, call };
  }
  const upstreamOf = (link: string) =>
    db().select().from(simulatedProviderOrders).where(eq(simulatedProviderOrders.link, link));
  const invariantsHold = async () => expect((await checkInvariants(db())).violations).toEqual([]);

  it('a failover dearer than what the member paid is not used unless the operator confirmed the loss', async () => {
    // The simulator's service 8 costs 90,000 won per 1,000: 90 won a unit, above the demo's price. The
    // form's price guard (docs/ARCHITECTURE.md#catalog-sync) lets it be saved only with a yes to the
    // loss for this save; orders still wait without the 손실 감수 checkbox.
    const { s, backup, call } = await serviceWithFailover('8', { lossConfirmed: true });
    const [stored] = await db().select().from(services).where(eq(services.id, s.id));
    expect(stored).toMatchObject({ failoverUnitCostMilli: 90_000, failoverLossConfirmed: false });
    expect(s.unitPriceMilli).toBeLessThan(90_000);
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, s.providerId!));
    const member = await createMember(t.app, { point: 1_000_000 });
    const link = 'https://a.com/dear-failover';
    const placed = await placeOrder(t.app, member, { serviceId: s.id, link, amount: s.min });
    await Promise.all([t.app.services.worker.tick(), second.app.services.worker.tick()]);
    expect(await upstreamOf(link)).toHaveLength(0);
    expect(await orderRow(placed.orderId)).toMatchObject({ providerId: s.providerId, attempts: 0 });

    // The operator's explicit yes: the order goes to the failover, once, across both processes.
    const confirmed = await call('PUT', `/admin/api/services/${s.id}`, {
      ...(await serviceBody(call, s.id)),
      failoverProviderId: backup.id,
      failoverProviderServiceId: '8',
      failoverLossConfirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().service).toMatchObject({
      failoverLossConfirmed: true,
      failoverUnitCostMilli: 90_000,
    });
    await Promise.all([t.app.services.worker.tick(), second.app.services.worker.tick()]);
    expect(await upstreamOf(link)).toHaveLength(1);
    expect(await orderRow(placed.orderId)).toMatchObject({ providerId: backup.id, providerServiceId: '8' });
    await invariantsHold();
  });

  it('a provider that records the order and answers HTTP 500, then is paused with a failover: the order stays held, never sent twice', async () => {
    const { s, backup } = await serviceWithFailover('14');
    const member = await createMember(t.app, { point: 1_000_000 });
    const link = 'https://a.com/500-then-paused';
    const placed = await placeOrder(t.app, member, { serviceId: s.id, link, amount: s.min });
    t.app.services.simulatedProvider.setFault('http500-after-work');
    await t.app.services.worker.tick();
    t.app.services.simulatedProvider.setFault(null);
    expect(await upstreamOf(link)).toHaveLength(1);
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, s.providerId!));
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(31 * 60_000);
      await Promise.all([t.app.services.worker.tick(), second.app.services.worker.tick()]);
    }
    expect(await upstreamOf(link)).toHaveLength(1);
    const held = await orderRow(placed.orderId);
    expect(held).toMatchObject({ providerId: s.providerId, providerOrderId: null, nextCheckAt: null });
    expect(held.lastError).toContain(HELD_UNCERTAIN_SUBMIT);
    expect(held.providerId).not.toBe(backup.id);
    const refunds = await db()
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.reference, `order:${placed.orderId}`));
    expect(refunds.filter((r) => r.reason === LedgerReason.REFUND)).toEqual([]);
    await invariantsHold();
  });

  it('an order its provider refused for want of funds (surely not taken) moves to the failover once paused, sent once by two processes', async () => {
    const { s, backup } = await serviceWithFailover('14');
    const member = await createMember(t.app, { point: 1_000_000 });
    const link = 'https://a.com/refused-then-failover';
    const placed = await placeOrder(t.app, member, { serviceId: s.id, link, amount: s.min });
    t.app.services.simulatedProvider.setMode({ dry: true, silent: false });
    expect(await t.app.services.worker.tick()).toMatchObject({ submitted: 0, failures: 1 });
    t.app.services.simulatedProvider.setMode({ dry: false, silent: false });
    expect(await upstreamOf(link)).toHaveLength(0);
    await db().update(providers).set({ sendingPaused: true }).where(eq(providers.id, s.providerId!));
    t.clock.advance(31 * 60_000);
    await Promise.all([t.app.services.worker.tick(), second.app.services.worker.tick()]);
    expect(await upstreamOf(link)).toHaveLength(1);
    const moved = await orderRow(placed.orderId);
    expect(moved).toMatchObject({ providerId: backup.id, providerServiceId: '14' });
    expect(moved.providerOrderId).not.toBeNull();
    await invariantsHold();
  });

  it('a provider out of funds: its refusal is retried with back-off, never refunded, and the order goes once topped up', async () => {
    const member = await createMember(t.app, { point: 100_000 });
    const service = await catalogService(t.app);
    t.app.services.simulatedProvider.setMode({ dry: true, silent: false });
    const placed = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://www.instagram.com/p/out-of-funds/',
      amount: service.min,
    });
    const report = await t.app.services.worker.tick();
    expect(report).toMatchObject({ submitted: 0, failures: 1, refunds: 0 });
    const [waiting] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    expect(waiting).toMatchObject({
      status: OrderStatus.PENDING,
      providerOrderId: null,
      attempts: 1,
      refunded: 0,
    });
    expect(waiting!.lastError).toContain(SIMULATED_DRY_ERROR);
    // The operator tops the provider up: the next try (after its back-off) sends it.
    t.app.services.simulatedProvider.setMode({ dry: false, silent: false });
    t.clock.advance(31_000);
    expect((await t.app.services.worker.tick()).submitted).toBe(1);
    const [sent] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    expect(sent!.providerOrderId).not.toBeNull();
    expect(sent!.refunded).toBe(0);
  });

  it('the simulator runs dry (balance 0, orders refused) and goes silent (the timeout ends the call)', async () => {
    const provider = await demoProvider();
    const sim = t.app.services.simulatedProvider;
    const client = t.app.services.providers.clientFor(provider);
    sim.setMode({ dry: true, silent: false });
    await expect(client.balance()).resolves.toEqual({ balance: '0.00', currency: 'KRW' });
    await expect(client.add({ service: '1', link: 'https://a.com/x', quantity: 10 })).rejects.toThrow(
      SIMULATED_DRY_ERROR,
    );

    sim.setMode({ dry: false, silent: true });
    const quick = new ProviderRegistry({
      timeoutMs: 200,
      simulatedApiUrl: () => sim.apiUrl,
      allowPrivateAddresses: true,
      recorder: t.app.services.providerHealth,
    });
    const started = Date.now();
    await expect(quick.clientFor(provider).balance()).rejects.toBeInstanceOf(ProviderError);
    expect(Date.now() - started).toBeLessThan(2000);
    const [failed] = await db()
      .select()
      .from(providerCallErrors)
      .where(eq(providerCallErrors.action, 'balance'));
    expect(failed!.message).toMatch(/timed out|no answer|timeout/i);
  });

  it('closing an app does not wait on a silent simulator', async () => {
    const other = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
    const sim = other.app.services.simulatedProvider;
    sim.setMode({ dry: false, silent: true });
    const pending = fetch(sim.apiUrl, { method: 'POST', body: 'key=demo&action=balance' }).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await pending).toBeInstanceOf(Error);
    // The shared database was reset by the second app: seed it again for the next test.
    await t.reset();
  });

  it('answers the health report to operators only, in its shape; the simulator switches are the demo’s', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/admin/api/provider-health' });
    expect(guest.statusCode).toBe(401);
    const member = await createMember(t.app);
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/admin/api/provider-health',
      headers: bearer(await tokenFor(t.app, member)),
    });
    expect(asMember.statusCode).toBe(403);
    const memberMode = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/simulated-provider/mode',
      headers: bearer(await tokenFor(t.app, member)),
      payload: { dry: true, silent: false },
    });
    expect(memberMode.statusCode).toBe(403);
    const memberPause = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/providers/1/sending',
      headers: bearer(await tokenFor(t.app, member)),
      payload: { paused: true },
    });
    expect(memberPause.statusCode).toBe(403);

    const provider = await demoProvider();
    const other = await createProvider(t.app);
    const { call } = await operatorClient(t.app);
    expect((await call('PUT', '/admin/api/simulated-provider/mode', { dry: 'yes' })).statusCode).toBe(400);
    const mode = await call('PUT', '/admin/api/simulated-provider/mode', { dry: true, silent: false });
    expect(mode.json()).toEqual({ dry: true, silent: false });
    expect((await call('PUT', `/admin/api/providers/${provider.id}/sending`, {})).statusCode).toBe(400);
    expect((await call('PUT', '/admin/api/providers/999999/sending', { paused: true })).statusCode).toBe(404);

    // A failed call an hour ago and the view's own balance sample.
    await t.app.services.providerHealth.record({
      providerId: provider.id,
      action: 'add',
      ms: 1500,
      error: 'add: refused: "Not enough funds on balance"',
      apiKey: provider.apiKey,
    });
    t.clock.advance(60 * 60_000);
    const later = await operatorClient(t.app); // the first operator's token has expired meanwhile
    const first = await later.call('GET', '/admin/api/provider-health');
    expect(first.statusCode).toBe(200);
    await t.app.services.providerHealth.settled();
    const report = (await later.call('GET', '/admin/api/provider-health')).json() as ProviderHealthResponse;
    expect(report.balanceSampleMinutes).toBe(15);
    const demo = report.providers.find((p) => p.providerId === provider.id)!;
    expect(demo.hours).toHaveLength(24);
    expect(demo.hours[22]).toMatchObject({
      hour: '2026-11-22T09:00:00.000Z',
      calls: 1,
      failures: 1,
      avgMs: 1500,
      maxMs: 1500,
    });
    expect(demo.hours[23]).toMatchObject({ hour: '2026-11-22T10:00:00.000Z' });
    expect(demo.errors).toEqual([
      {
        createdAt: '2026-11-22T09:00:00.000Z',
        action: 'add',
        message: 'add: refused: "Not enough funds on balance"',
      },
    ]);
    expect(demo.balances).toEqual([
      { createdAt: '2026-11-22T10:00:00.000Z', balance: '0.00', currency: 'KRW', error: null },
    ]);
    expect(demo.simulator).toEqual({ dry: true, silent: false });
    expect(demo).toMatchObject({ sendingPaused: false, waitingOrders: 0, enabled: true });
    expect(report.providers.find((p) => p.providerId === other.id)!.simulator).toBeNull();
  });

  it('every caller of the registry passes the provider row, so the order worker’s calls are counted', async () => {
    const s = await catalogService(t.app);
    const member = await createMember(t.app, { point: 1_000_000 });
    await placeOrder(t.app, member, { serviceId: s.id, link: 'https://a.com/r', amount: s.min });
    await t.app.services.worker.tick();
    const rows = await db().select().from(providerCallStats).where(eq(providerCallStats.action, 'add'));
    expect(rows).toEqual([expect.objectContaining({ providerId: s.providerId, calls: 1, failures: 0 })]);
  });
});
