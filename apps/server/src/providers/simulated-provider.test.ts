import { OrderStatus } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, services, simulatedProviderOrders } from '../db/schema';
import { createMember, pointOf } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { ProviderError, type ProviderApi, type ProviderOrderStatus } from './provider-api';
import {
  SIMULATED_BALANCE,
  SIMULATED_PROVIDER_KEY,
  SIMULATED_REFILL_REJECT_REASON,
  SIMULATED_SERVICES,
  SimulatedProvider,
  simulatedOutcome,
  simulatedRefillOutcome,
  type SimulatedFault,
  type SimulatedProviderOptions,
} from './simulated-provider';
import { simulatedProviderRepository } from './simulated-provider.repository';
import { SmmApiClient } from './smm-api-client';

const t = useTestApp({
  providers: { timeoutMs: 2000, simulatedPartialPercent: 10, simulatedCancelPercent: 5 },
});
const DEFAULTS: SimulatedProviderOptions = { partialPercent: 10, cancelPercent: 5 };

const client = (timeoutMs = 2000, apiKey = SIMULATED_PROVIDER_KEY, apiUrl?: string) =>
  new SmmApiClient({
    apiUrl: apiUrl ?? t.app.services.simulatedProvider.apiUrl,
    apiKey,
    timeoutMs,
    allowPrivateAddresses: true,
  });

/** Extra simulators (other percentages, a second "process") on the test app's database. */
const extra: SimulatedProvider[] = [];
async function simulator(options: SimulatedProviderOptions): Promise<SimulatedProvider> {
  const sim = new SimulatedProvider(t.app.database.db, options);
  await sim.start();
  extra.push(sim);
  return sim;
}
afterEach(async () => {
  t.app.services.simulatedProvider.setFault(null);
  await Promise.all(extra.splice(0).map((sim) => sim.close()));
});

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).message).not.toContain(SIMULATED_PROVIDER_KEY);
  return error as ProviderError;
}

/** Polls one order until it stops changing, returning every answer. */
async function pollToEnd(api: ProviderApi, id: string, polls = 5): Promise<ProviderOrderStatus[]> {
  const seen: ProviderOrderStatus[] = [];
  for (let i = 0; i < polls; i++) {
    const answer = (await api.statuses([id])).get(id);
    if (!answer || 'error' in answer) throw new Error(`no status for ${id}`);
    seen.push(answer);
  }
  return seen;
}

const addOrder = (api: ProviderApi, quantity = 300) =>
  api.add({ service: '1', link: 'https://a.com/x', quantity }).then((r) => r.providerOrderId);

