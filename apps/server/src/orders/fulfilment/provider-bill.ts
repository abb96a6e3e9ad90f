import { billExceedsPaid } from '@smm/domain';
import { desc, eq, and } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { catalogSyncRuns, exchangeRates, orders, providers } from '../../db/schema';

/**
 * The margin guard on a placed order (docs/ARCHITECTURE.md#catalog-sync): keeps the provider's bill
 * (the `charge` field of its status answer) and flags the order when that bill, in won, exceeds what
 * the member paid for it (its cost less what was refunded). The bill is in the provider's currency: the
 * operator's per-provider currency, else the one its last sync read from its balance, else KRW;
 * a foreign currency without an exchange rate set cannot be compared and is not flagged.
 */
export async function recordProviderBill(tx: Tx, orderId: number, bill: string): Promise<void> {
  const [order] = await tx
    .select({
      cost: orders.cost,
      refunded: orders.refunded,
      currency: providers.currency,
    })
    .from(orders)
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .where(eq(orders.id, orderId));
  if (!order) return;
  let currency = order.currency;
  if (!currency) {
    const [run] = await tx
      .select({ currency: catalogSyncRuns.currency })
      .from(catalogSyncRuns)
      .innerJoin(orders, eq(orders.providerId, catalogSyncRuns.providerId))
      .where(and(eq(orders.id, orderId), eq(catalogSyncRuns.status, 'ok')))
      .orderBy(desc(catalogSyncRuns.id))
      .limit(1);
    currency = run?.currency ?? 'KRW';
  }
  let rate: string | null = '1';
  if (currency !== 'KRW') {
    const [row] = await tx.select().from(exchangeRates).where(eq(exchangeRates.currency, currency));
    rate = row?.wonPerUnit ?? null;
  }
  const flagged = rate !== null && billExceedsPaid(bill, rate, order.cost - order.refunded);
  await tx
    .update(orders)
    .set({ providerCharge: bill.slice(0, 40), chargeExceedsPaid: flagged })
    .where(eq(orders.id, orderId));
}
