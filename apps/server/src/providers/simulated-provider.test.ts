import { OrderStatus } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, services } from '../db/schema';
import { bearer, createMember, pointOf, tokenFor } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { ProviderError } from './provider-api';
import { SIMULATED_PROVIDER_KEY } from './simulated-provider';
import { SmmApiClient } from './smm-api-client';

const t = useTestApp();
const client = (timeoutMs = 2000, apiKey = SIMULATED_PROVIDER_KEY) =>
  new SmmApiClient({ apiUrl: t.app.services.simulatedProvider.apiUrl, apiKey, timeoutMs });

async function expectProviderError(promise: Promise<unknown>, retryable: boolean) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).retryable).toBe(retryable);
  expect((error as ProviderError).message).not.toContain(SIMULATED_PROVIDER_KEY);
  return error as ProviderError;
}

describe(`SMM API v2 client against the simulated provider (${testDatabaseKind})`, () => {
  it('adds an order and follows it Pending → In progress → final over status polls', async () => {
    const api = client();
    const { providerOrderId } = await api.add({ service: '1', link: 'https://a.com/x', quantity: 300 });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = (await api.statuses([providerOrderId, '999999'])).get(providerOrderId)!;
      expect('status' in answer).toBe(true);
      if ('status' in answer) seen.push(answer.status);
    }
    expect(seen.slice(0, 2)).toEqual(['In progress', 'In progress']);
    expect(['Completed', 'Partial', 'Canceled']).toContain(seen[3]);
    expect((await api.statuses(['999999'])).get('999999')).toEqual({ error: 'Incorrect order ID' });
    expect(await api.balance()).toEqual({ balance: '1000000.00', currency: 'KRW' });
  });

  it('cancels a pending order and refuses to cancel one in progress', async () => {
    const api = client();
    const a = await api.add({ service: '1', link: 'https://a.com/1', quantity: 10 });
    const b = await api.add({ service: '1', link: 'https://a.com/2', quantity: 10 });
    await api.statuses([b.providerOrderId]);
    const result = await api.cancel([a.providerOrderId, b.providerOrderId]);
    expect(result.get(a.providerOrderId)).toBe(true);
    expect(result.get(b.providerOrderId)).toMatchObject({ error: expect.any(String) });
  });

  it.each([
    ['timeout', true],
    ['http500', true],
    ['html', true],
    ['malformed-json', true],
    ['json-error', false],
  ] as const)('turns a %s into a ProviderError (retryable: %s) without the key', async (fault, retryable) => {
    t.app.services.simulatedProvider.setFault(fault);
    try {
      await expectProviderError(
        client(300).add({ service: '1', link: 'https://a.com/x', quantity: 10 }),
        retryable,
      );
    } finally {
      t.app.services.simulatedProvider.setFault(null);
    }
  });

  it('reports a wrong key as a refusal', async () => {
    await expectProviderError(
      client(2000, 'wrong-key').add({ service: '1', link: 'https://a.com/x', quantity: 10 }),
      false,
    );
  });
});

describe('orders fulfilled by the simulated provider through the background loop', () => {
  it('moves a member’s order to a final state and keeps point = Σ ledger', async () => {
    const [service] = await t.app.database.db
      .select()
      .from(services)
      .where(eq(services.visible, true))
      .limit(1);
    const member = await createMember(t.app, { point: 1_000_000 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, member)),
      payload: { serviceId: service!.id, link: 'https://a.com/p', amount: service!.min },
    });
    const { orderId } = response.json() as { orderId: number };
    for (let i = 0; i < 6; i++) {
      await t.app.services.worker.tick();
      t.clock.advance(31_000);
    }
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect([OrderStatus.COMPLETED, OrderStatus.PARTIAL, OrderStatus.CANCELED]).toContain(row!.status);
    expect(row!.providerOrderId).not.toBeNull();
    expect(row!.startCount).toBeGreaterThan(0);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - row!.cost + row!.refunded);
  });

  it('leaves the order and the balance intact while the provider loses its answers, then retries', async () => {
    const [service] = await t.app.database.db
      .select()
      .from(services)
      .where(eq(services.visible, true))
      .limit(1);
    const member = await createMember(t.app, { point: 1_000_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, member)),
      payload: { serviceId: service!.id, link: 'https://a.com/lost', amount: service!.min },
    });
    const { orderId, cost } = placed.json() as { orderId: number; cost: number };
    t.app.services.simulatedProvider.setFault('html');
    await t.app.services.worker.tick();
    t.app.services.simulatedProvider.setFault(null);
    let [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: OrderStatus.PENDING, providerOrderId: null, attempts: 1 });
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000 - cost);
    t.clock.advance(60_000);
    await t.app.services.worker.tick();
    [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.providerOrderId).not.toBeNull();
  });
});
