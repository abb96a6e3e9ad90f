import { CATALOG_MESSAGES as M } from '@smm/domain';
import type {
  AdminCategory,
  AdminPlatform,
  AdminService,
  CategoryMutationResponse,
  PlatformMutationResponse,
  ServiceMutationResponse,
} from '@smm/domain/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, platforms, services } from '../../db/schema';
import { bearer, createMember, creditMember, tokenFor } from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { auditRows, memberCatalog, operatorClient } from './catalog-test-helpers';

const t = useTestApp();

const auditCount = async () => (await t.app.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const platformCount = async () => (await t.app.database.db.select({ n: count() }).from(platforms))[0]!.n;
const serviceCount = async () => (await t.app.database.db.select({ n: count() }).from(services))[0]!.n;

async function seedPlatforms(call: Awaited<ReturnType<typeof operatorClient>>['call']) {
  return (await call('GET', '/admin/api/platforms')).json() as AdminPlatform[];
}

const goodService = (categoryId: number) => ({
  categoryId,
  text: '인스타그램 스토리 조회수',
  unitPriceMilli: 300,
  min: 100,
  max: 50000,
  notice: '스토리 링크를 입력해주세요.\n24시간 이내 스토리만 가능합니다.',
  enableAuto: true,
  isReadOnly: false,
  visible: true,
  providerId: null,
  providerServiceId: '',
});

describe(`operator catalog: platforms on ${testDatabaseKind}`, () => {
  it('is for operators only: no token 401, a member 403', async () => {
    const member = await createMember(t.app);
    const headers = bearer(await tokenFor(t.app, member));
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/platforms' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/platforms', headers })).statusCode).toBe(
      403,
    );
    const post = {
      method: 'POST' as const,
      url: '/admin/api/platforms',
      payload: { text: 'x', bgColor: '#ffffff' },
    };
    expect((await t.app.inject({ ...post, headers })).statusCode).toBe(403);
    expect(await platformCount()).toBe(5);
  });

  it('lists every platform (hidden too) in order with its category count', async () => {
    const { call } = await operatorClient(t.app);
    const list = await seedPlatforms(call);
    expect(list.map((p) => p.text)).toEqual(['인스타그램', '유튜브', '틱톡', '페이스북', '네이버']);
    expect(list[0]).toMatchObject({ visible: true, bgColor: '#fdf2f8', categoryCount: 4 });
  });

  it('creates a platform: last in order, shown to members at once, audited', async () => {
    const { call, operator } = await operatorClient(t.app);
    await memberCatalog(t.app); // warm the members' cache first: the write must drop it
    const response = await call('POST', '/admin/api/platforms', {
      text: ' 스레드 ',
      visible: true,
      bgColor: '#EEEEEE',
    });
    expect(response.statusCode).toBe(200);
    const { platform, changed } = response.json() as PlatformMutationResponse;
    expect(changed).toBe(true);
    expect(platform).toMatchObject({
      text: '스레드',
      visible: true,
      bgColor: '#eeeeee',
      sortOrder: 5,
      categoryCount: 0,
    });
    const seen = await memberCatalog(t.app);
    expect(seen.platforms.at(-1)).toEqual({
      id: platform.id,
      text: '스레드',
      visible: true,
      bgColor: '#eeeeee',
    });
    const [entry] = await auditRows(t.app, 'platform.create');
    expect(entry).toMatchObject({
      operatorId: operator.accountId,
      targetType: 'platform',
      targetId: String(platform.id),
      before: null,
      after: platform,
    });
  });

  it('updates a platform (hide it: members stop seeing it and its categories), and a repeat changes nothing', async () => {
    const { call } = await operatorClient(t.app);
    const [insta] = await seedPlatforms(call);
    const shown = await memberCatalog(t.app);
    const instaCategories = new Set(
      shown.categories.filter((c) => c.platform === insta!.id).map((c) => c.id),
    );
    expect(instaCategories.size).toBeGreaterThan(0);
    const instaService = shown.services.find((service) => instaCategories.has(service.categoryId));
    expect(instaService).toBeDefined();
    const body = { text: '인스타', visible: false, bgColor: '#000000' };
    const first = (
      await call('PUT', `/admin/api/platforms/${insta!.id}`, body)
    ).json() as PlatformMutationResponse;
    expect(first).toMatchObject({
      changed: true,
      platform: { text: '인스타', visible: false, bgColor: '#000000' },
    });
    const seen = await memberCatalog(t.app);
    expect(seen.platforms.map((p) => p.id)).not.toContain(insta!.id);
    expect(seen.categories.some((c) => c.platform === insta!.id)).toBe(false);
    // Its services go with it, and cannot be ordered through the API either.
    expect(seen.services.some((service) => instaCategories.has(service.categoryId))).toBe(false);
    const member = await createMember(t.app);
    await creditMember(t.app, member.accountId, 100_000);
    const order = await t.app.inject({
      method: 'POST',
      url: '/service/order',
      headers: bearer(await tokenFor(t.app, member)),
      payload: { serviceId: instaService!.id, link: 'https://www.instagram.com/p/abc/', amount: 100 },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({ code: 'ORDER_INVALID' });
    const audits = await auditCount();
    const again = (
      await call('PUT', `/admin/api/platforms/${insta!.id}`, body)
    ).json() as PlatformMutationResponse;
    expect(again.changed).toBe(false);
    expect(await auditCount()).toBe(audits);
    const [entry] = await auditRows(t.app, 'platform.update');
    expect(entry!.before).toMatchObject({ text: '인스타그램', visible: true, bgColor: '#fdf2f8' });
    expect(entry!.after).toMatchObject({ text: '인스타', visible: false, bgColor: '#000000' });
    expect((await call('PUT', '/admin/api/platforms/999999', body)).statusCode).toBe(404);
  });

  it('refuses bad input with a Korean 400 and writes nothing', async () => {
    const { call } = await operatorClient(t.app);
    const cases: [unknown, string | null][] = [
      [{ text: '', bgColor: '#ffffff' }, M.PLATFORM_TEXT_REQUIRED],
      [{ text: '   ', bgColor: '#ffffff' }, M.PLATFORM_TEXT_REQUIRED],
      [{ text: '인스타\n그램', bgColor: '#ffffff' }, M.TEXT_CONTROL],
      [{ text: 'x'.repeat(101), bgColor: '#ffffff' }, M.TEXT_TOO_LONG],
      [{ text: '인스타', bgColor: 'red' }, M.COLOR_INVALID],
      [{ text: '인스타', bgColor: '#fff' }, M.COLOR_INVALID],
      [{ text: '인스타', bgColor: '#ffffff"><script>' }, null],
      [{ text: '인스타\u0000', bgColor: '#ffffff' }, null],
      [{ text: 'x'.repeat(5000), bgColor: '#ffffff' }, null],
      [{ text: '인스타', bgColor: '#ffffff', visible: 'yes' }, null],
      [{ text: 12, bgColor: '#ffffff' }, null],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/admin/api/platforms', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json()).toEqual({ message, code: 'CATALOG_INVALID' });
    }
    expect(await platformCount()).toBe(5);
    expect(await auditCount()).toBe(0);
  });

  it('reorders with exactly the full set of ids; members see the new order; a wrong set is 400', async () => {
    const { call } = await operatorClient(t.app);
    const ids = (await seedPlatforms(call)).map((p) => p.id);
    const reversed = [...ids].reverse();
    await memberCatalog(t.app); // warm the members' cache first: the write must drop it
    const response = await call('PUT', '/admin/api/platforms/order', { ids: reversed });
    expect(response.json()).toEqual({ ids: reversed, changed: true });
    expect((await memberCatalog(t.app)).platforms.map((p) => p.id)).toEqual(reversed);
    expect((await call('PUT', '/admin/api/platforms/order', { ids: reversed })).json()).toEqual({
      ids: reversed,
      changed: false,
    });
    const [entry] = await auditRows(t.app, 'platform.reorder');
    expect(entry).toMatchObject({ before: { ids }, after: { ids: reversed } });
    expect(await auditRows(t.app, 'platform.reorder')).toHaveLength(1);

    for (const wrong of [
      ids.slice(1),
      [...ids, 999],
      [ids[0], ...ids.slice(0, -1)],
      [...ids.slice(1), 999],
      [],
    ]) {
      const bad = await call('PUT', '/admin/api/platforms/order', { ids: wrong });
      expect(bad.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(bad.json()).toMatchObject({ message: M.ORDER_IDS_MISMATCH });
    }
    for (const body of [{ ids: [1e12] }, { ids: ['1'] }, { ids: [1.5] }, {}]) {
      expect((await call('PUT', '/admin/api/platforms/order', body)).statusCode).toBe(400);
    }
    expect((await memberCatalog(t.app)).platforms.map((p) => p.id)).toEqual(reversed);
  });

  it('applies one of two identical reorders sent at once', async () => {
    const { call } = await operatorClient(t.app);
    const ids = (await seedPlatforms(call)).map((p) => p.id).reverse();
    const answers = await Promise.all([1, 2].map(() => call('PUT', '/admin/api/platforms/order', { ids })));
    expect(answers.map((a) => (a.json() as { changed: boolean }).changed).sort()).toEqual([false, true]);
    expect(await auditRows(t.app, 'platform.reorder')).toHaveLength(1);
  });

  it('deletes only a platform without categories (409 otherwise)', async () => {
    const { call } = await operatorClient(t.app);
    const [insta] = await seedPlatforms(call);
    const refused = await call('DELETE', `/admin/api/platforms/${insta!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: M.PLATFORM_NOT_EMPTY, code: 'CATALOG_CONFLICT' });
    const { platform } = (
      await call('POST', '/admin/api/platforms', { text: '빈 플랫폼', bgColor: '#ffffff' })
    ).json() as PlatformMutationResponse;
    expect((await memberCatalog(t.app)).platforms.map((p) => p.id)).toContain(platform.id);
    expect((await call('DELETE', `/admin/api/platforms/${platform.id}`)).json()).toEqual({
      id: platform.id,
      deleted: true,
    });
    expect((await memberCatalog(t.app)).platforms.map((p) => p.id)).not.toContain(platform.id);
    expect((await auditRows(t.app, 'platform.delete'))[0]).toMatchObject({
      before: { text: '빈 플랫폼' },
      after: null,
    });
    expect((await call('DELETE', `/admin/api/platforms/${platform.id}`)).statusCode).toBe(404);
  });
});

describe(`operator catalog: categories on ${testDatabaseKind}`, () => {
  it('creates, renames, moves, reorders and deletes categories; members see each change', async () => {
    const { call } = await operatorClient(t.app);
    const [insta, youtube] = await seedPlatforms(call);
    await memberCatalog(t.app);
    const created = await call('POST', '/admin/api/categories', {
      platformId: insta!.id,
      text: '인스타 스토리',
    });
    const { category } = created.json() as CategoryMutationResponse;
    expect(category).toMatchObject({
      platformId: insta!.id,
      platformText: '인스타그램',
      sortOrder: 4,
      serviceCount: 0,
    });
    expect((await memberCatalog(t.app)).categories).toContainEqual({
      id: category.id,
      platform: insta!.id,
      text: '인스타 스토리',
    });
    expect((await auditRows(t.app, 'category.create'))[0]).toMatchObject({ after: category });

    const renamed = (
      await call('PUT', `/admin/api/categories/${category.id}`, {
        platformId: insta!.id,
        text: '스토리 조회수',
      })
    ).json() as CategoryMutationResponse;
    expect(renamed).toMatchObject({ changed: true, category: { text: '스토리 조회수', sortOrder: 4 } });
    expect(
      (
        await call('PUT', `/admin/api/categories/${category.id}`, {
          platformId: insta!.id,
          text: '스토리 조회수',
        })
      ).json(),
    ).toMatchObject({ changed: false });

    const moved = (
      await call('PUT', `/admin/api/categories/${category.id}`, {
        platformId: youtube!.id,
        text: '스토리 조회수',
      })
    ).json() as CategoryMutationResponse;
    expect(moved.category).toMatchObject({ platformId: youtube!.id, platformText: '유튜브', sortOrder: 3 });
    expect((await memberCatalog(t.app)).categories.find((c) => c.id === category.id)?.platform).toBe(
      youtube!.id,
    );
    expect((await auditRows(t.app, 'category.update'))[0]).toMatchObject({
      before: { platformId: insta!.id, text: '스토리 조회수' },
      after: { platformId: youtube!.id },
    });

    const all = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const ofYoutube = all.filter((c) => c.platformId === youtube!.id).map((c) => c.id);
    expect(ofYoutube.at(-1)).toBe(category.id);
    const newOrder = [category.id, ...ofYoutube.slice(0, -1)];
    expect(
      (await call('PUT', `/admin/api/platforms/${youtube!.id}/categories/order`, { ids: newOrder })).json(),
    ).toEqual({
      ids: newOrder,
      changed: true,
    });
    const memberOrder = (await memberCatalog(t.app)).categories.filter((c) => c.platform === youtube!.id);
    expect(memberOrder.map((c) => c.id)).toEqual(newOrder);
    // Another platform's category in the list, or one missing: 400.
    const instaCategory = all.find((c) => c.platformId === insta!.id)!.id;
    for (const ids of [[...newOrder.slice(1), instaCategory], newOrder.slice(1)]) {
      const bad = await call('PUT', `/admin/api/platforms/${youtube!.id}/categories/order`, { ids });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: M.ORDER_IDS_MISMATCH });
    }

    const busy = await call('DELETE', `/admin/api/categories/${instaCategory}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ message: M.CATEGORY_NOT_EMPTY });
    expect((await call('DELETE', `/admin/api/categories/${category.id}`)).json()).toEqual({
      id: category.id,
      deleted: true,
    });
    expect((await memberCatalog(t.app)).categories.map((c) => c.id)).not.toContain(category.id);
  });

  it('refuses a missing platform, empty or control-character text', async () => {
    const { call } = await operatorClient(t.app);
    const [insta] = await seedPlatforms(call);
    const cases: [unknown, number, string | null][] = [
      [{ platformId: 999999, text: '새 카테고리' }, 400, M.PLATFORM_NOT_FOUND],
      [{ platformId: insta!.id, text: '' }, 400, M.CATEGORY_TEXT_REQUIRED],
      [{ platformId: insta!.id, text: '새\u0000카테고리' }, 400, null],
      [{ platformId: 1e15, text: '새 카테고리' }, 400, null],
      [{ platformId: insta!.id, text: '새\t카테고리' }, 400, M.TEXT_CONTROL],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('POST', '/admin/api/categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(response.json()).toMatchObject({ message });
    }
    expect(await auditCount()).toBe(0);
  });
});

describe(`operator catalog: services on ${testDatabaseKind}`, () => {
  it('lists every service with its category, platform and provider names', async () => {
    const { call } = await operatorClient(t.app);
    const list = (await call('GET', '/admin/api/services')).json() as AdminService[];
    expect(list).toHaveLength(15);
    expect(list[0]).toMatchObject({
      text: '🇰🇷 인스타그램 한국인 팔로워',
      categoryText: '인스타그램 팔로워',
      platformText: '인스타그램',
      providerName: '시뮬레이션 공급사 (데모)',
      providerServiceId: '1',
      unitPriceMilli: 60000,
      visible: true,
    });
  });

  it('creates a service priced below a won; members see it at once with the exact price; audited', async () => {
    const { call, operator } = await operatorClient(t.app);
    const [category] = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    await memberCatalog(t.app);
    const response = await call('POST', '/admin/api/services', goodService(category!.id));
    expect(response.statusCode).toBe(200);
    const { service } = response.json() as ServiceMutationResponse;
    expect(service).toMatchObject({
      unitPriceMilli: 300,
      min: 100,
      max: 50000,
      providerId: null,
      sortOrder: 2,
    });
    const seen = (await memberCatalog(t.app)).services.find((s) => s.id === service.id);
    expect(seen).toMatchObject({ text: '인스타그램 스토리 조회수', unitPriceMilli: 300, point: 0.3 });
    expect((await auditRows(t.app, 'service.create'))[0]).toMatchObject({
      operatorId: operator.accountId,
      targetId: String(service.id),
      after: service,
    });
  });

  it('refuses bad services with a Korean 400 (nothing written)', async () => {
    const { call } = await operatorClient(t.app);
    const [category] = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const base = goodService(category!.id);
    const cases: [object, string | null][] = [
      [{ text: '' }, M.SERVICE_TEXT_REQUIRED],
      [{ text: '상품\u0000' }, null],
      [{ text: '상품\u0007' }, null],
      [{ unitPriceMilli: 0 }, M.PRICE_INVALID],
      [{ unitPriceMilli: 0.5 }, M.PRICE_INVALID],
      [{ unitPriceMilli: 1e300 }, M.PRICE_INVALID],
      [{ unitPriceMilli: 10_000_000_001 }, M.PRICE_TOO_HIGH],
      [{ unitPriceMilli: '300' }, null],
      [{ min: 0 }, M.MIN_INVALID],
      [{ min: 500, max: 100 }, M.MIN_ABOVE_MAX],
      [{ max: 1e20 }, M.MAX_INVALID],
      [{ max: 2_000_000_000 }, M.QUANTITY_TOO_LARGE],
      [{ notice: 'x'.repeat(2001) }, M.NOTICE_TOO_LONG],
      [{ notice: 'x'.repeat(5000) }, null],
      [{ providerServiceId: '7' }, M.PROVIDER_SERVICE_ID_WITHOUT_PROVIDER],
      [{ providerId: 999999, providerServiceId: '7' }, M.PROVIDER_NOT_FOUND],
      [{ categoryId: 999999 }, M.CATEGORY_NOT_FOUND],
      [{ categoryId: -1 }, null],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/admin/api/services', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      if (message) expect(response.json()).toEqual({ message, code: 'CATALOG_INVALID' });
    }
    expect(await serviceCount()).toBe(15);
    expect(await auditCount()).toBe(0);
  });

  it('sets the refill window and cancellability: listed, members see them, audited; a bad window is a Korean 400', async () => {
    const { call } = await operatorClient(t.app);
    const [category] = (await call('GET', '/admin/api/categories')).json() as AdminCategory[];
    const created = (
      await call('POST', '/admin/api/services', {
        ...goodService(category!.id),
        refillDays: 45,
        cancellable: true,
      })
    ).json() as ServiceMutationResponse;
    expect(created.service).toMatchObject({ refillDays: 45, cancellable: true });
    const listed = ((await call('GET', '/admin/api/services')).json() as AdminService[]).find(
      (s) => s.id === created.service.id,
    );
    expect(listed).toMatchObject({ refillDays: 45, cancellable: true });
    const member = async () =>
      ((await t.app.inject({ method: 'GET', url: '/service/services' })).json() as AdminService[]).find(
        (s) => s.id === created.service.id,
      );
    expect(await member()).toMatchObject({ refillDays: 45, cancellable: true });

    const body = { ...goodService(category!.id), refillDays: 0, cancellable: false };
    const edited = (
      await call('PUT', `/admin/api/services/${created.service.id}`, body)
    ).json() as ServiceMutationResponse;
    expect(edited).toMatchObject({ changed: true, service: { refillDays: 0, cancellable: false } });
    expect(await member()).toMatchObject({ refillDays: 0, cancellable: false });
    expect((await auditRows(t.app, 'service.update'))[0]).toMatchObject({
      before: { refillDays: 45, cancellable: true },
      after: { refillDays: 0, cancellable: false },
    });
    // Only the refill window differs: still a change.
    const windowOnly = (
      await call('PUT', `/admin/api/services/${created.service.id}`, { ...body, refillDays: 7 })
    ).json() as ServiceMutationResponse;
    expect(windowOnly).toMatchObject({ changed: true, service: { refillDays: 7 } });

    for (const refillDays of [-1, 366, 2.5, '30']) {
      const response = await call('PUT', `/admin/api/services/${created.service.id}`, {
        ...body,
        refillDays,
      });
      expect(response.statusCode, String(refillDays)).toBe(400);
      if (typeof refillDays === 'number') {
        expect(response.json()).toEqual({ message: M.REFILL_DAYS_INVALID, code: 'CATALOG_INVALID' });
      }
    }
    expect(await member()).toMatchObject({ refillDays: 7 });
    expect(await auditRows(t.app, 'service.update')).toHaveLength(2);
  });

  it('updates a service: price, hidden, moved; members see it; a repeat changes nothing', async () => {
    const { call } = await operatorClient(t.app);
    const list = (await call('GET', '/admin/api/services')).json() as AdminService[];
    const target = list[0]!;
    const other = list.find((s) => s.categoryId !== target.categoryId)!;
    await memberCatalog(t.app);
    const body = {
      categoryId: target.categoryId,
      text: target.text,
      unitPriceMilli: 55_500,
      min: target.min,
      max: target.max,
      notice: target.notice,
      refillDays: target.refillDays,
      cancellable: target.cancellable,
      enableAuto: target.enableAuto,
      isReadOnly: true,
      visible: true,
      providerId: target.providerId,
      providerServiceId: target.providerServiceId ?? '',
    };
    const first = (
      await call('PUT', `/admin/api/services/${target.id}`, body)
    ).json() as ServiceMutationResponse;
    expect(first).toMatchObject({ changed: true, service: { unitPriceMilli: 55_500, isReadOnly: true } });
    expect((await memberCatalog(t.app)).services.find((s) => s.id === target.id)).toMatchObject({
      unitPriceMilli: 55_500,
      isReadOnly: true,
    });
    expect((await auditRows(t.app, 'service.update'))[0]).toMatchObject({
      before: { unitPriceMilli: 60000, isReadOnly: false },
      after: { unitPriceMilli: 55_500, isReadOnly: true },
    });
    expect(
      ((await call('PUT', `/admin/api/services/${target.id}`, body)).json() as ServiceMutationResponse)
        .changed,
    ).toBe(false);
    expect(await auditRows(t.app, 'service.update')).toHaveLength(1);

    await call('PUT', `/admin/api/services/${target.id}`, { ...body, visible: false });
    expect((await memberCatalog(t.app)).services.map((s) => s.id)).not.toContain(target.id);

    const moved = (
      await call('PUT', `/admin/api/services/${target.id}`, {
        ...body,
        visible: false,
        categoryId: other.categoryId,
      })
    ).json() as ServiceMutationResponse;
    expect(moved.service).toMatchObject({ categoryId: other.categoryId, categoryText: other.categoryText });
    const inOther = list.filter((s) => s.categoryId === other.categoryId);
    expect(moved.service.sortOrder).toBe(Math.max(...inOther.map((s) => s.sortOrder)) + 1);
    expect((await call('PUT', '/admin/api/services/999999', body)).statusCode).toBe(404);
  });

  it('reorders the services of one category; members get the new order', async () => {
    const { call } = await operatorClient(t.app);
    const list = (await call('GET', '/admin/api/services')).json() as AdminService[];
    const categoryId = list[0]!.categoryId;
    const ids = list.filter((s) => s.categoryId === categoryId).map((s) => s.id);
    expect(ids).toHaveLength(2);
    const swapped = [ids[1]!, ids[0]!];
    await memberCatalog(t.app);
    expect(
      (await call('PUT', `/admin/api/categories/${categoryId}/services/order`, { ids: swapped })).json(),
    ).toEqual({
      ids: swapped,
      changed: true,
    });
    const memberIds = (await memberCatalog(t.app)).services
      .filter((s) => s.categoryId === categoryId)
      .map((s) => s.id);
    expect(memberIds).toEqual(swapped);
    expect((await auditRows(t.app, 'service.reorder'))[0]).toMatchObject({
      targetType: 'category',
      targetId: String(categoryId),
      before: { ids },
      after: { ids: swapped },
    });
    const wrong = await call('PUT', `/admin/api/categories/${categoryId}/services/order`, {
      ids: [ids[0], list[5]!.id],
    });
    expect(wrong.statusCode).toBe(400);
    expect((await call('PUT', '/admin/api/categories/999999/services/order', { ids: [] })).statusCode).toBe(
      404,
    );
  });

  it('deletes a service only while no order names it', async () => {
    const { call } = await operatorClient(t.app);
    const list = (await call('GET', '/admin/api/services')).json() as AdminService[];
    const ordered = await catalogService(t.app);
    const member = await createMember(t.app, { point: 100_000 });
    await placeOrder(t.app, member, {
      serviceId: ordered.id,
      link: 'https://instagram.com/p/abc',
      amount: 100,
    });
    const refused = await call('DELETE', `/admin/api/services/${ordered.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: '주문 내역이 있는 상품은 삭제할 수 없습니다. 숨김으로 바꿔주세요.',
      code: 'CATALOG_CONFLICT',
    });

    const free = list.find((s) => s.id !== ordered.id)!;
    await memberCatalog(t.app);
    expect((await call('DELETE', `/admin/api/services/${free.id}`)).json()).toEqual({
      id: free.id,
      deleted: true,
    });
    expect((await memberCatalog(t.app)).services.map((s) => s.id)).not.toContain(free.id);
    expect(
      await t.app.database.db.select({ id: services.id }).from(services).where(eq(services.id, free.id)),
    ).toEqual([]);
    expect((await auditRows(t.app, 'service.delete'))[0]).toMatchObject({
      before: { id: free.id },
      after: null,
    });
    expect((await call('DELETE', `/admin/api/services/${free.id}`)).statusCode).toBe(404);
  });
});
