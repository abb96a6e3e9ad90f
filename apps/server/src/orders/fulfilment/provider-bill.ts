import { billExceedsPaid } from '@smm/domain';
import { desc, eq, and } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { catalogSyncRuns, exchangeRates, orders, providers } from '../../db/schema';

/**
 * The margin guard on a placed order (docs/ARCHITECTURE.md#catalog-sync): keeps the provider's bill
 * (the `charge` field of its status answer) and flags the order when that bill, in won, exceeds what
 * the member paid for it (its cost less what was refunded; billFlag).
 */
export async function recordProviderBill(tx: Tx, orderId: number, bill: string): Promise<void> {
  const [order] = await tx
    .select({ cost: orders.cost, refunded: orders.refunded, providerId: orders.providerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const flagged = billFlag(bill, await wonPerBillUnit(tx, order.providerId), order);
  await tx
    .update(orders)
    .set({ providerCharge: billText(bill), chargeExceedsPaid: flagged })
    .where(eq(orders.id, orderId));
}

/** The bill as stored (`orders.provider_charge`). */
export const billText = (bill: string) => bill.slice(0, 40);

/**
 * Whether `bill` exceeds what the member paid for `order`, at `rate` won a unit of the provider's
 * currency (wonPerBillUnit); a rate not known cannot be compared and is not flagged.
 */
export function billFlag(
  bill: string,
  rate: string | null,
  order: { cost: number; refunded: number },
): boolean {
  return rate !== null && billExceedsPaid(bill, rate, order.cost - order.refunded);
}

/**
 * Won per unit of a provider's bills, once per provider and batch: the operator's per-provider
 * currency, else the one its last sync read from its balance, else KRW (1); a foreign currency without
 * an exchange rate set gives null.
 */
export async function wonPerBillUnit(ex: Executor, providerId: number | null): Promise<string | null> {
  if (providerId === null) return '1';
  const [provider] = await ex
    .select({ currency: providers.currency })
    .from(providers)
    .where(eq(providers.id, providerId));
  let currency = provider?.currency ?? null;
  if (!currency) {
    const [run] = await ex
      .select({ currency: catalogSyncRuns.currency })
      .from(catalogSyncRuns)
      .where(and(eq(catalogSyncRuns.providerId, providerId), eq(catalogSyncRuns.status, 'ok')))
      .orderBy(desc(catalogSyncRuns.id))
      .limit(1);
    currency = run?.currency ?? 'KRW';
  }
  if (currency === 'KRW') return '1';
  const [row] = await ex.select().from(exchangeRates).where(eq(exchangeRates.currency, currency));
  return row?.wonPerUnit ?? null;
}
