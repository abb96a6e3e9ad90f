/**
 * Where is this order (docs/product.md#operator-console): the console's order list names the provider
 * that has each order now (after a failover, the failover) and filters by it.
 */
import type { AdminOrdersResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();

describe(`operator order list by provider on ${testDatabaseKind}`, () => {
  it('names each order’s provider and filters by providerId; an unknown id is an empty page, a bad one a 400', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const service = await catalogService(t.app);
    const place = (link: string) =>
      placeOrder(t.app, member, { serviceId: service.id, link, amount: service.min });
    const stays = await place('https://a.com/stays');
    const moved = await place('https://a.com/moved');
    const backup = await createProvider(t.app, { name: '대체 공급사 B' });
    await t.app.database.db.update(orders).set({ providerId: backup.id }).where(eq(orders.id, moved.orderId));
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/admin/api/orders?${query}`,
        headers: bearer(await tokenFor(t.app, operator)),
      });
      return response;
    };
    const all = (await list('')).json() as AdminOrdersResponse;
    const byId = new Map(all.items.map((item) => [item.id, item]));
    expect(byId.get(moved.orderId)).toMatchObject({ providerId: backup.id, providerName: '대체 공급사 B' });
    expect(byId.get(stays.orderId)).toMatchObject({ providerId: service.providerId });
    expect(byId.get(stays.orderId)!.providerName).toEqual(expect.any(String));

    const filtered = (await list(`providerId=${backup.id}`)).json() as AdminOrdersResponse;
    expect(filtered.items.map((item) => item.id)).toEqual([moved.orderId]);
    expect(filtered.total).toBe(1);
    const first = (await list(`providerId=${service.providerId}`)).json() as AdminOrdersResponse;
    expect(first.items.map((item) => item.id)).toContain(stays.orderId);
    expect(first.items.map((item) => item.id)).not.toContain(moved.orderId);
    expect(((await list('providerId=999999')).json() as AdminOrdersResponse).items).toEqual([]);
    expect((await list('providerId=abc')).statusCode).toBe(400);
  });
});
