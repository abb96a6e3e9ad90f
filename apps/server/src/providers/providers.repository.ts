import { count, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { providers, services } from '../db/schema';

export type ProviderRow = typeof providers.$inferSelect;

/**
 * The provider rows' SQL (name, URL, key, enabled, 동시 호출 수): the operator's writes to them and the reads those
 * writes and the calls to a provider need (docs/ARCHITECTURE.md#upstream-providers). Writes run in the
 * caller's transaction; `lockProvider` takes `FOR UPDATE` so two operators' changes run one after the
 * other. The console's list of providers is its own read model (admin/catalog).
 */
export const providersRepository = {
  async providerServiceCount(ex: Executor, providerId: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(services).where(eq(services.providerId, providerId));
    return row?.n ?? 0;
  },

  async findProvider(ex: Executor, id: number): Promise<ProviderRow | undefined> {
    const [row] = await ex.select().from(providers).where(eq(providers.id, id));
    return row;
  },

  async lockProvider(tx: Tx, id: number): Promise<ProviderRow | undefined> {
    const [row] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
    return row;
  },

  async insertProvider(
    tx: Tx,
    values: { name: string; apiUrl: string; apiKey: string; maxConcurrency: number | null },
  ): Promise<ProviderRow> {
    const [row] = await tx.insert(providers).values(values).returning();
    return row!;
  },

  async updateProvider(
    tx: Tx,
    id: number,
    values: Partial<
      Pick<ProviderRow, 'name' | 'apiUrl' | 'apiKey' | 'enabled' | 'sendingPaused' | 'maxConcurrency'>
    >,
  ): Promise<ProviderRow> {
    // What was learned of its API (multi-status) belongs to the URL and key it was learned at: a new
    // one is asked afresh (docs/ARCHITECTURE.md#upstream-providers).
    const moved = [
      values.apiUrl === undefined ? undefined : sql`${providers.apiUrl} IS DISTINCT FROM ${values.apiUrl}`,
      values.apiKey === undefined ? undefined : sql`${providers.apiKey} IS DISTINCT FROM ${values.apiKey}`,
    ].filter((c) => c !== undefined);
    const forget =
      moved.length === 0
        ? {}
        : {
            multiStatus: sql`CASE WHEN ${sql.join(moved, sql` OR `)} THEN NULL ELSE ${providers.multiStatus} END`,
          };
    const [row] = await tx
      .update(providers)
      .set({ ...values, ...forget })
      .where(eq(providers.id, id))
      .returning();
    return row!;
  },
};
