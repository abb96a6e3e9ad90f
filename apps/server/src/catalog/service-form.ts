/**
 * A service form's values before the catalog editor writes them: checked and normalised, the
 * failover's unit cost read from its provider, and the price judged against the costs it may be sold
 * below (the price guard).
 */

import {
  CATALOG_MESSAGES as M,
  lossesAtPrice,
  lossMessage,
  validateServiceInput,
  type LossAtPrice,
} from '@smm/domain';
import type { AdminService, serviceRequest } from '@smm/domain/contract';
import type { z } from 'zod';
import { appError } from '../errors/app-error';
import type { ServiceRow } from './catalog.repository';
import type { ProviderListing } from './failover-listing';

/** Reads a provider's listing of a service (catalog/failover-listing.ts). */
export type ListingReader = (providerId: number, serviceId: string) => Promise<ProviderListing>;

const invalid = (message: string) => appError('CATALOG_INVALID', message);

/** The audit entry's `after`, with the losses the operator confirmed on this save (cost and price). */
export const withLoss = (after: AdminService, losses: LossAtPrice[]) =>
  losses.length > 0 ? { ...after, confirmedLoss: losses } : after;

export type ServiceBody = z.output<typeof serviceRequest>;

/** The columns a service form sets, normalised (trimmed text, '' provider service id → null). */
function normalisedServiceValues(body: ServiceBody) {
  const providerServiceId = body.providerServiceId.trim();
  const failoverServiceId = body.failoverProviderServiceId.trim();
  return {
    categoryId: body.categoryId,
    text: body.text.trim(),
    unitPriceMilli: body.unitPriceMilli,
    min: body.min,
    max: body.max,
    notice: body.notice,
    refillDays: body.refillDays,
    cancellable: body.cancellable,
    serviceType: body.type,
    enableAuto: body.enableAuto,
    isReadOnly: body.isReadOnly,
    visible: body.visible,
    providerId: body.providerId,
    providerServiceId: providerServiceId === '' ? null : providerServiceId,
    failoverProviderId: body.failoverProviderId,
    failoverProviderServiceId: failoverServiceId === '' ? null : failoverServiceId,
    failoverLossConfirmed: body.failoverProviderId !== null && body.failoverLossConfirmed,
  };
}

export const EDITABLE_SERVICE_COLUMNS = [
  'categoryId',
  'text',
  'unitPriceMilli',
  'min',
  'max',
  'notice',
  'refillDays',
  'cancellable',
  'serviceType',
  'enableAuto',
  'isReadOnly',
  'visible',
  'providerId',
  'providerServiceId',
  'failoverProviderId',
  'failoverProviderServiceId',
  'failoverLossConfirmed',
] as const;

/** The service form's columns, checked by the rule the console's form runs (CATALOG_INVALID). */
export function serviceValues(body: ServiceBody) {
  const problem = validateServiceInput({
    text: body.text,
    unitPriceMilli: body.unitPriceMilli,
    min: body.min,
    max: body.max,
    notice: body.notice,
    refillDays: body.refillDays,
    providerId: body.providerId,
    providerServiceId: body.providerServiceId,
    type: body.type,
    enableAuto: body.enableAuto,
    failoverProviderId: body.failoverProviderId,
    failoverProviderServiceId: body.failoverProviderServiceId,
  });
  if (problem) throw invalid(problem);
  return normalisedServiceValues(body);
}

/**
 * A failover newly set (or changed) must be a service its provider lists: its list is read now, and
 * its rate, as a unit cost in milli-won, is what the worker compares with what each member paid
 * (docs/ARCHITECTURE.md#provider-health). A failover kept as it was keeps the cost read then.
 */
export async function failoverCost(
  listing: ListingReader | undefined,
  body: ServiceBody,
  stored: ServiceRow | undefined,
): Promise<{ failoverUnitCostMilli: number | null }> {
  const providerId = body.failoverProviderId;
  const serviceId = body.failoverProviderServiceId.trim();
  if (providerId === null || serviceId === '') return { failoverUnitCostMilli: null };
  if (stored && stored.failoverProviderId === providerId && stored.failoverProviderServiceId === serviceId) {
    return { failoverUnitCostMilli: stored.failoverUnitCostMilli };
  }
  if (!listing) return { failoverUnitCostMilli: null };
  const listed = await listing(providerId, serviceId);
  if (listed.kind === 'no-provider') throw invalid(M.FAILOVER_PROVIDER_NOT_FOUND);
  if (listed.kind === 'unreadable') throw invalid(M.FAILOVER_LIST_UNREADABLE);
  if (listed.kind === 'not-listed') throw invalid(M.FAILOVER_SERVICE_NOT_LISTED);
  return { failoverUnitCostMilli: listed.unitCostMilli };
}

/**
 * No sale below cost from the form (docs/ARCHITECTURE.md#catalog-sync): a new service, a changed
 * price, or a changed provider mapping is judged against its provider's listed rate (read now, the
 * sync's conversion; not judged when unreadable or without a rate: the sync's margin guard acts when
 * it can read), and a changed price or failover against the failover's unit cost. A loss refuses the
 * save (CATALOG_BELOW_COST, cost and price in Korean) unless this request confirms it (`lossConfirmed`,
 * or for the failover its own 손실 감수 checkbox); the confirmed losses are returned for the audit entry.
 */
export async function priceGuard(
  readListing: ListingReader | undefined,
  body: ServiceBody,
  values: Pick<
    ServiceRow,
    | 'unitPriceMilli'
    | 'providerId'
    | 'providerServiceId'
    | 'failoverProviderId'
    | 'failoverProviderServiceId'
    | 'failoverUnitCostMilli'
  >,
  stored: ServiceRow | undefined,
): Promise<LossAtPrice[]> {
  const priceChanged = !stored || stored.unitPriceMilli !== values.unitPriceMilli;
  const mappingChanged =
    !stored ||
    stored.providerId !== values.providerId ||
    stored.providerServiceId !== values.providerServiceId;
  const failoverChanged =
    !stored ||
    stored.failoverProviderId !== values.failoverProviderId ||
    stored.failoverProviderServiceId !== values.failoverProviderServiceId;
  let providerCostMilli: number | null = null;
  if (
    (priceChanged || mappingChanged) &&
    readListing &&
    values.providerId !== null &&
    values.providerServiceId !== null
  ) {
    const listing = await readListing(values.providerId, values.providerServiceId);
    if (listing.kind === 'listed') providerCostMilli = listing.unitCostMilli;
  }
  const losses = lossesAtPrice({
    priceMilli: values.unitPriceMilli,
    providerCostMilli,
    failoverCostMilli: priceChanged || failoverChanged ? values.failoverUnitCostMilli : null,
  });
  const unconfirmed = losses.filter(
    (loss) => !body.lossConfirmed && !(loss.kind === 'failover' && body.failoverLossConfirmed),
  );
  if (unconfirmed.length > 0) throw appError('CATALOG_BELOW_COST', lossMessage(unconfirmed));
  return losses;
}
