import { LedgerReason, OrderStatus } from '@smm/domain';
import type { AdminOrdersResponse, OrderHistoryResponse } from '@smm/domain/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../invariants/invariant-checks';
import { orders, pointLedger, services } from '../../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

/**
 * A refusal's reason: an order its provider refuses is cancelled and refunded with its reason kept (the worker
 * used to clear it with last_error), shown to the operator as the provider said it and to the member
 * in Korean — translated where known, quoted otherwise — never with the provider's name or key.
 */
const t = useTestApp();
const START = 100_000;
const PROVIDER_NAME = 'MegaPanel';
const PROVIDER_KEY = 'mp-key-0123456789abcdef';

let fake: Server;
/** The `{ error }` the fake provider answers every `add` with (HTTP 200, the trade's way), or an HTTP status. */
let refusal: { error: string } | { status: number } = { error: 'Incorrect link' };
let providerId = 0;
beforeEach(async () => {
  fake = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if ('status' in refusal) return res.writeHead(refusal.status).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refusal));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/api/v2`;
  providerId = (await createProvider(t.app, { name: PROVIDER_NAME, apiUrl, apiKey: PROVIDER_KEY })).id;
});
afterEach(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

async function refusedOrder(link: string): Promise<{ member: TestMember; orderId: number; cost: number }> {
  const service = await catalogService(t.app);
  await t.app.database.db.update(services).set({ providerId }).where(eq(services.id, service.id));
  await t.app.services.catalog.changed();
  const member = await createMember(t.app, { point: START });
  const placed = await placeOrder(t.app, member, { serviceId: service.id, link, amount: service.min });
  return { member, orderId: placed.orderId, cost: placed.cost };
}

async function consoleRow(orderId: number) {
  const operator = await createMember(t.app, { role: 'admin' });
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/orders',
    headers: bearer(await tokenFor(t.app, operator)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrdersResponse>().items.find((o) => o.id === orderId)!;
}

async function historyRow(member: TestMember, orderId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/service/order-history',
    headers: bearer(await tokenFor(t.app, member)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    row: response.json<OrderHistoryResponse>().items.find((o) => o.id === orderId)!,
    body: response.body,
  };
}

async function refundedInFull(member: TestMember, orderId: number, cost: number) {
  const [order] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order).toMatchObject({ status: OrderStatus.CANCELED, refunded: cost, lastError: null });
  expect(await pointOf(t.app, member.accountId)).toBe(START);
  const refunds = await t.app.database.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.reason, LedgerReason.REFUND), eq(pointLedger.reference, `order:${orderId}`)));
  expect(refunds.map((r) => r.delta)).toEqual([cost]);
  expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
  return order!;
}

describe(`a refused order keeps its reason on ${testDatabaseKind}`, () => {
  it('known words: cancelled and refunded; the operator reads them, the member reads them in Korean', async () => {
    refusal = { error: 'Incorrect link' };
    const { member, orderId, cost } = await refusedOrder('https://refused.test/known');
    const report = await t.app.services.worker.tick();
    expect(report).toMatchObject({ refunds: 1 });
    const order = await refundedInFull(member, orderId, cost);
    expect(order.cancelReason).toBe('공급사 거절: Incorrect link');

    const row = await consoleRow(orderId);
    expect(row).toMatchObject({ status: OrderStatus.CANCELED, cancelReason: order.cancelReason });

    const { row: seen, body } = await historyRow(member, orderId);
    expect(seen.cancelReason).toBe(
      '공급사가 주문을 받지 않았습니다: 링크가 올바르지 않습니다. 링크를 확인한 뒤 다시 주문해 주세요.',
    );
    expect(body).not.toContain(PROVIDER_NAME);
    expect(body).not.toContain('Incorrect link');
  });

  it("unknown words are quoted to the member without the provider's name or key", async () => {
    refusal = { error: `${PROVIDER_NAME} moderation\u202E: rejected for key ${PROVIDER_KEY}` };
    const { member, orderId, cost } = await refusedOrder('https://refused.test/unknown');
    await t.app.services.worker.tick();
    const order = await refundedInFull(member, orderId, cost);
    // The client masked the key; the stored line has no direction override either.
    expect(order.cancelReason).toBe(`공급사 거절: ${PROVIDER_NAME} moderation: rejected for key ***`);
    const { row, body } = await historyRow(member, orderId);
    expect(row.cancelReason).toBe(
      '공급사가 주문을 받지 않았습니다: "공급사 moderation: rejected for key ***"',
    );
    expect(body).not.toContain(PROVIDER_NAME);
    expect(body).not.toContain(PROVIDER_KEY);
  });

  it('an order whose sends kept failing is cancelled with that reason, not a provider quote', async () => {
    const { member, orderId, cost } = await refusedOrder('https://refused.test/failing');
    // Connection refused: surely never sent, so retried, then refunded (an HTTP 500 may follow work done
    // and is held instead: provider-faults.test.ts). testConfig: 3 attempts, backed off 30 s, 60 s …
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
    for (let i = 0; i < 3; i += 1) {
      await t.app.services.worker.tick();
      t.clock.advance(31 * 60 * 1000);
    }
    const order = await refundedInFull(member, orderId, cost);
    expect(order.cancelReason).toBe('전송 실패 (3회): add: connection failed');
    expect((await consoleRow(orderId)).cancelReason).toBe('전송 실패 (3회): add: connection failed');
    expect((await historyRow(member, orderId)).row.cancelReason).toBe(
      '공급사에 주문을 전달하지 못해 취소하고 전액 환불했습니다.',
    );
  });

  it('an order not cancelled by the worker has no reason', async () => {
    refusal = { error: 'Incorrect link' };
    const service = await catalogService(t.app);
    const member = await createMember(t.app, { point: START });
    const placed = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://x.test/a',
      amount: service.min,
    });
    expect((await historyRow(member, placed.orderId)).row.cancelReason).toBeNull();
    expect((await consoleRow(placed.orderId)).cancelReason).toBeNull();
  });
});