describe(`the simulated provider over HTTP (${testDatabaseKind})`, () => {
  it('accepts an order, stores it Pending, and moves it to Completed over three polls', async () => {
    const api = client(
      2000,
      SIMULATED_PROVIDER_KEY,
      (await simulator({ partialPercent: 0, cancelPercent: 0 })).apiUrl,
    );
    const id = await addOrder(api, 300);
    expect(id).toMatch(/^\d+$/);
    const [row] = await t.app.database.db
      .select()
      .from(simulatedProviderOrders)
      .where(eq(simulatedProviderOrders.id, Number(id)));
    expect(row).toMatchObject({ service: '1', link: 'https://a.com/x', quantity: 300, status: 'Pending' });
    const seen = await pollToEnd(api, id);
    const startCount = seen[0]!.startCount;
    expect(startCount).toBeGreaterThan(0);
    expect(seen).toEqual([
      { status: 'In progress', startCount, remains: 300, charge: '0.00' },
      { status: 'In progress', startCount, remains: 150, charge: '0.00' },
      { status: 'Completed', startCount, remains: 0, charge: '0.00' },
      { status: 'Completed', startCount, remains: 0, charge: '0.00' },
      { status: 'Completed', startCount, remains: 0, charge: '0.00' },
    ]);
  });

  it('ends every order Partial (remains > 0) at partialPercent 100', async () => {
    const api = client(
      2000,
      SIMULATED_PROVIDER_KEY,
      (await simulator({ partialPercent: 100, cancelPercent: 0 })).apiUrl,
    );
    for (const quantity of [300, 1]) {
      const seen = await pollToEnd(api, await addOrder(api, quantity), 4);
      expect(seen.map((s) => s.status)).toEqual(['In progress', 'In progress', 'Partial', 'Partial']);
      expect(seen[2]!.remains).toBe(Math.max(1, Math.floor(quantity / 3)));
      expect(seen[2]!.remains).toBeGreaterThan(0);
      expect(seen[2]!.remains).toBeLessThanOrEqual(seen[1]!.remains!);
    }
  });

  it('ends every order Canceled (remains = quantity) at cancelPercent 100', async () => {
    const api = client(
      2000,
      SIMULATED_PROVIDER_KEY,
      (await simulator({ partialPercent: 0, cancelPercent: 100 })).apiUrl,
    );
    const seen = await pollToEnd(api, await addOrder(api, 300), 4);
    expect(seen.map((s) => [s.status, s.remains])).toEqual([
      ['In progress', 300],
      ['In progress', 300],
      ['Canceled', 300],
      ['Canceled', 300],
    ]);
  });

  it('chooses the end by order id: exactly the configured shares of every 100 ids', () => {
    const count = (options: SimulatedProviderOptions, from: number) => {
      const ends = { Completed: 0, Partial: 0, Canceled: 0 };
      for (let id = from; id < from + 100; id++) ends[simulatedOutcome(id, options)] += 1;
      return ends;
    };
    expect(count(DEFAULTS, 1)).toEqual({ Completed: 85, Partial: 10, Canceled: 5 });
    expect(count(DEFAULTS, 4321)).toEqual({ Completed: 85, Partial: 10, Canceled: 5 });
    expect(count({ partialPercent: 30, cancelPercent: 20 }, 1)).toEqual({
      Completed: 50,
      Partial: 30,
      Canceled: 20,
    });
    expect(count({ partialPercent: 0, cancelPercent: 0 }, 1).Completed).toBe(100);
    // A fresh demo's first orders complete.
    expect([1, 2, 3, 4, 5, 6, 7].map((id) => simulatedOutcome(id, DEFAULTS))).toEqual(
      Array(7).fill('Completed'),
    );
  });

  it('follows the app’s percentages: each order ends as simulatedOutcome says', async () => {
    const api = client();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await addOrder(api, 90));
    const ends = new Map<string, string>();
    for (let poll = 0; poll < 3; poll++) {
      for (const [id, answer] of await api.statuses(ids)) {
        if ('status' in answer) ends.set(id, answer.status);
      }
    }
    expect(ids.map((id) => ends.get(id))).toEqual(ids.map((id) => simulatedOutcome(Number(id), DEFAULTS)));
    expect(new Set(ends.values())).toEqual(new Set(['Completed', 'Partial'])); // ids 1–12: no Canceled
  });

  it('answers a multi-status with an unknown id, and the balance', async () => {
    const api = client();
    const a = await addOrder(api, 10);
    const b = await addOrder(api, 20);
    const answers = await api.statuses([a, '999999', b]);
    expect(Object.fromEntries(answers)).toEqual({
      [a]: { status: 'In progress', startCount: expect.any(Number), remains: 10, charge: '0.00' },
      '999999': { error: 'Incorrect order ID' },
      [b]: { status: 'In progress', startCount: expect.any(Number), remains: 20, charge: '0.00' },
    });
    expect(await api.balance()).toEqual(SIMULATED_BALANCE);
  });

  it("lists its services: the demo catalog's provider service ids and two more, with rates per 1,000", async () => {
    const listing = await client().services();
    expect(listing).toEqual(
      SIMULATED_SERVICES.map((entry) => ({ ...entry, service: String(entry.service) })),
    );
    const demoIds = (await t.app.database.db.select({ id: services.providerServiceId }).from(services)).map(
      (row) => row.id,
    );
    const offered = new Set(listing.map((entry) => entry.service));
    expect(demoIds.length).toBeGreaterThan(0);
    expect(demoIds.filter((id) => !offered.has(id ?? ''))).toEqual([]);
    expect(listing.length).toBeGreaterThan(demoIds.length);
  });

  it('cancels a Pending order, and refuses an order in progress or unknown', async () => {
    const api = client();
    const pending = await addOrder(api, 10);
    const started = await addOrder(api, 10);
    await api.statuses([started]);
    const result = await api.cancel([pending, started, '424242']);
    expect(result.get(pending)).toBe(true);
    expect(result.get(started)).toEqual({ error: 'Cancel is not available for this order' });
    expect(result.get('424242')).toEqual({ error: 'Incorrect order ID' });
    expect((await api.statuses([pending])).get(pending)).toEqual({
      status: 'Canceled',
      startCount: 0,
      remains: 10,
      charge: '0.00',
    });
    expect((await api.cancel([pending])).get(pending)).toMatchObject({ error: expect.any(String) });
    // The refused cancel left the started order alone.
    expect((await api.statuses([started])).get(started)).toMatchObject({ status: 'In progress', remains: 5 });
  });

  it('also speaks JSON bodies', async () => {
    const post = (body: unknown) =>
      fetch(t.app.services.simulatedProvider.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<unknown>);
    const { order } = (await post({
      key: 'demo',
      action: 'add',
      service: 3,
      link: 'https://a.com',
      quantity: 50,
    })) as {
      order: number;
    };
    expect(order).toBeGreaterThan(0);
    expect(await post({ key: 'demo', action: 'status', orders: [order, 999] })).toEqual({
      [order]: {
        charge: '0.00',
        start_count: expect.any(String),
        status: 'In progress',
        remains: '50',
        currency: 'KRW',
      },
      '999': { error: 'Incorrect order ID' },
    });
    expect(await post({ key: 'demo', action: 'balance' })).toEqual(SIMULATED_BALANCE);
    expect(await post({ key: 'nope', action: 'balance' })).toEqual({ error: 'Invalid API key' });
  });

  it('refuses a wrong key and a bad order, which the client reports as refusals', async () => {
    expect(
      (
        await providerError(
          client(2000, 'wrong-key').add({ service: '1', link: 'https://a.com', quantity: 10 }),
        )
      ).retryable,
    ).toBe(false);
    expect(
      (await providerError(client().add({ service: '1', link: 'https://a.com', quantity: 0 }))).retryable,
    ).toBe(false);
    expect((await providerError(client(2000, 'wrong-key').balance())).retryable).toBe(true);
  });

  it('keeps its state in the database: a second simulator (another process) continues the order', async () => {
    const other = client(2000, SIMULATED_PROVIDER_KEY, (await simulator(DEFAULTS)).apiUrl);
    const api = client();
    const id = await addOrder(api, 40);
    expect((await api.statuses([id])).get(id)).toMatchObject({ status: 'In progress', remains: 40 });
    expect((await other.statuses([id])).get(id)).toMatchObject({ status: 'In progress', remains: 20 });
    expect((await api.statuses([id])).get(id)).toMatchObject({ status: 'Completed', remains: 0 });
  });

  it('never moves an order from a stale read: a second process that read it too gets the row as it is', async () => {
    const id = Number(await addOrder(client(), 40));
    const { db } = t.app.database;
    const [first] = await simulatedProviderRepository.findMany(db, [id]);
    const [second] = await simulatedProviderRepository.findMany(db, [id]);
    const next = { status: 'In progress', startCount: 1234, remains: 40 };
    expect(await simulatedProviderRepository.advance(db, first!, next)).toMatchObject({
      moved: true,
      row: { ...next, polls: 1 },
    });
    const stale = await simulatedProviderRepository.advance(db, second!, {
      ...next,
      status: 'Completed',
      remains: 0,
    });
    expect(stale).toMatchObject({ moved: false, row: { ...next, polls: 1 } });
    const [row] = await simulatedProviderRepository.findMany(db, [id]);
    expect(row).toMatchObject({ ...next, polls: 1 });
  });

  it('moves an order one step per poll even when two processes poll it at once', async () => {
    const other = client(2000, SIMULATED_PROVIDER_KEY, (await simulator(DEFAULTS)).apiUrl);
    const api = client();
    const id = await addOrder(api, 40);
    await Promise.all([api.statuses([id]), other.statuses([id]), api.statuses([id])]);
    const [row] = await t.app.database.db
      .select()
      .from(simulatedProviderOrders)
      .where(eq(simulatedProviderOrders.id, Number(id)));
    // Three polls at once: at least one step, and never past the state three steps would reach.
    expect(row!.polls).toBeGreaterThanOrEqual(1);
    expect(row!.polls).toBeLessThanOrEqual(3);
    const steps = ['Pending', 'In progress', 'In progress', 'Completed'];
    expect(row!.status).toBe(steps[row!.polls]);
  });
});

