/**
 * No sale below cost from the service form (docs/ARCHITECTURE.md#catalog-sync, docs/product.md
 * #operator-console): a typed price below its provider's listed rate (converted as the sync converts it)
 * or a failover dearer than the price is a Korean 400 showing cost and price, unless the request
 * confirms the loss, which the audit entry then records.
 */
import type { AdminService } from '@smm/domain/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, exchangeRates, providers, services } from '../../db/schema';
import { SIMULATED_PROVIDER_KEY } from '../../providers/simulated-provider';
import { SIMULATED_PROVIDER_URL } from '../../providers/simulated-provider-url';
import { catalogService } from '../../test/order-factories';
import { createProvider } from '../../test/provider-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { auditRows, operatorClient } from './catalog-test-helpers';

const t = useTestApp();
const db = () => t.app.database.db;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
let listed: number | null = null;

afterEach(async () => {
  if (listed !== null) t.app.services.simulatedProvider.setListing(listed, null);
  listed = null;
  await db().update(providers).set({ currency: null });
  await db().delete(exchangeRates);
});

type Call = Awaited<ReturnType<typeof operatorClient>>['call'];

async function serviceBody(call: Call, id: number) {
  const form = ((await call('GET', '/admin/api/services')).json() as AdminService[]).find(
    (s) => s.id === id,
  )!;
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

/** A demo service whose simulated upstream service now lists `rate` (won per 1,000 in its currency). */
async function serviceListedAt(rate: string) {
  const s = await catalogService(t.app);
  listed = Number(s.providerServiceId);
  t.app.services.simulatedProvider.setListing(listed, { rate });
  const { call, operator } = await operatorClient(t.app);
  return { s, call, operator, body: await serviceBody(call, s.id) };
}

const priceOf = async (id: number) =>
  (await db().select().from(services).where(eq(services.id, id)))[0]!.unitPriceMilli;

describe(`service form price guard on ${testDatabaseKind}`, () => {
  it('refuses a typed price below the upstream cost with a Korean 400 showing both; nothing written', async () => {
    // 1,190 won per 1,000 is ₩1.19 a unit.
    const { s, call, body } = await serviceListedAt('1190');
    const before = await priceOf(s.id);
    const audits = await auditCount();
    const refused = await call('PUT', `/admin/api/services/${s.id}`, { ...body, unitPriceMilli: 1000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'CATALOG_BELOW_COST',
      message:
        "원가 ₩1.19/개가 판매가 ₩1/개보다 높습니다. 손실을 감수하고 저장하려면 '손실 감수하고 저장'을 눌러주세요.",
    });
    expect(await priceOf(s.id)).toBe(before);
    expect(await auditCount()).toBe(audits);

    // At cost exactly is no loss.
    const atCost = await call('PUT', `/admin/api/services/${s.id}`, { ...body, unitPriceMilli: 1190 });
    expect(atCost.statusCode, atCost.body).toBe(200);
    expect(await priceOf(s.id)).toBe(1190);
  });

  it('converts a foreign rate at the operator’s exchange rate, exactly and rounded up', async () => {
    // 0.85 USD per 1,000 at ₩1,400.5 = ₩1.190425 a unit: ₩1.19 is below it, ₩1.191 is not.
    const { s, call, body } = await serviceListedAt('0.85');
    await db().update(providers).set({ currency: 'USD' }).where(eq(providers.id, s.providerId!));
    await db().insert(exchangeRates).values({ currency: 'USD', wonPerUnit: '1400.5' });
    const refused = await call('PUT', `/admin/api/services/${s.id}`, { ...body, unitPriceMilli: 1190 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('원가 ₩1.191/개가 판매가 ₩1.19/개보다 높습니다.');
    const saved = await call('PUT', `/admin/api/services/${s.id}`, { ...body, unitPriceMilli: 1191 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('saves a confirmed loss, and the audit entry records its cost and price', async () => {
    const { s, call, operator, body } = await serviceListedAt('1190');
    const saved = await call('PUT', `/admin/api/services/${s.id}`, {
      ...body,
      unitPriceMilli: 1000,
      lossConfirmed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await priceOf(s.id)).toBe(1000);
    const [entry] = await auditRows(t.app, 'service.update');
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      targetId: String(s.id),
      after: {
        unitPriceMilli: 1000,
        confirmedLoss: [{ kind: 'provider', costMilli: 1190, priceMilli: 1000 }],
      },
    });
    // An edit that leaves the price and mapping as they were is not judged again.
    const renamed = await call('PUT', `/admin/api/services/${s.id}`, {
      ...body,
      unitPriceMilli: 1000,
      text: `${body.text} (손실 감수)`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await auditRows(t.app, 'service.update'))[0]!.after).not.toHaveProperty('confirmedLoss');
  });

  it('refuses a new service priced below its provider’s cost', async () => {
    const { call, body } = await serviceListedAt('1190');
    const created = await call('POST', '/admin/api/services', { ...body, unitPriceMilli: 1189 });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toContain('원가 ₩1.19/개가 판매가 ₩1.189/개보다 높습니다.');
  });

  it('refuses a failover dearer than the price unless its loss is confirmed; the audit records it', async () => {
    // The simulator's service 8 lists 90,000 won per 1,000: ₩90 a unit.
    const { s, call, body } = await serviceListedAt('1000');
    const backup = await createProvider(t.app, {
      apiUrl: SIMULATED_PROVIDER_URL,
      apiKey: SIMULATED_PROVIDER_KEY,
    });
    const failover = { failoverProviderId: backup.id, failoverProviderServiceId: '8' };
    const refused = await call('PUT', `/admin/api/services/${s.id}`, {
      ...body,
      unitPriceMilli: 60_000,
      ...failover,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('대체 공급사 원가 ₩90/개가 판매가 ₩60/개보다 높습니다.');
    expect(
      (await db().select().from(services).where(eq(services.id, s.id)))[0]!.failoverProviderId,
    ).toBeNull();

    const saved = await call('PUT', `/admin/api/services/${s.id}`, {
      ...body,
      unitPriceMilli: 60_000,
      ...failover,
      failoverLossConfirmed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await auditRows(t.app, 'service.update'))[0]!.after).toMatchObject({
      failoverLossConfirmed: true,
      confirmedLoss: [{ kind: 'failover', costMilli: 90_000, priceMilli: 60_000 }],
    });

    // Lowering the price later is judged against the failover's stored cost too.
    const lower = await call('PUT', `/admin/api/services/${s.id}`, {
      ...body,
      unitPriceMilli: 50_000,
      ...failover,
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toContain('대체 공급사 원가 ₩90/개가 판매가 ₩50/개보다 높습니다.');
  });
});
