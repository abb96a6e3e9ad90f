import { CATALOG_MESSAGES as M, DEFAULT_REFILL_DAYS, providerRateToUnitPriceMilli } from '@smm/domain';
import type {
  AdminCategory,
  AdminProvider,
  AdminService,
  ProviderImportResponse,
  ProviderMutationResponse,
  ProviderServicesResponse,
} from '@smm/domain/contract';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, providers, services } from '../../db/schema';
import { SIMULATED_BALANCE, SIMULATED_SERVICES } from '../../providers/simulated-provider';
import { createProvider } from '../../test/provider-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { auditRows, memberCatalog, operatorClient } from './catalog-test-helpers';

const t = useTestApp();
afterEach(() => t.app.services.simulatedProvider.setFault(null));

const SECRET = 'sk-live-5f1e2d3c4b5a69788796a5b4';
const auditCount = async () => (await t.app.database.db.select({ n: count() }).from(auditLog))[0]!.n;

async function demoProvider(call: Awaited<ReturnType<typeof operatorClient>>['call']) {
  const list = (await call('GET', '/admin/api/providers')).json() as AdminProvider[];
  return list[0]!;
}

/** The built-in simulator under a long key, so "the key never leaves" can be tested on its text. */
const simulatedWithSecret = () =>
  createProvider(t.app, { name: '시뮬레이터 (비밀 키)', apiUrl: 'builtin:simulated', apiKey: SECRET });

