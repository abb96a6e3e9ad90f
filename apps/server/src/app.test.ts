import { SETTING_KEYS } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, notices, platforms, siteSettings } from './db/schema';
import { seedDemoData } from './db/seed/seed-demo-data';
import { testDatabaseKind, useTestApp } from './test/test-app';

const t = useTestApp({ admin: { id: 'operator', password: 'operator-pass-1' } }, (app) => {
  app.get('/boom', () => {
    throw new Error('database exploded: password=hunter2');
  });
});

describe(`app on ${testDatabaseKind}`, () => {
  it('answers every setting key of docs/product.md#site-settings and nothing else', async () => {
    await t.app.database.db.insert(siteSettings).values({ key: 'INTERNAL_NOTE', value: 'secret' });
    const response = await t.app.inject({ method: 'GET', url: '/service/settings' });
    expect(response.statusCode).toBe(200);
    const keys = (response.json() as { key: string }[]).map((s) => s.key).sort();
    expect(keys).toEqual([...SETTING_KEYS].sort());
  });

  it('seeds demo content: sign-up routes, catalog, a pinned colored notice first, FAQ, a popup', async () => {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json() as unknown[];
    expect((await get('/service/register-where')).length).toBeGreaterThan(2);
    expect(await get('/service/platforms')).toContainEqual(expect.objectContaining({ text: '인스타그램' }));
    expect(await get('/service/categorys')).toContainEqual(
      expect.objectContaining({ text: '유튜브 조회수' }),
    );
    const services = (await get('/service/services')) as { min: number; max: number; point: number }[];
    expect(services.length).toBeGreaterThan(5);
    for (const s of services) expect(s.min).toBeLessThanOrEqual(s.max);
    const noticeList = (await get('/service/notices')) as { isTop: boolean; bgColor: string | null }[];
    expect(noticeList[0]).toMatchObject({ isTop: true, bgColor: expect.stringMatching(/^#/) });
    expect(await get('/service/qnas')).toContainEqual(
      expect.objectContaining({ title: expect.any(String), answer: expect.any(String) }),
    );
    expect(await get('/service/popup')).toHaveLength(1);
  });

  it('seeds the demo catalog with its refill and cancel terms: followers refilled for 30 days, views neither', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/services' });
    const services = response.json() as { text: string; refillDays: number; cancellable: boolean }[];
    const terms = (text: string) => {
      const service = services.find((s) => s.text === text);
      return service && { refillDays: service.refillDays, cancellable: service.cancellable };
    };
    expect(terms('🇰🇷 인스타그램 한국인 팔로워')).toEqual({ refillDays: 30, cancellable: true });
    expect(terms('🇰🇷 유튜브 한국인 구독자')).toEqual({ refillDays: 30, cancellable: true });
    expect(terms('🇰🇷 인스타그램 한국인 좋아요')).toEqual({ refillDays: 0, cancellable: true });
    expect(terms('유튜브 조회수 (고품질)')).toEqual({ refillDays: 0, cancellable: false });
  });

  it('seeds idempotently and never overwrites an operator edit', async () => {
    const db = t.app.database.db;
    await db.update(siteSettings).set({ value: '#ff0000' }).where(eq(siteSettings.key, 'SITE_MAIN_COLOR'));
    const count = async (table: typeof platforms | typeof notices) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    const before = [await count(platforms), await count(notices)];
    await seedDemoData(db);
    await seedDemoData(db);
    expect([await count(platforms), await count(notices)]).toEqual(before);
    const [color] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'SITE_MAIN_COLOR'));
    expect(color?.value).toBe('#ff0000');
  });

  it('creates the operator from ADMIN_ID/ADMIN_PASSWORD, who can log in', async () => {
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, 'operator'));
    expect(row?.role).toBe('admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { id: 'operator', password: 'operator-pass-1' },
    });
    const token = login.json().accessToken as string;
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().id).toBe('operator');
  });

  it('answers unknown API paths with a JSON 404 in Korean', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: '요청한 주소를 찾을 수 없습니다.', code: 'NOT_FOUND' });
  });

  it('turns an unexpected error into a bare 500 and logs it with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: '오류가 발생했습니다.', code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
    const requestId = response.headers['x-request-id'];
    const line = t
      .logs()
      .split('\n')
      .find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as { reqId: string; err: { message: string } };
    expect(entry.err.message).toContain('database exploded');
    expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.reqId).toBe(requestId);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/service/settings' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // A JSON answer: a policy that allows nothing (http/security-headers).
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('demo data and the contract', () => {
  it('inserts the demo content once: a table an operator emptied stays empty after a restart', async () => {
    const db = t.app.database.db;
    await db.delete(notices);
    await seedDemoData(db);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notices);
    expect(row?.n).toBe(0);
  });

  it('declares every route schema so an OpenAPI document can be generated from the contract', async () => {
    await t.app.ready();
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    expect(document.paths['/auth/login']?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(document.paths['/auth/profile']?.get?.responses?.['200'])).toContain('apiKey');
    expect(JSON.stringify(document.paths['/service/services']?.get?.responses?.['200'])).toContain(
      'enableAuto',
    );
  });
});
