import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../database';
import {
  appMeta,
  categories,
  memberGrades,
  providers,
  notices,
  platforms,
  popups,
  qnas,
  registerWheres,
  services,
} from '../schema';
import { settingsRepository } from '../../settings/settings.repository';
import { DEMO_CATALOG } from './demo-catalog';
import { SIMULATED_PROVIDER_URL } from '../../providers/simulated-provider-url';
import { DEMO_NOTICES, DEMO_POPUPS, DEMO_QNAS, DEMO_REGISTER_WHERES } from './demo-content';
import { DEMO_SETTINGS } from './demo-settings';

/**
 * Three 회원 등급 earned by spending over the last 30 days (docs/product.md#member-grades-and-custom-rates),
 * so the daily grade run and the /account block have something to show on a fresh install.
 */
const DEMO_GRADES = [
  { name: '실버', discountBp: 300, minSpendWon: 300_000, windowDays: 30 },
  { name: '골드', discountBp: 500, minSpendWon: 1_000_000, windowDays: 30 },
  { name: '플래티넘', discountBp: 800, minSpendWon: 3_000_000, windowDays: 30 },
];

async function isEmpty(ex: Executor, table: PgTable) {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

const SEEDED_MARKER = 'demo-data-seeded';

/**
 * First-start demo data, safe to run on every start. Settings gain only missing keys (a new release
 * may add one). The content is inserted once per installation, recorded by a marker row, so a table
 * an operator emptied stays empty; even on that first run a table that already has rows is left alone.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await settingsRepository.insertMissing(
      tx,
      Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value })),
    );
    // Two processes starting at once: only the one whose marker insert wins fills the tables.
    const [marked] = await tx
      .insert(appMeta)
      .values({ key: SEEDED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing({ target: appMeta.key })
      .returning({ key: appMeta.key });
    if (!marked) return;

    if (await isEmpty(tx, registerWheres)) {
      await tx.insert(registerWheres).values(DEMO_REGISTER_WHERES.map((text, i) => ({ text, sortOrder: i })));
    }

    if (await isEmpty(tx, platforms)) {
      // The built-in simulated provider fulfils the demo catalog, so a fresh install is a working demo.
      const [provider] = await tx
        .insert(providers)
        .values({ name: '시뮬레이션 공급사 (데모)', apiUrl: SIMULATED_PROVIDER_URL, apiKey: 'demo' })
        .returning({ id: providers.id });
      let providerServiceId = 0;
      for (const [pi, platform] of DEMO_CATALOG.entries()) {
        const [p] = await tx
          .insert(platforms)
          .values({ text: platform.text, bgColor: platform.bgColor, sortOrder: pi })
          .returning({ id: platforms.id });
        for (const [ci, category] of platform.categories.entries()) {
          const [c] = await tx
            .insert(categories)
            .values({ platformId: p!.id, text: category.text, sortOrder: ci })
            .returning({ id: categories.id });
          await tx.insert(services).values(
            category.services.map((s, si) => ({
              ...s,
              categoryId: c!.id,
              sortOrder: si,
              providerId: provider!.id,
              providerServiceId: s.providerServiceId ?? String((providerServiceId += 1)),
            })),
          );
        }
      }
    }

    if (await isEmpty(tx, notices)) await tx.insert(notices).values(DEMO_NOTICES);
    if (await isEmpty(tx, qnas))
      await tx.insert(qnas).values(DEMO_QNAS.map((q, i) => ({ ...q, sortOrder: i })));
    if (await isEmpty(tx, popups)) await tx.insert(popups).values(DEMO_POPUPS);
    if (await isEmpty(tx, memberGrades)) await tx.insert(memberGrades).values(DEMO_GRADES);
  });
}
