import { OrderStatus } from '@smm/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { orderRefills, orders, services } from '../db/schema';
import { OrderWorker } from '../orders/fulfilment/order-worker';
import type { ProviderError } from '../providers/provider-api';
import { type ProviderApi, type ProviderOrderStatus } from '../providers/provider-api';
import type { ManualClock } from '../shared/clock';
import type { TestMember } from './factories';
import { catalogService, placeOrder, type CatalogService } from './order-factories';

/**
 * A provider under the test's control for the refill tests: orders are accepted and end as the test
 * says; `refill` answers a new refill id (or `refillAnswers` / `failRefill`), `refill_status` answers
 * `refillStates`. Every refill call is recorded, so a test can count sends.
 */
export class RefillScriptedProvider implements ProviderApi {
  next = 5000;
  nextRefill = 900;
  states = new Map<string, ProviderOrderStatus>();
  refillCalls: string[][] = [];
  refillStatusCalls: string[][] = [];
  refillAnswers = new Map<string, { error: string }>();
  refillStates = new Map<string, { status: string } | { error: string }>();
  failRefill: ProviderError | null = null;
  failRefillStatus: ProviderError | null = null;
  /** While set, `refill` waits for it (two workers racing). */
  gate: Promise<void> | null = null;

  async add(input: { service: string; link: string; quantity: number }) {
    const id = String((this.next += 1));
    this.states.set(id, { status: 'Pending', startCount: null, remains: input.quantity });
    return { providerOrderId: id };
  }
  async statuses(ids: string[]) {
    return new Map(ids.map((id) => [id, this.states.get(id) ?? { error: 'Incorrect order ID' }] as const));
  }
  async status(id: string) {
    return this.states.get(id) ?? { error: 'Incorrect order ID' };
  }
  async cancel(): Promise<Map<string, true | { error: string }>> {
    return new Map();
  }
  async balance() {
    return { balance: '0', currency: 'KRW' };
  }
  async refill(ids: string[]) {
    this.refillCalls.push(ids);
    if (this.gate) await this.gate;
    if (this.failRefill) throw this.failRefill;
    const answers = new Map<string, { refillId: string } | { error: string }>();
    for (const id of ids) {
      const refused = this.refillAnswers.get(id);
      if (refused) {
        answers.set(id, refused);
        continue;
      }
      const refillId = String((this.nextRefill += 1));
      this.refillStates.set(refillId, { status: 'Pending' });
      answers.set(id, { refillId });
    }
    return answers;
  }
  async refillStatuses(ids: string[]) {
    this.refillStatusCalls.push(ids);
    if (this.failRefillStatus) throw this.failRefillStatus;
    return new Map(
      ids.map((id) => [id, this.refillStates.get(id) ?? { error: 'Incorrect refill ID' }] as const),
    );
  }
}

/** The order worker of the app's database and clock, talking to `provider` only. */
export function workerWith(app: FastifyInstance, clock: ManualClock, provider: ProviderApi) {
  return new OrderWorker(app.database.db, { clientFor: () => provider }, app.services.catalog, clock, {
    statusRefreshSeconds: 30,
    maxSubmitAttempts: 3,
    batchSize: 50,
    secondsPerMinute: 60,
  });
}

/** A demo service given a refill window of `refillDays` (0: not refillable). */
export async function refillableService(app: FastifyInstance, refillDays = 30): Promise<CatalogService> {
  const service = await catalogService(app);
  await app.database.db.update(services).set({ refillDays }).where(eq(services.id, service.id));
  await app.services.catalog.changed();
  return { ...service, refillDays };
}

/**
 * A member's order of `service`, sent to `provider` and followed by the worker until it is `final`
 * (Completed by default): the order's finished_at is the clock's time then.
 */
export async function finishedOrder(
  app: FastifyInstance,
  clock: ManualClock,
  provider: RefillScriptedProvider,
  member: Pick<TestMember, 'accountId'>,
  service: CatalogService,
  final: 'Completed' | 'Partial' | 'In progress' = 'Completed',
) {
  const { orderId } = await placeOrder(app, member, {
    serviceId: service.id,
    link: `https://instagram.com/p/refill-${Math.random().toString(36).slice(2)}`,
    amount: service.min,
  });
  await workerWith(app, clock, provider).tick();
  const row = await orderOf(app, orderId);
  provider.states.set(row.providerOrderId!, {
    status: final,
    startCount: 100,
    remains: final === 'Partial' ? 1 : 0,
  });
  clock.advance(31_000);
  await workerWith(app, clock, provider).tick();
  const done = await orderOf(app, orderId);
  if (final !== 'In progress') {
    expect(done.status).toBe(final === 'Completed' ? OrderStatus.COMPLETED : OrderStatus.PARTIAL);
    expect(done.finishedAt).toEqual(clock.now());
  }
  return done;
}

export async function orderOf(app: FastifyInstance, id: number) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function refillOf(app: FastifyInstance, id: number) {
  const [row] = await app.database.db.select().from(orderRefills).where(eq(orderRefills.id, id));
  return row!;
}
