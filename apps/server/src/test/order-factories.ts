import type { ServiceType } from '@smm/domain';
import type { PlaceOrderResponse } from '@smm/domain/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { services } from '../db/schema';
import type { TestMember } from './factories';

export type CatalogService = typeof services.$inferSelect;

/**
 * The one catalog helper of the server tests: the first orderable demo service (visible, not
 * read-only, with a provider), optionally one that takes auto-orders, optionally re-priced first
 * (`unitPriceMilli`, e.g. 1_234 for 1.234 won a unit, so that rounding shows in hand-computed money),
 * optionally given a refill window (`refillDays`).
 * `skip` picks a later one (a second service for a second provider).
 */
export async function catalogService(
  app: FastifyInstance,
  options: {
    enableAuto?: boolean;
    unitPriceMilli?: number;
    skip?: number;
    refillDays?: number;
    /** The service's max quantity (its comments count, for Custom Comments). */
    max?: number;
    /** docs/product.md#service-types; default 'default', so `skip` counts Default services only. */
    type?: ServiceType;
  } = {},
): Promise<CatalogService> {
  const rows = await app.database.db
    .select()
    .from(services)
    .where(
      and(
        eq(services.visible, true),
        eq(services.isReadOnly, false),
        isNotNull(services.providerId),
        eq(services.serviceType, options.type ?? 'default'),
        options.enableAuto === undefined ? undefined : eq(services.enableAuto, options.enableAuto),
      ),
    )
    .orderBy(asc(services.id));
  const row = rows[options.skip ?? 0];
  if (!row) throw new Error('no such demo service');
  const changes = {
    ...(options.unitPriceMilli !== undefined ? { unitPriceMilli: options.unitPriceMilli } : {}),
    ...(options.refillDays !== undefined ? { refillDays: options.refillDays } : {}),
    ...(options.max !== undefined ? { max: options.max } : {}),
  };
  if (Object.keys(changes).length === 0) return row;
  await app.database.db.update(services).set(changes).where(eq(services.id, row.id));
  // The order path reads the catalog through its cache: drop it, as an operator's edit does.
  await app.services.catalog.changed();
  return { ...row, ...changes };
}

/**
 * A member's order placed through the order service (the rules, the debit through the ledger), not
 * over HTTP: for tests whose subject comes after placement. With `runs`/`interval` an auto-order.
 */
export function placeOrder(
  app: FastifyInstance,
  member: Pick<TestMember, 'accountId'>,
  order: {
    serviceId: number;
    link: string;
    amount?: number;
    comments?: string;
    runs?: number;
    interval?: number;
  },
  idempotencyKey?: string,
): Promise<PlaceOrderResponse> {
  return app.services.orders.placeOrder(member.accountId, { runs: 0, interval: 0, ...order }, idempotencyKey);
}

/**
 * A member's auto-order (`runs` orders of `amount`, one every `interval` minutes, all paid up front)
 * placed through the order service's auto-order path, not over HTTP. Its runs go out as the worker's
 * ticks reach them (the first on the next tick).
 */
export function placeAutoOrder(
  app: FastifyInstance,
  member: Pick<TestMember, 'accountId'>,
  order: { serviceId: number; link: string; amount: number; runs: number; interval: number },
  idempotencyKey?: string,
): Promise<PlaceOrderResponse> {
  return app.services.orders.placeOrder(member.accountId, order, idempotencyKey);
}
