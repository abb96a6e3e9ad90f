import {
  EXAMPLE_COMMENTS,
  ERROR_CATALOG,
  ORDER_CANCEL_MESSAGES,
  ORDER_MESSAGES,
  OrderStatus,
  REFILL_MESSAGES,
  REST_ERROR_EXAMPLES,
  REST_EXAMPLES,
  V2_ERROR_EXAMPLE,
  V2_EXAMPLES,
} from '@smm/domain';
import {
  publicCancelResponse,
  publicOrderRequest,
  publicOrderResponse,
  publicRefillResponse,
  publicServicesResponse,
  publicStatusResponse,
  v2Response,
} from '@smm/domain/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRefills, orders } from '../db/schema';
import { createMember } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();

const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shape)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : typeof value;

/**
 * The /api page shows packages/domain's examples: they must be what this server really answers, for
 * the demo catalog a fresh install has.
 */
describe(`the /api page's examples on ${testDatabaseKind}`, () => {
  it('parse with the contract schemas', () => {
    publicServicesResponse.parse(REST_EXAMPLES.services);
    publicOrderRequest.parse(REST_EXAMPLES.orderRequest);
    publicOrderResponse.parse(REST_EXAMPLES.orderResponse);
    publicStatusResponse.parse(REST_EXAMPLES.statusResponse);
    publicRefillResponse.parse(REST_EXAMPLES.refillResponse);
    publicRefillResponse.parse(REST_EXAMPLES.refillStatusResponse);
    publicCancelResponse.parse(REST_EXAMPLES.cancelResponse);
    for (const example of Object.values(V2_EXAMPLES)) v2Response.parse(example.response);
    v2Response.parse(V2_ERROR_EXAMPLE);
    for (const error of Object.values(REST_ERROR_EXAMPLES)) {
      // A refused order carries the rule's own message; every other error the catalog's.
      const messages: string[] =
        error.code === 'ORDER_INVALID'
          ? Object.values(ORDER_MESSAGES)
          : error.code === 'REFILL_REFUSED'
            ? Object.values(REFILL_MESSAGES).filter((m) => typeof m === 'string')
            : error.code === 'ORDER_CANCEL_REFUSED'
              ? Object.values(ORDER_CANCEL_MESSAGES).filter((m) => typeof m === 'string')
              : [ERROR_CATALOG[error.code].message];
      expect(messages).toContain(error.message);
    }
  });

  it('match the real answers: the same services, and orders answered in the same shapes', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const headers = { 'api-key': member.apiKey! };
    const services = (
      await t.app.inject({ method: 'GET', url: '/api/services', headers })
    ).json() as unknown[];
    for (const example of REST_EXAMPLES.services) expect(services).toContainEqual(example);

    const v2 = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2', payload: { key: member.apiKey!, ...body } });
    const v2Services = (await v2(V2_EXAMPLES.services.params)).json() as unknown[];
    for (const example of V2_EXAMPLES.services.response) expect(v2Services).toContainEqual(example);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers,
      payload: REST_EXAMPLES.orderRequest,
    });
    expect(shape(placed.json())).toEqual(shape(REST_EXAMPLES.orderResponse));
    const wId = (placed.json() as { wId: number }).wId;
    const status = await t.app.inject({ method: 'GET', url: `/api/status/${wId}`, headers });
    expect(shape(status.json())).toEqual(shape(REST_EXAMPLES.statusResponse));

    // Cancelled before it reached its provider: the whole charge back, in the example's words.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/cancel/${wId}`, headers });
    expect(cancelled.json()).toEqual({ ...REST_EXAMPLES.cancelResponse, wId });

    const added = (await v2(V2_EXAMPLES.add.params)).json() as { order: number };
    expect(shape(added)).toEqual(shape(V2_EXAMPLES.add.response));
    const one = (await v2({ action: 'status', order: String(added.order) })).json() as Record<string, string>;
    expect(shape(one)).toEqual(shape(V2_EXAMPLES.status.response));
    // The example's charge is what that order really costs.
    expect(one.charge).toBe(V2_EXAMPLES.status.response.charge);
    expect(shape((await v2(V2_EXAMPLES.balance.params)).json())).toEqual(shape(V2_EXAMPLES.balance.response));

    // The Custom Comments and Package examples place real orders of the demo's services of those types.
    const comments = (await v2(V2_EXAMPLES.addComments.params)).json() as { order: number };
    expect(shape(comments)).toEqual(shape(V2_EXAMPLES.addComments.response));
    const pack = (await v2(V2_EXAMPLES.addPackage.params)).json() as { order: number };
    expect(shape(pack)).toEqual(shape(V2_EXAMPLES.addPackage.response));
    const rows = await t.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [comments.order, pack.order]))
      .orderBy(orders.id);
    expect(rows.map((row) => [row.serviceType, row.amount, row.comments])).toEqual([
      ['custom_comments', EXAMPLE_COMMENTS.length, EXAMPLE_COMMENTS.join('\n')],
      ['package', 100, null],
    ]);
  });

  it('match the real answers of refill, refill status and cancel', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const headers = { 'api-key': member.apiKey! };
    const v2 = async (body: Record<string, string>) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/v2', payload: { key: member.apiKey!, ...body } })
      ).json();
    const add = async (link: string) =>
      ((await v2({ ...V2_EXAMPLES.add.params, link })) as { order: number }).order;

    // Two orders of the demo's first service finished by the (simulated) provider, one still open.
    const done = [
      await add('https://www.instagram.com/p/one/'),
      await add('https://www.instagram.com/p/two/'),
    ];
    for (let round = 0; round < 10; round += 1) {
      await t.app.services.worker.tick();
      t.clock.advance(31_000);
    }
    for (const id of done) {
      const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, id));
      expect([OrderStatus.COMPLETED, OrderStatus.PARTIAL]).toContain(row?.status);
    }
    const open = await add('https://www.instagram.com/p/three/');

    const asked = (await t.app.inject({ method: 'POST', url: `/api/refill/${done[0]}`, headers })).json() as {
      refill: number;
    };
    expect(asked).toEqual({ ...REST_EXAMPLES.refillResponse, refill: asked.refill, wId: done[0] });
    await t.app.database.db.update(orderRefills).set({ status: 2 }).where(eq(orderRefills.id, asked.refill));
    const followed = await t.app.inject({ method: 'GET', url: `/api/refill/${asked.refill}`, headers });
    expect(followed.json()).toEqual({
      ...REST_EXAMPLES.refillStatusResponse,
      refill: asked.refill,
      wId: done[0],
    });
    const refused = await t.app.inject({ method: 'POST', url: `/api/refill/${open}`, headers });
    expect(refused.json()).toEqual(REST_ERROR_EXAMPLES.refillRefused);

    const multi = (await v2({ action: 'refill', orders: [done[1], open].join(',') })) as unknown[];
    expect(multi).toEqual([
      { order: done[1], refill: expect.any(Number) },
      { order: open, refill: V2_EXAMPLES.multiRefill.response[1]!.refill },
    ]);
    const second = (multi[0] as { refill: number }).refill;
    expect(await v2({ action: 'refill_status', refill: String(asked.refill) })).toEqual(
      V2_EXAMPLES.refillStatus.response,
    );
    expect(await v2({ action: 'refill_status', refills: [asked.refill, second, 99999].join(',') })).toEqual([
      { ...V2_EXAMPLES.multiRefillStatus.response[0], refill: asked.refill },
      { refill: second, status: 'Pending' },
      V2_EXAMPLES.multiRefillStatus.response[2],
    ]);
    // v2 `refill` of one order: the refill's id as a string, as in the example (a day after the last
    // request, the refills done).
    await t.app.database.db.update(orderRefills).set({ status: 2 });
    t.clock.advance(25 * 60 * 60 * 1000);
    expect(shape(await v2({ action: 'refill', order: String(done[0]) }))).toEqual(
      shape(V2_EXAMPLES.refill.response),
    );

    // The REST cancel refused, in the example's words.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/cancel/${done[0]}`, headers });
    expect(cancelled.json()).toEqual(REST_ERROR_EXAMPLES.cancelRefused);
  });
});