describe(`operator providers on ${testDatabaseKind}`, () => {
  it('lists providers with the key masked and the number of services they fulfil', async () => {
    const { call } = await operatorClient(t.app);
    expect((await call('GET', '/admin/api/providers')).json()).toEqual([
      {
        id: expect.any(Number),
        name: '시뮬레이션 공급사 (데모)',
        apiUrl: 'builtin:simulated',
        maskedKey: '••••',
        enabled: true,
        sendingPaused: false,
        maxConcurrency: null,
        serviceCount: 15,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('creates and edits a provider; the key never comes back whole (answers, list, audit log)', async () => {
    const { call, operator } = await operatorClient(t.app);
    const created = await call('POST', '/admin/api/providers', {
      name: '해외 공급사',
      apiUrl: 'https://panel.example/api/v2',
      apiKey: SECRET,
    });
    expect(created.statusCode).toBe(200);
    const { provider } = created.json() as ProviderMutationResponse;
    expect(provider).toMatchObject({
      name: '해외 공급사',
      maskedKey: 'sk-l…a5b4',
      enabled: true,
      serviceCount: 0,
    });
    const [stored] = await t.app.database.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(stored!.apiKey).toBe(SECRET);

    // Blank key at the same URL: the name changes, the key stays.
    const edited = await call('PUT', `/admin/api/providers/${provider.id}`, {
      name: '해외 공급사 B',
      apiUrl: 'https://panel.example/api/v2',
      apiKey: '',
    });
    expect((edited.json() as ProviderMutationResponse).provider).toMatchObject({
      name: '해외 공급사 B',
      maskedKey: 'sk-l…a5b4',
    });
    const [kept] = await t.app.database.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(kept!.apiKey).toBe(SECRET);
    const same = { name: '해외 공급사 B', apiUrl: 'https://panel.example/api/v2', apiKey: '' };
    expect((await call('PUT', `/admin/api/providers/${provider.id}`, same)).json()).toMatchObject({
      changed: false,
    });
    expect(
      (await call('PUT', `/admin/api/providers/${provider.id}`, { ...same, apiKey: SECRET })).json(),
    ).toMatchObject({ changed: false });

    const NEW_KEY = 'new-key-0000-1111-2222-3333';
    const rekeyed = (
      await call('PUT', `/admin/api/providers/${provider.id}`, { ...same, apiKey: NEW_KEY })
    ).json() as ProviderMutationResponse;
    expect(rekeyed).toMatchObject({ changed: true, provider: { maskedKey: 'new-…3333' } });

    const answers = [created, edited, await call('GET', '/admin/api/providers')]
      .map((r) => r.body)
      .join('\n');
    const audit = JSON.stringify(await t.app.database.db.select().from(auditLog));
    for (const text of [answers, audit, JSON.stringify(rekeyed)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(NEW_KEY);
    }
    const [update] = await auditRows(t.app, 'provider.update');
    expect(update).toMatchObject({
      operatorId: operator.accountId,
      targetType: 'provider',
      after: { maskedKey: 'new-…3333', keyChanged: true },
    });
    expect(await auditRows(t.app, 'provider.update')).toHaveLength(2);
    expect(await auditRows(t.app, 'provider.create')).toHaveLength(1);
  });

  it('wants the key again for a new URL: a blank key is a Korean 400 and nothing changes', async () => {
    const { call } = await operatorClient(t.app);
    const { provider } = (
      await call('POST', '/admin/api/providers', {
        name: '해외 공급사',
        apiUrl: 'https://panel.example/api/v2',
        apiKey: SECRET,
      })
    ).json() as ProviderMutationResponse;
    const stored = async () =>
      (await t.app.database.db.select().from(providers).where(eq(providers.id, provider.id)))[0]!;
    const before = await stored();
    const audits = await auditCount();
    for (const apiUrl of [
      'https://collector.example/api/v2',
      'http://panel.example/api/v2',
      'https://panel.example/api/v2/',
      'builtin:simulated',
    ]) {
      const response = await call('PUT', `/admin/api/providers/${provider.id}`, {
        name: '해외 공급사 B',
        apiUrl,
        apiKey: '',
      });
      expect(response.statusCode, apiUrl).toBe(400);
      expect(response.json()).toEqual({
        message: M.PROVIDER_KEY_REQUIRED_FOR_NEW_URL,
        code: 'CATALOG_INVALID',
      });
    }
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(audits);

    // With a key, the provider moves, and the old key goes nowhere.
    const NEW_KEY = 'collector-key-0000-1111-2222';
    const moved = await call('PUT', `/admin/api/providers/${provider.id}`, {
      name: '해외 공급사',
      apiUrl: 'https://panel-b.example/api/v2',
      apiKey: NEW_KEY,
    });
    expect(moved.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ apiUrl: 'https://panel-b.example/api/v2', apiKey: NEW_KEY });
  });

  it('refuses bad provider input with a Korean 400', async () => {
    const { call } = await operatorClient(t.app);
    const good = { name: '공급사', apiUrl: 'https://p.example/api/v2', apiKey: 'k'.repeat(20) };
    const cases: [object, string | null][] = [
      [{ name: '' }, M.PROVIDER_NAME_REQUIRED],
      [{ apiUrl: 'ftp://p.example' }, M.PROVIDER_URL_INVALID],
      [{ apiUrl: 'javascript:alert(1)' }, M.PROVIDER_URL_INVALID],
      [{ apiUrl: '' }, M.PROVIDER_URL_INVALID],
      [{ apiKey: '' }, M.PROVIDER_KEY_REQUIRED],
      [{ apiKey: 'has space' }, M.PROVIDER_KEY_INVALID],
      [{ apiKey: 'key\u0000' }, null],
      [{ name: 'x'.repeat(300) }, null],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/admin/api/providers', { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      if (message) expect(response.json()).toEqual({ message, code: 'CATALOG_INVALID' });
    }
    expect((await t.app.database.db.select({ n: count() }).from(providers))[0]!.n).toBe(1);
  });

  it('keeps 동시 호출 수 (1 to 64, blank: the default): saved, read back, kept by an edit without it, refused in Korean', async () => {
    const { call } = await operatorClient(t.app);
    const good = { name: '빠른 공급사', apiUrl: 'https://fast.example/api/v2', apiKey: 'k'.repeat(20) };
    const created = await call('POST', '/admin/api/providers', { ...good, maxConcurrency: 32 });
    expect(created.statusCode).toBe(200);
    const { provider } = created.json() as ProviderMutationResponse;
    expect(provider.maxConcurrency).toBe(32);
    const stored = async () =>
      (await t.app.database.db.select().from(providers).where(eq(providers.id, provider.id)))[0]!;
    expect((await stored()).maxConcurrency).toBe(32);
    const listed = (await call('GET', '/admin/api/providers')).json() as AdminProvider[];
    expect(listed.find((p) => p.id === provider.id)?.maxConcurrency).toBe(32);

    const edit = (body: object) =>
      call('PUT', `/admin/api/providers/${provider.id}`, { ...good, apiKey: '', ...body });
    expect((await edit({ maxConcurrency: 64 })).json()).toMatchObject({
      changed: true,
      provider: { maxConcurrency: 64 },
    });
    // An edit that does not send it (an older console) leaves it as it was.
    expect((await edit({})).json()).toMatchObject({ changed: false, provider: { maxConcurrency: 64 } });
    expect((await edit({ maxConcurrency: null })).json()).toMatchObject({
      changed: true,
      provider: { maxConcurrency: null },
    });
    expect((await stored()).maxConcurrency).toBeNull();
    const [audit] = await auditRows(t.app, 'provider.update');
    expect(audit).toMatchObject({ before: { maxConcurrency: 64 }, after: { maxConcurrency: null } });

    const audits = await auditCount();
    for (const [maxConcurrency, message] of [
      [0, M.PROVIDER_CONCURRENCY_INVALID],
      [65, M.PROVIDER_CONCURRENCY_INVALID],
      [1.5, M.PROVIDER_CONCURRENCY_INVALID],
      [-4, M.PROVIDER_CONCURRENCY_INVALID],
      // Not a number at all: the contract refuses it, in Korean too (as every number field's).
      ['abc', '입력 양식을 맞춰주세요.'],
    ] as const) {
      for (const response of [
        await call('POST', '/admin/api/providers', { ...good, maxConcurrency }),
        await edit({ maxConcurrency }),
      ]) {
        expect(response.statusCode, String(maxConcurrency)).toBe(400);
        expect((response.json() as { message: string }).message).toBe(message);
      }
    }
    expect((await stored()).maxConcurrency).toBeNull();
    expect(await auditCount()).toBe(audits);
  });

  it('disables and enables a provider: its services cannot be ordered while off; repeats change nothing', async () => {
    const { call } = await operatorClient(t.app);
    const provider = await demoProvider(call);
    const service = (await memberCatalog(t.app)).services[0]!;
    expect((await t.app.services.catalog.orderableService(service.id))?.providerEnabled).toBe(true);
    const off = (
      await call('POST', `/admin/api/providers/${provider.id}/disable`)
    ).json() as ProviderMutationResponse;
    expect(off).toMatchObject({ changed: true, provider: { enabled: false } });
    expect((await t.app.services.catalog.orderableService(service.id))?.providerEnabled).toBe(false);
    expect((await call('POST', `/admin/api/providers/${provider.id}/disable`)).json()).toMatchObject({
      changed: false,
    });
    expect((await call('POST', `/admin/api/providers/${provider.id}/enable`)).json()).toMatchObject({
      changed: true,
      provider: { enabled: true },
    });
    expect((await t.app.services.catalog.orderableService(service.id))?.providerEnabled).toBe(true);
    expect((await auditRows(t.app, 'provider.disable'))[0]).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(await auditRows(t.app, 'provider.disable')).toHaveLength(1);
    expect(await auditRows(t.app, 'provider.enable')).toHaveLength(1);
    expect((await call('POST', '/admin/api/providers/999999/enable')).statusCode).toBe(404);
  });

  it('checks the balance, or says in Korean what went wrong (502) without the key', async () => {
    const { call } = await operatorClient(t.app);
    const demo = await demoProvider(call);
    const ok = await call('POST', `/admin/api/providers/${demo.id}/balance-check`);
    expect(ok.json()).toEqual(SIMULATED_BALANCE);

    t.app.services.simulatedProvider.setFault('http500');
    const failed = await call('POST', `/admin/api/providers/${demo.id}/balance-check`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      message: M.PROVIDER_FAILED('balance: HTTP 500'),
      code: 'PROVIDER_UNAVAILABLE',
    });
    t.app.services.simulatedProvider.setFault(null);

    // A key the provider refuses: its own refusal, quoted.
    const row = await simulatedWithSecret();
    const refused = await call('POST', `/admin/api/providers/${row.id}/balance-check`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ message: M.PROVIDER_FAILED('balance: refused: Invalid API key') });

    // An upstream that echoes the key in its error: the answer carries it blanked.
    const echo = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: `bad key ${SECRET}` })),
      );
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const apiUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/api/v2`;
      const echoing = (
        await call('POST', '/admin/api/providers', { name: '메아리 공급사', apiUrl, apiKey: SECRET })
      ).json() as ProviderMutationResponse;
      const leaked = await call('POST', `/admin/api/providers/${echoing.provider.id}/balance-check`);
      expect(leaked.statusCode).toBe(502);
      expect(leaked.json()).toMatchObject({ message: M.PROVIDER_FAILED('balance: refused: bad key ***') });
      expect(leaked.body).not.toContain(SECRET);
    } finally {
      echo.closeAllConnections();
      await new Promise((resolve) => echo.close(resolve));
    }

    const unreachable = (
      await call('POST', '/admin/api/providers', {
        name: '닫힌 공급사',
        apiUrl: 'http://127.0.0.1:9/api/v2',
        apiKey: SECRET,
      })
    ).json() as ProviderMutationResponse;
    const closed = await call('POST', `/admin/api/providers/${unreachable.provider.id}/balance-check`);
    expect(closed.statusCode).toBe(502);
    expect(closed.json()).toMatchObject({ message: M.PROVIDER_FAILED('balance: connection failed') });
    expect((await call('POST', '/admin/api/providers/999999/balance-check')).statusCode).toBe(404);
  });

  it("lists the provider's services as it sends them, with where each is already sold", async () => {
    const { call } = await operatorClient(t.app);
    const provider = await demoProvider(call);
    const response = await call('GET', `/admin/api/providers/${provider.id}/services`);
    expect(response.statusCode).toBe(200);
    const listing = response.json() as ProviderServicesResponse;
    expect(listing.map((s) => s.service)).toEqual(SIMULATED_SERVICES.map((s) => String(s.service)));
    const firstCategory = ((await call('GET', '/admin/api/categories')).json() as AdminCategory[])[0]!;
    expect(listing[0]).toEqual({
      service: '1',
      name: 'Instagram Followers [Korea]',
      type: 'Default',
      category: 'Instagram Followers',
      rate: '36000.00',
      min: 10,
      max: 10000,
      refill: true,
      cancel: true,
      importedCategoryIds: [firstCategory.id],
    });
    expect(listing.find((s) => s.service === '14')).toMatchObject({ refill: false, cancel: false });
    expect(listing.find((s) => s.service === '14')?.importedCategoryIds).toEqual([]);

    t.app.services.simulatedProvider.setFault('malformed-json');
    const broken = await call('GET', `/admin/api/providers/${provider.id}/services`);
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toMatchObject({ message: M.PROVIDER_FAILED('services: the answer is not JSON') });
  });

  it('imports chosen services at rate + markup (rounded up to a milli-won), skips ones already there, audited', async () => {
    const { call, operator } = await operatorClient(t.app);
    const provider = await demoProvider(call);
    const categories = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const followers = categories[0]!; // 인스타그램 팔로워: already sells provider services 1 and 2
    await memberCatalog(t.app);
    const body = {
      categoryId: followers.id,
      markupPercent: 15,
      items: [
        { providerServiceId: '14' },
        { providerServiceId: '15', text: '스레드 팔로워' },
        { providerServiceId: '1' },
        { providerServiceId: '999' },
      ],
    };
    const response = await call('POST', `/admin/api/providers/${provider.id}/import`, body);
    expect(response.statusCode).toBe(200);
    const result = response.json() as ProviderImportResponse;
    expect(result.created.map((c) => c.providerServiceId)).toEqual(['14', '15']);
    expect(result.skipped).toEqual([
      { providerServiceId: '1', reason: M.IMPORT_ALREADY },
      { providerServiceId: '999', reason: M.IMPORT_UNKNOWN },
    ]);

    const all = (await call('GET', '/admin/api/services')).json() as AdminService[];
    const story = all.find((s) => s.id === result.created[0]!.serviceId)!;
    const threads = all.find((s) => s.id === result.created[1]!.serviceId)!;
    // '0.90' won per 1,000 = 0.9 milli-won per unit; × 1.15 = 1.035 → 2 (rounded up).
    expect(story).toMatchObject({
      text: 'Instagram Story Views',
      unitPriceMilli: 2,
      min: 100,
      max: 50000,
      categoryId: followers.id,
      providerId: provider.id,
      providerName: provider.name,
      providerServiceId: '14',
      visible: true,
      sortOrder: 2,
      // The provider neither refills nor cancels it.
      refillDays: 0,
      cancellable: false,
    });
    // '9000.50' × 1.15 = 10350.575 → 10351 milli-won (10.351 원 per unit).
    expect(threads).toMatchObject({
      text: '스레드 팔로워',
      unitPriceMilli: 10351,
      min: 20,
      max: 5000,
      sortOrder: 3,
      // `refill: true` gets the trade's usual window; `cancel: true` lets members cancel.
      refillDays: DEFAULT_REFILL_DAYS,
      cancellable: true,
      // The catalog sync follows the rate at the import's markup; the price is not pinned.
      markupPercent: 15,
      pricePinned: false,
    });
    expect(DEFAULT_REFILL_DAYS).toBe(30);
    expect(threads.unitPriceMilli).toBe(providerRateToUnitPriceMilli('9000.50', 15));
    const memberIds = (await memberCatalog(t.app)).services.map((s) => s.id);
    expect(memberIds).toEqual(expect.arrayContaining([story.id, threads.id]));

    const [entry] = await auditRows(t.app, 'provider.import');
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      targetType: 'provider',
      targetId: String(provider.id),
      after: { categoryId: followers.id, markupPercent: 15, created: result.created },
    });

    // Again: everything is there already, nothing is created or audited.
    const audits = await auditCount();
    const again = (
      await call('POST', `/admin/api/providers/${provider.id}/import`, body)
    ).json() as ProviderImportResponse;
    expect(again.created).toEqual([]);
    expect(again.skipped.map((s) => s.providerServiceId)).toEqual(['14', '15', '1', '999']);
    expect(await auditCount()).toBe(audits);

    // Into another category the same provider service may go again (another product line).
    const other = await call('POST', `/admin/api/providers/${provider.id}/import`, {
      categoryId: categories[1]!.id,
      markupPercent: 0,
      visible: false,
      items: [{ providerServiceId: '14' }],
    });
    const otherResult = other.json() as ProviderImportResponse;
    expect(otherResult.created).toHaveLength(1);
    const hidden = ((await call('GET', '/admin/api/services')).json() as AdminService[]).find(
      (s) => s.id === otherResult.created[0]!.serviceId,
    );
    expect(hidden).toMatchObject({ unitPriceMilli: 1, visible: false });
  });

  it('imports a Custom Comments and a Package service with their types; refuses a type it cannot sell', async () => {
    const { call } = await operatorClient(t.app);
    const provider = await demoProvider(call);
    const [category] = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const response = await call('POST', `/admin/api/providers/${provider.id}/import`, {
      categoryId: category!.id,
      markupPercent: 10,
      visible: false,
      items: [{ providerServiceId: '16' }, { providerServiceId: '17' }, { providerServiceId: '18' }],
    });
    const result = response.json() as ProviderImportResponse;
    expect(result.created.map((c) => c.providerServiceId)).toEqual(['16', '17']);
    expect(result.skipped).toEqual([{ providerServiceId: '18', reason: M.IMPORT_UNSUPPORTED_TYPE('Poll') }]);
    const all = (await call('GET', '/admin/api/services')).json() as AdminService[];
    const byProviderId = (id: string) =>
      all.find((s) => s.id === result.created.find((c) => c.providerServiceId === id)!.serviceId);
    expect(byProviderId('16')).toMatchObject({
      type: 'custom_comments',
      min: 5,
      max: 1000,
      enableAuto: false,
    });
    // A Package's quantity is fixed: min = max.
    expect(byProviderId('17')).toMatchObject({ type: 'package', min: 100, max: 100 });
  });

  it('imports once when the same import is sent twice at once', async () => {
    const { call } = await operatorClient(t.app);
    const provider = await demoProvider(call);
    const [category] = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const body = { categoryId: category!.id, markupPercent: 20, items: [{ providerServiceId: '15' }] };
    const answers = await Promise.all(
      [1, 2].map(async () => (await call('POST', `/admin/api/providers/${provider.id}/import`, body)).json()),
    );
    expect((answers as ProviderImportResponse[]).map((a) => a.created.length).sort()).toEqual([0, 1]);
    const rows = await t.app.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.providerServiceId, '15'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad import (markup, nothing chosen, unknown category) and a failing provider', async () => {
    const { call } = await operatorClient(t.app);
    const provider = await demoProvider(call);
    const [category] = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const base = { categoryId: category!.id, markupPercent: 10, items: [{ providerServiceId: '14' }] };
    const cases: [object, number, string | null][] = [
      [{ markupPercent: -1 }, 400, M.MARKUP_INVALID],
      [{ markupPercent: 1001 }, 400, M.MARKUP_INVALID],
      [{ markupPercent: 12.5 }, 400, M.MARKUP_INVALID],
      [{ markupPercent: 1e300 }, 400, M.MARKUP_INVALID],
      [{ items: [] }, 400, M.IMPORT_NOTHING_SELECTED],
      [{ items: [{ providerServiceId: '' }] }, 400, M.IMPORT_NOTHING_SELECTED],
      [{ items: [{ providerServiceId: '1\u0000' }] }, 400, null],
      [{ categoryId: 999999 }, 400, M.CATEGORY_NOT_FOUND],
    ];
    for (const [change, status, message] of cases) {
      const response = await call('POST', `/admin/api/providers/${provider.id}/import`, {
        ...base,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      if (message) expect(response.json()).toMatchObject({ message });
    }
    expect((await call('POST', '/admin/api/providers/999999/import', base)).statusCode).toBe(404);
    t.app.services.simulatedProvider.setFault('json-error');
    const failing = await call('POST', `/admin/api/providers/${provider.id}/import`, base);
    expect(failing.statusCode).toBe(502);
    expect(await auditCount()).toBe(0);
    expect((await t.app.database.db.select({ n: count() }).from(services))[0]!.n).toBe(15);
  });
});