describe(`refills at the simulated provider (${testDatabaseKind})`, () => {
  /** A raw form-encoded call, to see the answer's shape as the trade's API sends it. */
  const post = (apiUrl: string, params: Record<string, string>) =>
    fetch(apiUrl, {
      method: 'POST',
      body: new URLSearchParams({ key: SIMULATED_PROVIDER_KEY, ...params }),
    }).then((r) => r.json() as Promise<unknown>);
  /** A simulator at these percentages, with an order of it polled to `status` (Completed, or Partial). */
  async function setUp(refillRejectPercent: number, partialPercent = 0) {
    const sim = await simulator({ partialPercent, cancelPercent: 0, refillRejectPercent });
    return { sim, api: client(2000, SIMULATED_PROVIDER_KEY, sim.apiUrl) };
  }
  async function finished(api: ProviderApi) {
    const id = await addOrder(api, 30);
    await pollToEnd(api, id, 3);
    return id;
  }

  it('answers `refill` of one order with { refill: "<id>" } and moves it Pending → In progress → Completed', async () => {
    const { sim, api } = await setUp(0);
    const order = await finished(api);
    const answer = (await post(sim.apiUrl, { action: 'refill', order })) as { refill: string };
    expect(answer).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    const refill = answer.refill;
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await post(sim.apiUrl, { action: 'refill_status', refill }));
    expect(seen).toEqual([
      { status: 'Pending' },
      { status: 'In progress' },
      { status: 'Completed' },
      { status: 'Completed' },
      { status: 'Completed' },
    ]);
    const [row] = await simulatedProviderRepository.findRefills(t.app.database.db, [Number(refill)]);
    expect(row).toMatchObject({ orderId: Number(order), status: 'Completed', polls: 3, reason: null });
  });

  it('answers `refill` of several orders with [{ order, refill }], refusing an unknown or unfinished one', async () => {
    const { sim, api } = await setUp(0, 100);
    const partial = await finished(api);
    expect((await api.statuses([partial])).get(partial)).toMatchObject({ status: 'Partial' });
    const started = await addOrder(api, 30);
    await api.statuses([started]);
    const pending = await addOrder(api, 30);
    const answer = await post(sim.apiUrl, {
      action: 'refill',
      orders: `${partial},${started},${pending},424242`,
    });
    expect(answer).toEqual([
      { order: Number(partial), refill: expect.any(Number) },
      { order: Number(started), refill: { error: 'Refill is not available for this order' } },
      { order: Number(pending), refill: { error: 'Refill is not available for this order' } },
      { order: 424242, refill: { error: 'Incorrect order ID' } },
    ]);
    // One order: the refusal is the whole answer.
    expect(await post(sim.apiUrl, { action: 'refill', order: started })).toEqual({
      error: 'Refill is not available for this order',
    });
    expect(await post(sim.apiUrl, { action: 'refill', order: '424242' })).toEqual({
      error: 'Incorrect order ID',
    });
    expect(await post(sim.apiUrl, { action: 'refill', order: 'abc' })).toEqual({
      error: 'Incorrect order ID',
    });
    expect(await post(sim.apiUrl, { action: 'refill' })).toEqual({ error: 'Incorrect order ID' });
    // As the client reads them.
    const read = await api.refill([partial, started, '424242']);
    expect(read.get(partial)).toEqual({ refillId: expect.stringMatching(/^\d+$/) });
    expect(read.get(started)).toEqual({ error: 'Refill is not available for this order' });
    expect(read.get('424242')).toEqual({ error: 'Incorrect order ID' });
    expect((await api.refill([started])).get(started)).toEqual({
      error: 'Refill is not available for this order',
    });
  });

  it('answers `refill_status` of several refills with [{ refill, status }], an unknown one { error }', async () => {
    const { sim, api } = await setUp(0);
    const a = (await api.refill([await finished(api)])).values().next().value as { refillId: string };
    const b = (await api.refill([await finished(api)])).values().next().value as { refillId: string };
    await api.refillStatuses([a.refillId]);
    const answer = await post(sim.apiUrl, {
      action: 'refill_status',
      refills: `${a.refillId},999,${b.refillId}`,
    });
    expect(answer).toEqual([
      { refill: Number(a.refillId), status: 'In progress' },
      { refill: 999, status: { error: 'Incorrect refill ID' } },
      { refill: Number(b.refillId), status: 'Pending' },
    ]);
    expect(await post(sim.apiUrl, { action: 'refill_status', refill: '999' })).toEqual({
      error: 'Incorrect refill ID',
    });
    expect(await post(sim.apiUrl, { action: 'refill_status', refill: 'x' })).toEqual({
      error: 'Incorrect refill ID',
    });
    expect(Object.fromEntries(await api.refillStatuses([a.refillId, '999', b.refillId]))).toEqual({
      [a.refillId]: { status: 'Completed' },
      '999': { error: 'Incorrect refill ID' },
      [b.refillId]: { status: 'In progress' },
    });
  });

  it('rejects every refill with its reason at refillRejectPercent 100', async () => {
    const { sim, api } = await setUp(100);
    const order = await finished(api);
    const refillId = ((await api.refill([order])).get(order) as { refillId: string }).refillId;
    const seen = [];
    for (let i = 0; i < 4; i++)
      seen.push(await post(sim.apiUrl, { action: 'refill_status', refill: refillId }));
    expect(seen).toEqual([
      { status: 'Pending' },
      { status: 'In progress' },
      { status: 'Rejected', reason: SIMULATED_REFILL_REJECT_REASON },
      { status: 'Rejected', reason: SIMULATED_REFILL_REJECT_REASON },
    ]);
    // The client keeps the reason beside the status.
    expect((await api.refillStatuses([refillId, '999'])).get(refillId)).toEqual({
      status: 'Rejected',
      reason: SIMULATED_REFILL_REJECT_REASON,
    });
    expect((await api.refillStatuses([refillId])).get(refillId)).toEqual({
      status: 'Rejected',
      reason: SIMULATED_REFILL_REJECT_REASON,
    });
  });

  it('completes every refill at refillRejectPercent 0', async () => {
    const { api } = await setUp(0);
    const refillIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await finished(api);
      refillIds.push(((await api.refill([order])).get(order) as { refillId: string }).refillId);
    }
    for (let poll = 0; poll < 2; poll++) await api.refillStatuses(refillIds);
    const ends = await api.refillStatuses(refillIds);
    expect([...ends.values()]).toEqual(Array(6).fill({ status: 'Completed' }));
  });

  it('chooses a refill’s end by its id: exactly refillRejectPercent of every 100 ids, 20 by default', () => {
    const rejected = (refillRejectPercent: number | undefined, from: number) => {
      let count = 0;
      for (let id = from; id < from + 100; id++) {
        const options = { partialPercent: 0, cancelPercent: 0, refillRejectPercent };
        if (simulatedRefillOutcome(id, options) === 'Rejected') count += 1;
      }
      return count;
    };
    expect(rejected(undefined, 1)).toBe(20);
    expect(rejected(20, 777)).toBe(20);
    expect(rejected(0, 1)).toBe(0);
    expect(rejected(100, 1)).toBe(100);
    expect(rejected(35, 1)).toBe(35);
  });

  it('under unknown-order knows no order to refill and no refill', async () => {
    const api = client();
    const order = await finished(api);
    const refillId = ((await api.refill([order])).get(order) as { refillId: string }).refillId;
    t.app.services.simulatedProvider.setFault('unknown-order');
    expect(Object.fromEntries(await api.refill([order]))).toEqual({
      [order]: { error: 'Incorrect order ID' },
    });
    expect(Object.fromEntries(await api.refillStatuses([refillId]))).toEqual({
      [refillId]: { error: 'Incorrect refill ID' },
    });
  });
});

