/**
 * The watch's stalled orders and provider trouble (docs/ARCHITECTURE.md#the-watch): "stalled" is no
 * progress (status and remains unchanged) for the threshold's hours, named with its provider, status and
 * remains; a provider's trouble shows since when its current run of failed calls began.
 */
import { ORDER_STATUS_LABELS, OrderStatus, WATCH_DEFAULTS } from '@smm/domain';
import type { AdminWatchResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, providerCallErrors, providerCallStats, providers } from '../../db/schema';
import { ProviderError, type ProviderApi } from '../../providers/provider-api';
import { bearer, createMember, tokenFor } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { RefillScriptedProvider, orderOf, workerWith } from '../../test/refill-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { WatchService } from './watch.service';

const t = useTestApp();
const MIN = 60_000;
const HOUR = 60 * MIN;
const db = () => t.app.database.db;

describe(`the watch: stalled means no progress, on ${testDatabaseKind}`, () => {
  it('an old order whose remains keep changing is not stalled; one whose answers stay the same is, named with its provider, status and remains', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000_000 });
    const service = await catalogService(t.app);
    const { orderId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: 'https://instagram.com/p/progress',
      amount: service.min,
    });
    await db().update(orders).set({ createdAt: t.clock.now() }).where(eq(orders.id, orderId));
    const stalled = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/admin/api/watch',
        headers: bearer(await tokenFor(t.app, operator)),
      });
      return (response.json() as AdminWatchResponse).groups.find((g) => g.kind === 'ORDER_STALLED')!.items;
    };
    const provider = new RefillScriptedProvider();
    const worker = () => workerWith(t.app, t.clock, provider).tick();
    await worker();
    const { providerOrderId, providerId } = await orderOf(t.app, orderId);
    const [row] = await db().select().from(providers).where(eq(providers.id, providerId!));
    const name = row!.name;

    // Progress just before the threshold: the clock starts again, however old the order is.
    t.clock.advance(WATCH_DEFAULTS.stalledHours * HOUR - MIN);
    provider.states.set(providerOrderId!, { status: 'In progress', startCount: 10, remains: 7 });
    await worker();
    const progressedAt = t.clock.now();
    t.clock.advance(WATCH_DEFAULTS.stalledHours * HOUR - MIN);
    await worker(); // the same answer again is no progress
    expect(await stalled()).toEqual([]);

    t.clock.advance(MIN);
    await worker();
    const [entry] = await stalled();
    expect(entry).toMatchObject({
      id: orderId,
      since: progressedAt.toISOString(),
      detail: expect.stringContaining(
        `${name} · ${ORDER_STATUS_LABELS[OrderStatus.INPROGRESS]} · 남은 수량 7`,
      ),
    });
  });

  it("a provider's trouble shows since its first failed call after its last good one", async () => {
    const down = await createProvider(t.app, { name: '멈춘 공급사', apiUrl: 'http://down.test' });
    const clients = {
      clientFor(): ProviderApi {
        const balance = () => Promise.reject(new ProviderError('balance: connection failed', true));
        return { balance } as unknown as ProviderApi;
      },
    };
    const watch = new WatchService(db(), t.clock, clients, { balanceTimeoutMs: 1000, balanceCacheMs: 0 });
    const sinceOf = async () =>
      (await watch.watch()).groups
        .find((g) => g.kind === 'PROVIDER_TROUBLE')!
        .items.find((i) => i.id === down.id)!.since;
    const at = (minutesAgo: number) => new Date(t.clock.now().getTime() - minutesAgo * MIN);
    // An earlier failure, then a good call, then the current run of failures.
    await db()
      .insert(providerCallErrors)
      .values([
        { providerId: down.id, action: 'status', message: 'old', createdAt: at(120) },
        { providerId: down.id, action: 'status', message: 'first', createdAt: at(40) },
        { providerId: down.id, action: 'status', message: 'again', createdAt: at(10) },
      ]);
    const minute = new Date(Math.floor(at(60).getTime() / MIN) * MIN);
    await db()
      .insert(providerCallStats)
      .values({ providerId: down.id, bucket: minute, action: 'status', calls: 2, failures: 1 });
    expect(await sinceOf()).toBe(at(40).toISOString());
  });
});
