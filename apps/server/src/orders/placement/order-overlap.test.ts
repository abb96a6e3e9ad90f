import { ORDER_OVERLAP_MESSAGE, ORDER_OVERLAP_V2_ERROR, OrderStatus } from '@smm/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { serviceLinkLockKey } from './placement.repository';
import { balancesAndLedgerSums, createMember, pointOf, type TestMember } from '../../test/factories';
import { catalogService, placeAutoOrder, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

/** docs/product.md#refill-and-cancellation (overlapping orders) and #site-settings ALLOW_OVERLAPPING_ORDERS. */
const t = useTestApp();

let links = 0;
const nextLink = () => `https://instagram.com/p/overlap-${(links += 1)}`;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );
const overlap = { code: 'ORDER_OVERLAP', message: ORDER_OVERLAP_MESSAGE };

describe(`overlapping orders on ${testDatabaseKind}`, () => {
  it("refuses a second open order of one service for one link, whoever's, and writes nothing", async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 100_000 });
    const other = await catalogService(t.app, { skip: 1 });
    const first = await createMember(t.app, { point: 100_000 });
    const second = await createMember(t.app, { point: 100_000 });
    const link = nextLink();
    await placeOrder(t.app, first, { serviceId: service.id, link, amount: 100 });

    // Another member, the same member, the link with spaces around it (stored trimmed): all refused.
    expect(await refusal(placeOrder(t.app, second, { serviceId: service.id, link, amount: 100 }))).toEqual(
      overlap,
    );
    expect(await refusal(placeOrder(t.app, first, { serviceId: service.id, link, amount: 100 }))).toEqual(
      overlap,
    );
    expect(
      await refusal(placeOrder(t.app, second, { serviceId: service.id, link: `  ${link} `, amount: 100 })),
    ).toEqual(overlap);
    expect(await pointOf(t.app, second.accountId)).toBe(100_000);
    // Another link (another post: a page under this post's path, /p/<id>/…, is still this post), or
    // another service for the same link, is not an overlap.
    await placeOrder(t.app, second, { serviceId: service.id, link: `${link}-other`, amount: 100 });
    await placeOrder(t.app, second, { serviceId: other.id, link, amount: other.min });
  });

  it('one post written another way is the same link (stored as typed); a genuinely different post is not', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 100_000 });
    const first = await createMember(t.app, { point: 1_000_000 });
    const second = await createMember(t.app, { point: 1_000_000 });
    const id = `KeY${(links += 1)}_x`;
    const typed = `https://www.instagram.com/p/${id}/`;
    const { orderId } = await placeOrder(t.app, first, { serviceId: service.id, link: typed, amount: 100 });
    for (const link of [
      `https://www.instagram.com/p/${id}`,
      `https://www.instagram.com/p/${id}/?igshid=MzRlODBiNWFlZA==`,
      `https://www.instagram.com/p/${id}/?utm_source=ig_web_copy_link`,
      `http://www.instagram.com/p/${id}/`,
      `https://instagram.com/p/${id}/`,
      `https://WWW.INSTAGRAM.COM/p/${id}/`,
      `https://www.instagram.com/reel/${id}/`,
    ]) {
      expect(
        await refusal(placeOrder(t.app, second, { serviceId: service.id, link, amount: 100 })),
        link,
      ).toEqual(overlap);
    }
    expect(await pointOf(t.app, second.accountId)).toBe(1_000_000);
    // Two processes racing with two writings take one (service, link) lock, so they see each other.
    expect(serviceLinkLockKey(service.id, `http://instagram.com/reel/${id}?igsh=1`)).toBe(
      serviceLinkLockKey(service.id, typed),
    );
    expect(serviceLinkLockKey(service.id, typed.toLowerCase())).not.toBe(
      serviceLinkLockKey(service.id, typed),
    );
    // Stored as the member typed it; the key beside it.
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ link: typed, linkKey: `instagram.com/p/${id}` });
    // Shortcodes are case-sensitive: another case is another post, never refused.
    await placeOrder(t.app, second, { serviceId: service.id, link: typed.toLowerCase(), amount: 100 });

    // A YouTube video, whichever of its links: the single-order path with an Idempotency-Key too.
    const video = `vId${links}xYz_1`;
    await placeOrder(t.app, first, {
      serviceId: service.id,
      link: `https://youtu.be/${video}?si=s1`,
      amount: 100,
    });
    for (const [n, link] of [
      `https://www.youtube.com/watch?v=${video}&feature=share`,
      `https://m.youtube.com/shorts/${video}`,
    ].entries()) {
      expect(
        await refusal(
          placeOrder(t.app, second, { serviceId: service.id, link, amount: 100 }, `yt-${video}-${n}`),
        ),
      ).toEqual(overlap);
    }
    expect(
      await refusal(
        placeAutoOrder(t.app, second, {
          serviceId: service.id,
          link: `https://youtube.com/watch?v=${video}`,
          amount: 100,
          runs: 2,
          interval: 60,
        }),
      ),
    ).toEqual(overlap);
    for (const account of await balancesAndLedgerSums(t.app)) expect(account.point).toBe(account.ledger);
  });

  it('allows the next order once the open one has ended', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 100_000 });
    const member = await createMember(t.app, { point: 100_000 });
    const link = nextLink();
    const { orderId } = await placeOrder(t.app, member, { serviceId: service.id, link, amount: 100 });
    await t.app.database.db
      .update(orders)
      .set({ status: OrderStatus.COMPLETED })
      .where(eq(orders.id, orderId));
    await placeOrder(t.app, member, { serviceId: service.id, link, amount: 100 });
  });

  it('an auto-order is refused like an order, and its own later runs are never refused', async () => {
    const service = await catalogService(t.app, { enableAuto: true, unitPriceMilli: 100_000 });
    const member = await createMember(t.app, { point: 1_000_000 });
    const link = nextLink();
    const { orderId: autoId } = await placeAutoOrder(t.app, member, {
      serviceId: service.id,
      link,
      amount: 100,
      runs: 3,
      interval: 60,
    });
    await t.app.services.worker.tick(); // run 1
    expect(
      await refusal(
        placeAutoOrder(t.app, member, { serviceId: service.id, link, amount: 100, runs: 2, interval: 60 }),
      ),
    ).toEqual(overlap);
    t.clock.advance(3_601_000); // interval 60 minutes
    await t.app.services.worker.tick(); // run 2, while run 1 may still be open
    t.clock.advance(3_601_000); // interval 60 minutes
    await t.app.services.worker.tick(); // run 3
    const runs = await t.app.database.db.select().from(orders).where(eq(orders.autoOrderId, autoId));
    expect(runs).toHaveLength(3);
  });

  it('with ALLOW_OVERLAPPING_ORDERS on, a second open order for the link is placed', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 100_000 });
    const member = await createMember(t.app, { point: 100_000 });
    const link = nextLink();
    await t.app.services.settings.set('ALLOW_OVERLAPPING_ORDERS', 'true');
    try {
      await placeOrder(t.app, member, { serviceId: service.id, link, amount: 100 });
      await placeOrder(t.app, member, { serviceId: service.id, link, amount: 100 });
    } finally {
      await t.app.services.settings.set('ALLOW_OVERLAPPING_ORDERS', 'false');
    }
    const open = await t.app.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.serviceId, service.id), eq(orders.link, link)));
    expect(open).toHaveLength(2);
  });

  it('racing requests for one link (with and without Idempotency-Keys) place exactly one order', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 100_000 });
    const members: TestMember[] = [];
    for (let i = 0; i < 6; i += 1) members.push(await createMember(t.app, { point: 1_000_000 }));
    for (let round = 0; round < 5; round += 1) {
      const link = nextLink();
      const results = await Promise.all(
        members.map((member, i) =>
          refusal(
            placeOrder(
              t.app,
              member,
              { serviceId: service.id, link, amount: 100 },
              i % 2 ? `key-${round}-${i}` : undefined,
            ),
          ),
        ),
      );
      expect(results.filter((r) => r === undefined)).toHaveLength(1);
      expect(results.filter((r) => r !== undefined)).toEqual(Array(5).fill(overlap));
      const placed = await t.app.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.serviceId, service.id), eq(orders.link, link)));
      expect(placed).toHaveLength(1);
    }
    for (const account of await balancesAndLedgerSums(t.app)) expect(account.point).toBe(account.ledger);
  });

  it("the public API refuses it too: REST 409 ORDER_OVERLAP, v2 `add` in the trade's words", async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 100_000 });
    const member = await createMember(t.app, { point: 100_000, apiKey: true });
    const link = nextLink();
    await placeOrder(t.app, member, { serviceId: service.id, link, amount: 100 });
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'api-key': member.apiKey! },
      payload: { serviceId: service.id, link, amount: 100 },
    });
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toMatchObject(overlap);
    const v2 = await t.app.inject({
      method: 'POST',
      url: '/api/v2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        key: member.apiKey!,
        action: 'add',
        service: String(service.id),
        link,
        quantity: '100',
      }).toString(),
    });
    expect(v2.json()).toEqual({ error: ORDER_OVERLAP_V2_ERROR });
    expect(await pointOf(t.app, member.accountId)).toBe(90_000);
  });
});