describe('faults of the simulated provider, as the client sees them', () => {
  const addCall = (timeoutMs = 2000) =>
    client(timeoutMs).add({ service: '1', link: 'https://a.com/x', quantity: 10 });

  it.each([
    ['timeout', true, 'add: no answer within 300 ms', true],
    // An answer we cannot read is not a "no" (docs/ARCHITECTURE.md#upstream-providers).
    ['http500', true, 'add: HTTP 500', true],
    ['html', true, 'add: the answer is not JSON', true],
    ['malformed-json', true, 'add: the answer is not JSON', true],
    ['http500-after-work', true, 'add: HTTP 500', true],
    ['html-after-work', true, 'add: the answer is not JSON', true],
    ['truncated-after-work', true, 'add: the answer is not JSON', true],
    ['timeout-after-work', true, 'add: no answer within 300 ms', true],
    ['deep-json', true, 'add: the answer is nested deeper than 16 levels', true],
    ['json-error', false, 'add: refused: Service temporarily unavailable', false],
    ['lose-answer', true, 'add: connection failed', true],
  ] as const)(
    'add under %s → ProviderError (retryable: %s; may have been processed: %s)',
    async (fault, retryable, message, mayHaveBeenProcessed) => {
      t.app.services.simulatedProvider.setFault(fault);
      const error = await providerError(addCall(300));
      expect(error.retryable).toBe(retryable);
      expect(error.message).toBe(message);
      // Whether the order may exist upstream although no answer said so (orders/provider-failure.ts holds it).
      expect(error.mayHaveBeenProcessed).toBe(mayHaveBeenProcessed);
    },
  );

  it.each([
    ['timeout', 'status: no answer within 300 ms'],
    ['http500', 'status: HTTP 500'],
    ['html', 'status: the answer is not JSON'],
    ['malformed-json', 'status: the answer is not JSON'],
    ['json-error', 'status: refused: Service temporarily unavailable'],
    ['lose-answer', 'status: connection failed'],
  ] as const)('status under %s → retryable ProviderError', async (fault, message) => {
    const id = await addOrder(client(), 10);
    t.app.services.simulatedProvider.setFault(fault);
    const error = await providerError(client(300).statuses([id]));
    expect(error).toMatchObject({ retryable: true, message });
  });

  it.each(['timeout', 'http500', 'html', 'malformed-json', 'json-error', 'lose-answer'] as const)(
    'cancel and balance under %s → retryable ProviderError',
    async (fault: SimulatedFault) => {
      t.app.services.simulatedProvider.setFault(fault);
      expect((await providerError(client(300).cancel(['1']))).retryable).toBe(true);
      expect((await providerError(client(300).balance())).retryable).toBe(true);
    },
  );

  it('lose-answer: the order is stored although the answer never came', async () => {
    t.app.services.simulatedProvider.setFault('lose-answer');
    await providerError(addCall());
    const rows = await t.app.database.db.select().from(simulatedProviderOrders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Pending', quantity: 10, link: 'https://a.com/x' });
  });

  it('unknown-order: status and cancel answer { error } for every id, without throwing', async () => {
    const id = await addOrder(client(), 10);
    t.app.services.simulatedProvider.setFault('unknown-order');
    expect(Object.fromEntries(await client().statuses([id]))).toEqual({
      [id]: { error: 'Incorrect order ID' },
    });
    expect(Object.fromEntries(await client().cancel([id]))).toEqual({
      [id]: { error: 'Incorrect order ID' },
    });
    t.app.services.simulatedProvider.setFault(null);
    expect((await client().statuses([id])).get(id)).toMatchObject({ status: 'In progress' });
  });

  it('a timeout is honoured: the call ends after timeoutMs, not when the provider would answer', async () => {
    t.app.services.simulatedProvider.setFault('timeout');
    const started = performance.now();
    const error = await providerError(addCall(200));
    const elapsed = performance.now() - started;
    expect(error.retryable).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1500);
  });
});

