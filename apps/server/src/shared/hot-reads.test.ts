import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notices, platforms, siteSettings } from '../db/schema';
import { createTestApp, testDatabaseKind, useTestApp, type TestApp } from '../test/test-app';

const t = useTestApp();

const getJson = async (app: TestApp['app'], url: string) =>
  (await app.inject({ method: 'GET', url })).json() as { key?: string; value?: string; text?: string }[];
const mainColor = async (app: TestApp['app']) =>
  (await getJson(app, '/service/settings')).find((s) => s.key === 'SITE_MAIN_COLOR')?.value;

describe(`hot reads on ${testDatabaseKind}`, () => {
  it('serves settings from memory until a write through the service invalidates them', async () => {
    const before = await mainColor(t.app);
    // A write behind the service's back is not seen: the answer comes from memory, not a query.
    await t.app.database.db
      .update(siteSettings)
      .set({ value: '#123456' })
      .where(eq(siteSettings.key, 'SITE_MAIN_COLOR'));
    expect(await mainColor(t.app)).toBe(before);
    await t.app.services.settings.set('SITE_MAIN_COLOR', '#abcdef');
    expect(await mainColor(t.app)).toBe('#abcdef');
  });

  it('serves the catalog and notices from memory until their topic changes', async () => {
    const names = async () => (await getJson(t.app, '/service/platforms')).map((p) => p.text);
    const first = await names();
    await t.app.database.db.update(platforms).set({ text: '바뀐 이름' });
    expect(await names()).toEqual(first);
    await t.app.services.catalog.changed();
    expect(new Set(await names())).toEqual(new Set(['바뀐 이름']));

    const noticeCount = async () => (await getJson(t.app, '/service/notices')).length;
    const count = await noticeCount();
    await t.app.database.db.delete(notices);
    expect(await noticeCount()).toBe(count);
    await t.app.services.content.changed();
    expect(await noticeCount()).toBe(0);
  });

  // Several processes on one PostgreSQL: a write in one reaches the caches of the others.
  it.runIf(testDatabaseKind === 'postgres')(
    'invalidates the caches of every process on PostgreSQL',
    async () => {
      const other = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
      try {
        expect(await mainColor(other.app)).toBe(await mainColor(t.app));
        await t.app.services.settings.set('SITE_MAIN_COLOR', '#0a0b0c');
        await expect.poll(() => mainColor(other.app), { timeout: 5000 }).toBe('#0a0b0c');
      } finally {
        await other.app.close();
      }
    },
  );
});