describe('orders fulfilled by the simulated provider through the background loop', () => {
  /** A member's order of 10 units of a demo service re-priced to 1.234 won a unit: 13 won. */
  async function memberOrder(link: string) {
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    const member = await createMember(t.app, { point: 1_000_000 });
    const { orderId } = await placeOrder(t.app, member, { serviceId: service.id, link, amount: 10 });
    return { member, orderId };
  }
  const orderRow = async (id: number) =>
    (await t.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('moves a member’s order to a final state and keeps point = cost − refund', async () => {
    const { member, orderId } = await memberOrder('https://a.com/p');
    for (let i = 0; i < 6; i++) {
      await t.app.services.worker.tick();
      t.clock.advance(31_000);
    }
    const row = await orderRow(orderId);
    expect(row.status).toBe(OrderStatus.COMPLETED); // simulator order 1 completes (simulatedOutcome)
    expect(row.providerOrderId).toBe('1');
    expect(row.startCount).toBeGreaterThan(0);
    // 1,000,000 − 13 (1.234 won × 10 = 12.34 → 13), nothing refunded for a completed order
    expect(row).toMatchObject({ cost: 13, refunded: 0 });
    expect(await pointOf(t.app, member.accountId)).toBe(999_987);
  });

  it('leaves the order and the balance intact while the provider answers garbage, and holds it for an operator', async () => {
    const { member, orderId } = await memberOrder('https://a.com/lost');
    t.app.services.simulatedProvider.setFault('html');
    await t.app.services.worker.tick();
    t.app.services.simulatedProvider.setFault(null);
    expect(await orderRow(orderId)).toMatchObject({
      status: OrderStatus.PENDING,
      providerOrderId: null,
      attempts: 1,
      nextCheckAt: null,
    });
    // 1,000,000 − 13 (1.234 won × 10 = 12.34 → 13)
    expect(await pointOf(t.app, member.accountId)).toBe(999_987);
    // Not understood is not a "no": never sent again on its own.
    t.clock.advance(60_000);
    await t.app.services.worker.tick();
    expect((await orderRow(orderId)).providerOrderId).toBeNull();
  });
});
